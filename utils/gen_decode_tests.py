#!/usr/bin/env python3
"""Writes test/CPU/decode-detections.mlir: fusion.decode_detections on seeded
random head outputs for each box coding, anchor layout, head layout (one
[B, N, K] or [B, K, N] tensor, or one nchw or nhwc conv output per level),
score activation, softmax spelling, clamp NaN rule and output packing, run
under mlir-runner and compared with values this script computes
independently. It uses plain Python floats rounded to f32 after every
operation, in the order the op documents (torchvision's BoxCoder.decode,
ultralytics' DFL + dist2bbox * stride), and finds each anchor's raw values in
the per-level conv outputs from the documented (level, h, w, a) order.

Dev-time only; the product never runs Python. Deterministic.
Usage: utils/gen_decode_tests.py > test/CPU/decode-detections.mlir
"""
import math
import random
import struct

random.seed(20261203)

NAN = float("nan")
# The lowest finite f32: where softmax_form(reciprocal) starts its max.
LOWEST = -3.4028234663852886e38


def f32(x):
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def add(a, b): return f32(a + b)
def sub(a, b): return f32(a - b)
def mul(a, b): return f32(a * b)
def div(a, b): return f32(a / b)


def exp(a):
    try:
        return f32(math.exp(a))
    except OverflowError:
        return math.inf


def maximumf(a, b):
    """arith.maximumf: NaN if either is NaN."""
    if math.isnan(a) or math.isnan(b):
        return NAN
    return max(a, b)


def softmax(xs, form="divide"):
    """softmax_form(divide): the max from -inf, exp(x - max) / sum.
    softmax_form(reciprocal): the max from the lowest finite f32,
    exp(x - max) * (1 / sum). Sums from 0 in index order."""
    m = -math.inf if form == "divide" else f32(LOWEST)
    for x in xs:
        m = maximumf(m, x)
    total = 0.0
    for x in xs:
        total = add(total, exp(sub(x, m)))
    if form == "divide":
        return [div(exp(sub(x, m)), total) for x in xs]
    r = div(1.0, total)
    return [mul(exp(sub(x, m)), r) for x in xs]


def exp_rounds_safely(t):
    """Whether exp(t) lies clearly away from a midpoint between two f32, so
    that any expf within 0.51 ulp (glibc's is within 0.502) rounds it to
    f32(exp(t)): the bit-exact checks use only such inputs."""
    d = math.exp(t)
    f = f32(d)
    bits = struct.unpack("I", struct.pack("f", f))[0]
    if f <= d:
        lo, hi = f, struct.unpack("f", struct.pack("I", bits + 1))[0]
    else:
        lo, hi = struct.unpack("f", struct.pack("I", bits - 1))[0], f
    return abs((d - lo) / (hi - lo) - 0.5) > 0.01


def softmax_rounds_safely(xs, form):
    m = -math.inf if form == "divide" else f32(LOWEST)
    for x in xs:
        m = maximumf(m, x)
    return all(exp_rounds_safely(sub(x, m)) for x in xs)


def sigmoid(x):
    return div(1.0, add(1.0, exp(-x)))


def rand(n, lo, hi):
    return [f32(random.uniform(lo, hi)) for _ in range(n)]


def lit(values):
    return "[" + ", ".join("0x7FC00000" if math.isnan(v) else repr(v) for v in values) + "]"


def dense(values, shape):
    """A dense literal of a flat list in row-major `shape`."""
    def nest(vals, dims):
        if len(dims) == 1:
            return lit(vals)
        step = len(vals) // dims[0]
        return "[" + ", ".join(nest(vals[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"
    return "dense<" + nest(values, shape) + ">"


def ttype(shape):
    return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"


def size(shape):
    return math.prod(shape)


class Head:
    """A head output as the op reads it: one tensor [B, N, K] (bnk) or
    [B, K, N] (bkn), or one conv output per level, [B, A*K, H, W] (nchw) or
    [B, H, W, A*K] (nhwc), `levels` giving (H, W, A) of each. A level holds
    H*W*A anchors in (h, w, a) order, value k of anchor a in channel a*K + k;
    levels follow one another."""

    def __init__(self, name, layout, B, N, K, levels):
        self.name, self.layout, self.B, self.N, self.K = name, layout, B, N, K
        self.levels = levels
        if layout == "bnk":
            self.shapes = [[B, N, K]]
        elif layout == "bkn":
            self.shapes = [[B, K, N]]
        elif layout == "nchw":
            self.shapes = [[B, A * K, H, W] for H, W, A in levels]
        else:
            self.shapes = [[B, H, W, A * K] for H, W, A in levels]
        self.values = [[0.0] * size(s) for s in self.shapes]
        self.names = [name] if len(self.shapes) == 1 and layout in ("bnk", "bkn") \
            else [f"{name}{l}" for l in range(len(self.shapes))]

    def at(self, b, n, k):
        """(operand, offset in its row-major storage) of value k of anchor n."""
        B, N, K = self.B, self.N, self.K
        if self.layout == "bnk":
            return 0, (b * N + n) * K + k
        if self.layout == "bkn":
            return 0, (b * K + k) * N + n
        first = 0
        for l, (H, W, A) in enumerate(self.levels):
            if n < first + H * W * A:
                local = n - first
                a, cell = local % A, local // A
                h, w = cell // W, cell % W
                channel = a * K + k
                if self.layout == "nchw":
                    return l, ((b * A * K + channel) * H + h) * W + w
                return l, ((b * H + h) * W + w) * A * K + channel
            first += H * W * A
        raise IndexError(n)

    def get(self, b, n, k):
        o, i = self.at(b, n, k)
        return self.values[o][i]

    def set(self, b, n, k, v):
        o, i = self.at(b, n, k)
        self.values[o][i] = v

    def fill(self, flat):
        """Storage values in operand order, each operand row-major."""
        assert len(flat) == sum(size(s) for s in self.shapes)
        at = 0
        for o, s in enumerate(self.shapes):
            self.values[o] = flat[at:at + size(s)]
            at += size(s)

    def operands(self):
        return list(zip(self.names, self.values, self.shapes))

    def syntax(self):
        return (f"{self.name}({self.layout} " + ", ".join(f"%{n}" for n in self.names) + " : " +
                ", ".join(ttype(s) for s in self.shapes) + ")")


def decode_center_size(d, a, weights, scaling, clamp, clamp_nan, anchor_format, out_format):
    if anchor_format == "xyxy":
        aw, ah = sub(a[2], a[0]), sub(a[3], a[1])
        acx, acy = add(a[0], mul(0.5, aw)), add(a[1], mul(0.5, ah))
    else:
        acx, acy, aw, ah = a
    s = [div(d[i], weights[i]) if scaling == "divide" else mul(d[i], weights[i]) for i in range(4)]
    if clamp is not None:
        c = f32(clamp)
        for i in (2, 3):
            if clamp_nan == "propagate":
                # minimumf: NaN stays NaN.
                s[i] = s[i] if math.isnan(s[i]) else min(s[i], c)
            else:
                # dw > c, unordered: NaN becomes the bound.
                s[i] = c if (math.isnan(s[i]) or s[i] > c) else s[i]
    cx, cy = add(mul(s[0], aw), acx), add(mul(s[1], ah), acy)
    pw, ph = mul(exp(s[2]), aw), mul(exp(s[3]), ah)
    if out_format == "cxcywh":
        return [cx, cy, pw, ph]
    hw, hh = mul(0.5, pw), mul(0.5, ph)
    return [sub(cx, hw), sub(cy, hh), add(cx, hw), add(cy, hh)]


def decode_ltrb(d, px, py, s, out_format):
    x1, y1, x2, y2 = sub(px, d[0]), sub(py, d[1]), add(px, d[2]), add(py, d[3])
    if out_format == "xyxy":
        return [mul(x1, s), mul(y1, s), mul(x2, s), mul(y2, s)]
    return [mul(div(add(x1, x2), 2.0), s), mul(div(add(y1, y2), 2.0), s),
            mul(sub(x2, x1), s), mul(sub(y2, y1), s)]


def decode_corners(d, out_format):
    if out_format == "xyxy":
        return list(d)
    return [div(add(d[0], d[2]), 2.0), div(add(d[1], d[3]), 2.0), sub(d[2], d[0]), sub(d[3], d[1])]


def dfl(logits, form):
    p = softmax(logits, form)
    e = 0.0
    for j, pj in enumerate(p):
        e = add(e, mul(pj, float(j)))
    return e


def scores_of(logits, activation, drop, form):
    if activation == "softmax":
        out = softmax(logits, form)
    elif activation == "sigmoid":
        out = [sigmoid(x) for x in logits]
    else:
        out = list(logits)
    return out[1:] if drop else out


class Case:
    """`levels`: (H, W, A) per level for nchw/nhwc heads (N follows);
    `level_strides`: the stride of each level for anchor points (cell centers
    (w + 0.5, h + 0.5), as ultralytics' make_anchors); `nan_at`: (b, n) of an
    anchor whose raw dw is NaN; `wrong`: a deliberately wrong expectation
    ("no_clamp" or "nan_propagated") that must be reported as mismatching;
    `gpu_mapping`: also run with the GPU path's loop mapping; `exact`: the
    part ("boxes" or "scores") that must also match bit for bit, and must
    differ from the same values spelled with softmax_form(divide): every
    softmax input of the case is redrawn until its exps round safely."""

    def __init__(self, name, comment, B, N, C, coding, out_format, anchor_layout,
                 box_layout="bnk", score_layout="bnk", weights=(1.0, 1.0, 1.0, 1.0),
                 scaling="divide", clamp=None, bins=0, activation="none", drop=False,
                 anchor_format="xyxy", strides_shape=None, wrong=None, levels=None,
                 level_strides=None, clamp_nan="propagate", softmax_form="divide",
                 packing="split", nan_at=None, gpu_mapping=False, exact=None):
        self.__dict__.update(locals())
        del self.__dict__["self"]
        if levels is not None:
            assert N is None or N == sum(H * W * A for H, W, A in levels)
            self.N = sum(H * W * A for H, W, A in levels)


def emit(case):
    B, N, C, bins = case.B, case.N, case.C, case.bins
    K = 4 * bins if bins else 4
    boxes = Head("boxes", case.box_layout, B, N, K, case.levels)
    total = sum(size(s) for s in boxes.shapes)
    if case.coding == "center_size":
        boxes.fill(rand(total, -1.0, 1.0))
    elif case.coding == "ltrb_distance":
        boxes.fill(rand(total, -2.0, 2.0) if bins else rand(total, 0.0, 3.0))
    else:
        for b in range(B):
            for n in range(N):
                x1, y1 = f32(random.uniform(0, 50)), f32(random.uniform(0, 50))
                for k, v in enumerate([x1, y1, f32(x1 + random.uniform(1, 30)), f32(y1 + random.uniform(1, 30))]):
                    boxes.set(b, n, k, v)
    if case.coding == "center_size":
        # Push one dw past the clamp so that the clamp is exercised.
        boxes.set(0, 0, 2, f32(25.0))
    if case.nan_at is not None:
        # A NaN dw: clamp_nan says what the clamp makes of it.
        boxes.set(case.nan_at[0], case.nan_at[1], 2, NAN)
    scores = Head("scores", case.score_layout, B, N, C, case.levels)
    scores.fill(rand(B * N * C, -4.0, 4.0))
    if case.exact:
        # Redraw each softmax's inputs until every exp rounds safely.
        for b in range(B):
            for n in range(N):
                if case.activation == "softmax":
                    while not softmax_rounds_safely([scores.get(b, n, c) for c in range(C)], case.softmax_form):
                        for c, v in enumerate(rand(C, -4.0, 4.0)):
                            scores.set(b, n, c, v)
                for i in range(4 if bins else 0):
                    while not softmax_rounds_safely([boxes.get(b, n, i * bins + j) for j in range(bins)],
                                                    case.softmax_form):
                        for j, v in enumerate(rand(bins, -2.0, 2.0)):
                            boxes.set(b, n, i * bins + j, v)

    operands = boxes.operands() + scores.operands()
    anchor_shape = None
    if case.anchor_layout in ("n4", "one_n4", "bn4"):
        per = B if case.anchor_layout == "bn4" else 1
        anchors = []
        for _ in range(per * N):
            if case.anchor_format == "xyxy":
                x1, y1 = f32(random.uniform(0, 300)), f32(random.uniform(0, 300))
                anchors += [x1, y1, f32(x1 + random.uniform(4, 60)), f32(y1 + random.uniform(4, 60))]
            else:
                anchors += [f32(random.uniform(0, 300)), f32(random.uniform(0, 300)),
                            f32(random.uniform(4, 60)), f32(random.uniform(4, 60))]
        anchor_shape = {"n4": [N, 4], "one_n4": [1, N, 4], "bn4": [B, N, 4]}[case.anchor_layout]
        operands.append(("anchors", anchors, anchor_shape))
        anchor_of = lambda b, n: anchors[((b if case.anchor_layout == "bn4" else 0) * N + n) * 4:][:4]
    elif case.anchor_layout in ("points_n2", "points_2n"):
        if case.level_strides:
            # Cell centers and the level's stride per anchor, level by level.
            xs, ys, strides = [], [], []
            for (H, W, A), s in zip(case.levels, case.level_strides):
                for h in range(H):
                    for w in range(W):
                        for _ in range(A):
                            xs.append(f32(w + 0.5))
                            ys.append(f32(h + 0.5))
                            strides.append(f32(s))
            points = [v for xy in zip(xs, ys) for v in xy] if case.anchor_layout == "points_n2" else xs + ys
        else:
            points = [f32(random.randint(0, 7) + 0.5) for _ in range(2 * N)]
            strides = None
        anchor_shape = [N, 2] if case.anchor_layout == "points_n2" else [2, N]
        operands.append(("anchors", points, anchor_shape))
        if strides is None:
            strides = [f32(random.choice([8.0, 16.0, 32.0])) for _ in range(N)]
        operands.append(("strides", strides, case.strides_shape))
        point_of = (lambda n: (points[2 * n], points[2 * n + 1])) if case.anchor_layout == "points_n2" \
            else (lambda n: (points[n], points[N + n]))

    def compute(clamp, clamp_nan, form=case.softmax_form):
        out_boxes, out_scores = [], []
        for b in range(B):
            for n in range(N):
                if bins:
                    d = [dfl([boxes.get(b, n, i * bins + j) for j in range(bins)], form) for i in range(4)]
                else:
                    d = [boxes.get(b, n, k) for k in range(4)]
                if case.coding == "center_size":
                    out_boxes += decode_center_size(d, anchor_of(b, n), case.weights, case.scaling, clamp,
                                                    clamp_nan, case.anchor_format, case.out_format)
                elif case.coding == "ltrb_distance":
                    px, py = point_of(n)
                    out_boxes += decode_ltrb(d, px, py, strides[n], case.out_format)
                else:
                    out_boxes += decode_corners(d, case.out_format)
                out_scores += scores_of([scores.get(b, n, c) for c in range(C)], case.activation, case.drop, form)
        return out_boxes, out_scores

    expected_boxes, expected_scores = compute(case.clamp, case.clamp_nan)
    kept = C - 1 if case.drop else C
    out_box_t, out_score_t = ttype([B, N, 4]), ttype([B, N, kept])

    args = ", ".join(f"%{name}: {ttype(shape)}" for name, _, shape in operands)
    parts = [boxes.syntax(), scores.syntax()]
    if anchor_shape:
        parts.append(f"anchors(%anchors : {ttype(anchor_shape)})")
    if case.coding == "ltrb_distance":
        parts.append(f"strides(%strides : {ttype(case.strides_shape)})")
    coding = f"coding({case.coding})"
    if case.weights != (1.0, 1.0, 1.0, 1.0):
        coding += " weights([" + ", ".join(repr(w) for w in case.weights) + "])"
    if case.scaling != "divide":
        coding += f" scaling({case.scaling})"
    if case.clamp is not None:
        coding += f" wh_clamp({case.clamp!r})"
    if case.clamp_nan != "propagate":
        coding += f" clamp_nan({case.clamp_nan})"
    if bins:
        coding += f" dfl_bins({bins})"
    coding += f" anchor_layout({case.anchor_layout})"
    if case.anchor_format != "xyxy":
        coding += f" anchor_format({case.anchor_format})"
    coding += f" score({case.activation})"
    if case.softmax_form != "divide":
        coding += f" softmax_form({case.softmax_form})"
    parts.append(coding)
    if case.drop:
        parts.append("drop_background")
    attr_text = "" if case.packing == "split" else f" packed({case.packing})"
    name = case.name
    call_args = ", ".join(f"%{o}" for o, _, _ in operands)
    call_types = ", ".join(ttype(s) for _, _, s in operands)
    consts = [f"  %{oname} = arith.constant {dense(values, shape)} : {ttype(shape)}"
              for oname, values, shape in operands]
    divide_spelled = None
    if case.exact:
        assert case.softmax_form == "reciprocal"
        divide_spelled = compute(case.clamp, case.clamp_nan, "divide")
        part = 0 if case.exact == "boxes" else 1
        assert divide_spelled[part] != (expected_boxes, expected_scores)[part], \
            "the two spellings agree on every value: redraw"
    if case.packing != "split":
        return emit_packed(case, args, parts, attr_text, consts, call_args, call_types,
                           expected_boxes, expected_scores, kept, divide_spelled)
    lines = [f"// {case.comment}",
             f"func.func @{name}({args}) -> ({out_box_t}, {out_score_t}) {{",
             f"  %r:2 = fusion.decode_detections {' '.join(parts)} to {case.out_format}{attr_text} -> {out_box_t}, {out_score_t}",
             f"  return %r#0, %r#1 : {out_box_t}, {out_score_t}",
             "}",
             "",
             f"func.func @main_{name}() {{"]
    lines += consts
    lines.append(f"  %r:2 = call @{name}({call_args}) : ({call_types}) -> ({out_box_t}, {out_score_t})")
    lines.append(f"  %eb = arith.constant {dense(expected_boxes, [B, N, 4])} : {out_box_t}")
    lines.append(f"  %es = arith.constant {dense(expected_scores, [B, N, kept])} : {out_score_t}")
    lines.append(f"  call @report_{name}(%r#0, %eb, %r#1, %es) : ({out_box_t}, {out_box_t}, {out_score_t}, {out_score_t}) -> ()")
    if case.wrong:
        # The same output against values computed without the clamp, or with
        # a NaN delta propagated instead of bounded: must disagree, or the
        # clamp (its NaN rule) is not what makes the difference.
        if case.wrong == "no_clamp":
            wrong_boxes, _ = compute(None, case.clamp_nan)
        else:
            assert case.wrong == "nan_propagated" and case.clamp_nan == "bound"
            wrong_boxes, _ = compute(case.clamp, "propagate")
        lines.append(f"  %wb = arith.constant {dense(wrong_boxes, [B, N, 4])} : {out_box_t}")
        lines.append(f"  call @report_{name}(%r#0, %wb, %r#1, %es) : ({out_box_t}, {out_box_t}, {out_score_t}, {out_score_t}) -> ()")
    if case.exact:
        # Bit for bit against the reciprocal spelling, then against the
        # divide spelling, which must differ somewhere.
        r, t, shape, values, other = ("%r#0", out_box_t, [B, N, 4], expected_boxes, divide_spelled[0]) \
            if case.exact == "boxes" else ("%r#1", out_score_t, [B, N, kept], expected_scores, divide_spelled[1])
        lines.append(f"  %xe = arith.constant {dense(values, shape)} : {t}")
        lines.append(f"  %xd = arith.constant {dense(other, shape)} : {t}")
        lines.append(f"  call @exact_{name}({r}, %xe) : ({t}, {t}) -> ()")
        lines.append(f"  call @exact_{name}({r}, %xd) : ({t}, {t}) -> ()")
    lines.append("  return")
    lines.append("}")
    lines.append("")
    lines.append(f"func.func @report_{name}(%b: {out_box_t}, %eb: {out_box_t}, %s: {out_score_t}, %es: {out_score_t}) {{")
    lines += flatten_and_report(B * N * 4, B * N * kept, out_box_t, out_score_t)
    lines.append("  return")
    lines.append("}")
    if case.exact:
        t, count = (out_box_t, B * N * 4) if case.exact == "boxes" else (out_score_t, B * N * kept)
        lines.append("")
        lines.append(f"func.func @exact_{name}(%x: {t}, %ex: {t}) {{")
        lines += exact_report(count, t)
        lines.append("  return")
        lines.append("}")
    return "\n".join(lines) + "\n"


def exact_report(count, t):
    """Lines that flatten %x and %ex (t) and print their bitwise mismatches."""
    return [
        f"  %fx = tensor.collapse_shape %x [[0, 1, 2]] : {t} into tensor<{count}xf32>",
        f"  %fex = tensor.collapse_shape %ex [[0, 1, 2]] : {t} into tensor<{count}xf32>",
        f"  %dx = tensor.cast %fx : tensor<{count}xf32> to tensor<?xf32>",
        f"  %dex = tensor.cast %fex : tensor<{count}xf32> to tensor<?xf32>",
        "  call @report_exact(%dx, %dex) : (tensor<?xf32>, tensor<?xf32>) -> ()",
    ]


def flatten_and_report(nb, ns, box_t, score_t):
    """Lines that flatten %b, %eb (box_t) and %s, %es (score_t) and report."""
    def collapse(t):
        return "[[0, 1, 2]]"
    return [
        f"  %fb = tensor.collapse_shape %b {collapse(box_t)} : {box_t} into tensor<{nb}xf32>",
        f"  %feb = tensor.collapse_shape %eb {collapse(box_t)} : {box_t} into tensor<{nb}xf32>",
        f"  %fs = tensor.collapse_shape %s {collapse(score_t)} : {score_t} into tensor<{ns}xf32>",
        f"  %fes = tensor.collapse_shape %es {collapse(score_t)} : {score_t} into tensor<{ns}xf32>",
        f"  %db = tensor.cast %fb : tensor<{nb}xf32> to tensor<?xf32>",
        f"  %deb = tensor.cast %feb : tensor<{nb}xf32> to tensor<?xf32>",
        f"  %ds = tensor.cast %fs : tensor<{ns}xf32> to tensor<?xf32>",
        f"  %des = tensor.cast %fes : tensor<{ns}xf32> to tensor<?xf32>",
        "  call @report(%db, %deb, %ds, %des) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> ()",
    ]


def emit_packed(case, args, parts, attr_text, consts, call_args, call_types,
                expected_boxes, expected_scores, kept, divide_spelled):
    """One packed result, [B, N, 4 + C'] (bnk) or [B, 4 + C', N] (bkn),
    compared whole with an expected packed tensor: its box part and its score
    part are sliced out of both and reported as BOXES and SCORES."""
    B, N, name = case.B, case.N, case.name
    P = 4 + kept

    def pack(boxes, scores):
        per_anchor = [boxes[4 * i:4 * i + 4] + scores[kept * i:kept * i + kept] for i in range(B * N)]
        if case.packing == "bnk":
            return [v for row in per_anchor for v in row]
        return [per_anchor[b * N + n][j] for b in range(B) for j in range(P) for n in range(N)]
    expected = pack(expected_boxes, expected_scores)
    if case.packing == "bnk":
        shape = [B, N, P]
        box_shape, score_shape = [B, N, 4], [B, N, kept]
        box_off, score_off = "[0, 0, 0]", "[0, 0, 4]"
    else:
        shape = [B, P, N]
        box_shape, score_shape = [B, 4, N], [B, kept, N]
        box_off, score_off = "[0, 0, 0]", "[0, 4, 0]"
    packed_t, box_t, score_t = ttype(shape), ttype(box_shape), ttype(score_shape)
    sizes = lambda s: "[" + ", ".join(str(d) for d in s) + "]"
    lines = [f"// {case.comment}",
             f"func.func @{name}({args}) -> {packed_t} {{",
             f"  %r = fusion.decode_detections {' '.join(parts)} to {case.out_format}{attr_text} -> {packed_t}",
             f"  return %r : {packed_t}",
             "}",
             "",
             f"func.func @main_{name}() {{"]
    lines += consts
    lines.append(f"  %r = call @{name}({call_args}) : ({call_types}) -> {packed_t}")
    lines.append(f"  %e = arith.constant {dense(expected, shape)} : {packed_t}")
    lines.append(f"  call @report_{name}(%r, %e) : ({packed_t}, {packed_t}) -> ()")
    if case.exact:
        # Bit for bit against the reciprocal spelling, then against the
        # divide spelling, which must differ somewhere.
        lines.append(f"  %d = arith.constant {dense(pack(*divide_spelled), shape)} : {packed_t}")
        lines.append(f"  call @exact_{name}(%r, %e) : ({packed_t}, {packed_t}) -> ()")
        lines.append(f"  call @exact_{name}(%r, %d) : ({packed_t}, {packed_t}) -> ()")
    lines.append("  return")
    lines.append("}")
    lines.append("")
    lines.append(f"func.func @report_{name}(%p: {packed_t}, %e: {packed_t}) {{")
    for var, src, off, s, t in (("b", "p", box_off, box_shape, box_t), ("eb", "e", box_off, box_shape, box_t),
                                ("s", "p", score_off, score_shape, score_t), ("es", "e", score_off, score_shape, score_t)):
        lines.append(f"  %{var} = tensor.extract_slice %{src}{off} {sizes(s)} [1, 1, 1] : {packed_t} to {t}")
    lines += flatten_and_report(B * N * 4, B * N * kept, box_t, score_t)
    lines.append("  return")
    lines.append("}")
    if case.exact:
        off, s, t = (box_off, box_shape, box_t) if case.exact == "boxes" else (score_off, score_shape, score_t)
        lines.append("")
        lines.append(f"func.func @exact_{name}(%p: {packed_t}, %e: {packed_t}) {{")
        lines.append(f"  %x = tensor.extract_slice %p{off} {sizes(s)} [1, 1, 1] : {packed_t} to {t}")
        lines.append(f"  %ex = tensor.extract_slice %e{off} {sizes(s)} [1, 1, 1] : {packed_t} to {t}")
        lines += exact_report(size(s), t)
        lines.append("  return")
        lines.append("}")
    return "\n".join(lines) + "\n"


CASES = [
    Case("ssd", "torchvision SSDLite: BoxCoder(10, 10, 5, 5) with its exp clamp, anchors [N, 4] xyxy, "
         "softmax over classes with the background dropped; one dw is past the clamp.",
         B=1, N=5, C=4, coding="center_size", out_format="xyxy", anchor_layout="n4",
         weights=(10.0, 10.0, 5.0, 5.0), clamp=math.log(1000.0 / 16), activation="softmax", drop=True,
         wrong="no_clamp", gpu_mapping=True),
    Case("retinanet", "RetinaNet-style: BoxCoder(1, 1, 1, 1), anchors [B, N, 4], sigmoid per class, two images.",
         B=2, N=3, C=3, coding="center_size", out_format="xyxy", anchor_layout="bn4",
         clamp=math.log(1000.0 / 16), activation="sigmoid"),
    Case("ssd_variances", "Variances (0.1, 0.1, 0.2, 0.2) that multiply, anchors [1, N, 4] "
         "center-size, output center-size, scores channel-major and copied.",
         B=1, N=4, C=2, coding="center_size", out_format="cxcywh", anchor_layout="one_n4",
         score_layout="bkn", weights=(0.1, 0.1, 0.2, 0.2), scaling="multiply", anchor_format="cxcywh"),
    Case("yolov8", "ultralytics YOLOv8 Detect: DFL with 4 bins, dist2bbox to cxcywh times the stride, "
         "anchor points [2, N], strides [1, N], boxes and scores channel-major [B, K, N], sigmoid.",
         B=1, N=6, C=3, coding="ltrb_distance", out_format="cxcywh", anchor_layout="points_2n",
         box_layout="bkn", score_layout="bkn", bins=4, activation="sigmoid", strides_shape=[1, 6],
         gpu_mapping=True),
    Case("ltrb_plain", "Distances without DFL to corners, anchor points [N, 2], strides [N], two images.",
         B=2, N=3, C=2, coding="ltrb_distance", out_format="xyxy", anchor_layout="points_n2",
         strides_shape=[3]),
    Case("corners", "Already-decoded corners to center-size, softmax without a background class.",
         B=1, N=3, C=3, coding="corners", out_format="cxcywh", anchor_layout="none", activation="softmax"),
    Case("ssd_levels", "torchvision SSDLite on its head convs' own outputs: boxes and scores as 3 nchw "
         "levels (2x2 cells with 3 anchors each, 1x2 with 2, 1x1 with 1), BoxCoder(10, 10, 5, 5) with its "
         "exp clamp and clamp_nan(bound), anchors [N, 4] xyxy, softmax over 4 classes with the background "
         "dropped, split outputs; one dw is past the clamp and the dw of anchor 15 (level 1, cell (0, 1), "
         "anchor 1) is NaN, which the bound replaces.",
         B=1, N=None, C=4, coding="center_size", out_format="xyxy", anchor_layout="n4",
         box_layout="nchw", score_layout="nchw", levels=[(2, 2, 3), (1, 2, 2), (1, 1, 1)],
         weights=(10.0, 10.0, 5.0, 5.0), clamp=math.log(1000.0 / 16), clamp_nan="bound",
         activation="softmax", drop=True, nan_at=(0, 15), wrong="nan_propagated", gpu_mapping=True),
    Case("nhwc_packed", "Variances (0.1, 0.1, 0.2, 0.2) that multiply, anchors [1, N, 4] center-size, "
         "boxes and scores as 2 nhwc levels (2x3 cells with 2 anchors each, 1x2 with 3), sigmoid, "
         "one packed(bnk) result [B, N, 4 + C], two images.",
         B=2, N=None, C=3, coding="center_size", out_format="xyxy", anchor_layout="one_n4",
         anchor_format="cxcywh", weights=(0.1, 0.1, 0.2, 0.2), scaling="multiply",
         box_layout="nhwc", score_layout="nhwc", levels=[(2, 3, 2), (1, 2, 3)],
         activation="sigmoid", packing="bnk"),
    Case("yolo_levels", "ultralytics YOLOv8 Detect on its convs' own outputs: 3 nchw levels with one "
         "anchor per cell (4x4, 2x2, 1x1; box levels [B, 16, H, W], score levels [B, C, H, W]), DFL with "
         "4 bins, anchor points [2, N] at the cell centers, strides [1, N] (8, 16, 32 by level), sigmoid, "
         "cxcywh, one packed(bkn) result [B, 4 + C, N] as YOLOv8 outputs it, two images.",
         B=2, N=None, C=3, coding="ltrb_distance", out_format="cxcywh", anchor_layout="points_2n",
         box_layout="nchw", score_layout="nchw", levels=[(4, 4, 1), (2, 2, 1), (1, 1, 1)],
         level_strides=(8.0, 16.0, 32.0), bins=4, activation="sigmoid", strides_shape=[1, 21],
         packing="bkn", gpu_mapping=True),
    Case("yolo_reciprocal", "yolo_levels with softmax_form(reciprocal): the DFL softmax takes its max "
         "from the lowest finite f32 and multiplies by 1 / sum (TOSA's spelling); one image; its boxes "
         "are also compared bit for bit.",
         B=1, N=None, C=3, coding="ltrb_distance", out_format="cxcywh", anchor_layout="points_2n",
         box_layout="nchw", score_layout="nchw", levels=[(4, 4, 1), (2, 2, 1), (1, 1, 1)],
         level_strides=(8.0, 16.0, 32.0), bins=4, activation="sigmoid", strides_shape=[1, 21],
         packing="bkn", softmax_form="reciprocal", exact="boxes"),
    Case("softmax_reciprocal", "Corners to center-size with a class softmax in softmax_form(reciprocal), "
         "the background dropped, scores channel-major [B, C, N], two images; its scores are also "
         "compared bit for bit.",
         B=2, N=4, C=5, coding="corners", out_format="cxcywh", anchor_layout="none",
         score_layout="bkn", activation="softmax", softmax_form="reciprocal", drop=True, exact="scores"),
    Case("mixed", "Boxes as 2 nchw levels (2x2 cells with 2 anchors each, 1x1 with 4), scores as one "
         "[B, N, C] tensor, BoxCoder(1, 1, 1, 1) with the exp clamp, anchors [B, N, 4], sigmoid, two images.",
         B=2, N=None, C=3, coding="center_size", out_format="xyxy", anchor_layout="bn4",
         box_layout="nchw", score_layout="bnk", levels=[(2, 2, 2), (1, 1, 4)],
         clamp=math.log(1000.0 / 16), activation="sigmoid"),
    Case("yolo_lanes", "yolo_levels with 8 anchors per iteration on the host (decode-lanes): 2 nchw "
         "levels of 4x6 and 2x4 cells, so that the 8 anchors of one iteration span rows of a level and "
         "each level holds whole iterations; anchor points [N, 2] (read lane by lane), strides [1, N], "
         "DFL with 4 bins, sigmoid, cxcywh, packed(bkn), two images.",
         B=2, N=None, C=3, coding="ltrb_distance", out_format="cxcywh", anchor_layout="points_n2",
         box_layout="nchw", score_layout="nchw", levels=[(4, 6, 1), (2, 4, 1)],
         level_strides=(8.0, 16.0), bins=4, activation="sigmoid", strides_shape=[1, 32],
         packing="bkn", gpu_mapping=True),
    Case("ssd_lanes", "ssd with 16 anchors, two images: 8 anchors per iteration on the host, every "
         "head value, anchor and output gathered or scattered lane by lane; one dw is past the clamp.",
         B=2, N=16, C=4, coding="center_size", out_format="xyxy", anchor_layout="n4",
         weights=(10.0, 10.0, 5.0, 5.0), clamp=math.log(1000.0 / 16), activation="softmax", drop=True,
         gpu_mapping=True),
]

HEADER = """\
// fusion.decode_detections on the CPU, one case per box coding, anchor
// layout, head layout (one [B, N, K] or [B, K, N] tensor, or the head convs'
// outputs as nchw or nhwc levels with different anchors per cell, or box
// levels with one score tensor), score activation, softmax spelling
// (softmax_form), clamp NaN rule (clamp_nan) and output packing (split,
// packed(bnk), packed(bkn)). Each @main_<case> runs the op and compares every
// decoded box and score with values computed independently, outside MLIR.
// The comparison allows 1e-5 + 1e-5 * |expected| (a NaN never matches).
// Each case prints the mismatches of its boxes and of its scores; a packed
// case compares its one result whole with an expected packed tensor, BOXES
// counting the box part and SCORES the score part. On the host an iteration
// decodes up to 8 anchors as vector lanes (fusion-to-cpu's decode-lanes: the
// largest divisor of 8, the anchor count and each level's first anchor; 1
// in ssd, retinanet, ltrb_plain, corners, ssd_levels, yolo_levels and
// yolo_reciprocal, 2 in yolov8 and nhwc_packed, 4 in ssd_variances,
// softmax_reciprocal and mixed, 8 in yolo_lanes and ssd_lanes). The cases
// marked gpu_mapping also run with the GPU path's loop mapping
// (test-gpu-loop-mapping), one anchor per iteration: ssd, yolov8,
// ssd_levels, yolo_levels, yolo_lanes and ssd_lanes.
// Generated by utils/gen_decode_tests.py; regenerate rather than edit.
//
"""


def main():
    out = [HEADER]
    for case in CASES:
        checks = ["BOXES 0", "SCORES 0"]
        if case.wrong:
            checks += ["BOXES {{[1-9][0-9]*}}", "SCORES 0"]
        if case.exact:
            checks += ["EXACT 0", "EXACT {{[1-9][0-9]*}}"]
        prefix = case.name.upper()
        out.append(f"// RUN: fusion-opt %s --fusion-to-cpu | mlir-runner -O3 -e main_{case.name} "
                   f"-entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix={prefix}\n")
        if case.gpu_mapping:
            # The GPU path's loop mapping, run on the host.
            out.append(f"// RUN: fusion-opt %s --fusion-to-cpu=test-gpu-loop-mapping | mlir-runner -O3 -e main_{case.name} "
                       f"-entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix={prefix}\n")
        for i, c in enumerate(checks):
            out.append(f"// {prefix}{'' if i == 0 else '-NEXT'}: {c}\n")
    out.append("""//
// The ssd and ssd_levels cases also compare their boxes with values that
// must disagree (the second BOXES line): ssd's computed without the clamp,
// ssd_levels' with its NaN dw propagated (clamp_nan(propagate)) instead of
// bounded. The two softmax_form(reciprocal) cases, whose spelling the
// tolerance cannot see (it moves a value by an ulp or so), also compare the
// part their softmax makes (yolo_reciprocal's boxes, softmax_reciprocal's
// scores) bit for bit (EXACT lines): with the reciprocal spelling they must
// agree exactly, with the divide spelling they must not. Their softmax
// inputs are drawn so that every exp lies clearly away from an f32 rounding
// midpoint (any expf within 0.51 ulp, glibc's included, rounds it as this
// script does); every other operation is IEEE-rounded.

func.func private @printI64(i64)
func.func private @printString(!llvm.ptr)
func.func private @printNewline()
llvm.mlir.global internal constant @boxes_label("BOXES \\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @scores_label("SCORES \\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @exact_label("EXACT \\00") {addr_space = 0 : i32}

// Elements outside |a - b| <= 1e-5 + 1e-5 * |b| (NaN included), counted.
func.func @mismatches(%a: tensor<?xf32>, %b: tensor<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %tol = arith.constant 1.0e-5 : f32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %av = tensor.extract %a[%i] : tensor<?xf32>
    %bv = tensor.extract %b[%i] : tensor<?xf32>
    %d = arith.subf %av, %bv : f32
    %ad = math.absf %d : f32
    %ab = math.absf %bv : f32
    %rel = arith.mulf %ab, %tol : f32
    %lim = arith.addf %rel, %tol : f32
    %out = arith.cmpf ugt, %ad, %lim : f32
    %one = arith.extui %out : i1 to i64
    %next = arith.addi %acc, %one : i64
    scf.yield %next : i64
  }
  return %count : i64
}

func.func @report(%b: tensor<?xf32>, %eb: tensor<?xf32>, %s: tensor<?xf32>, %es: tensor<?xf32>) {
  %nb = call @mismatches(%b, %eb) : (tensor<?xf32>, tensor<?xf32>) -> i64
  %ns = call @mismatches(%s, %es) : (tensor<?xf32>, tensor<?xf32>) -> i64
  %lb = llvm.mlir.addressof @boxes_label : !llvm.ptr
  call @printString(%lb) : (!llvm.ptr) -> ()
  call @printI64(%nb) : (i64) -> ()
  call @printNewline() : () -> ()
  %ls = llvm.mlir.addressof @scores_label : !llvm.ptr
  call @printString(%ls) : (!llvm.ptr) -> ()
  call @printI64(%ns) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Elements that differ in any bit (NaN included), printed as EXACT n.
func.func @report_exact(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %av = tensor.extract %a[%i] : tensor<?xf32>
    %bv = tensor.extract %b[%i] : tensor<?xf32>
    %ai = arith.bitcast %av : f32 to i32
    %bi = arith.bitcast %bv : f32 to i32
    %out = arith.cmpi ne, %ai, %bi : i32
    %one = arith.extui %out : i1 to i64
    %next = arith.addi %acc, %one : i64
    scf.yield %next : i64
  }
  %l = llvm.mlir.addressof @exact_label : !llvm.ptr
  call @printString(%l) : (!llvm.ptr) -> ()
  call @printI64(%count) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

""")
    for case in CASES:
        out.append(emit(case))
        out.append("\n")
    print("".join(out).rstrip("\n"))


if __name__ == "__main__":
    main()
