#!/usr/bin/env python3
"""Writes test/CPU/decode-detections.mlir: fusion.decode_detections on seeded
random head outputs for each box coding, anchor layout, head layout and score
activation, run under mlir-runner and compared with values this script
computes independently. It uses plain Python floats rounded to f32 after every
operation, in the order the op documents (torchvision's BoxCoder.decode,
ultralytics' DFL + dist2bbox * stride).

Dev-time only; the product never runs Python. Deterministic.
Usage: utils/gen_decode_tests.py > test/CPU/decode-detections.mlir
"""
import math
import random
import struct

random.seed(20261203)


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def add(a, b): return f32(a + b)
def sub(a, b): return f32(a - b)
def mul(a, b): return f32(a * b)
def div(a, b): return f32(a / b)
def exp(a): return f32(math.exp(a))


def softmax(xs):
    m = max(xs)
    total = 0.0
    for x in xs:
        total = add(total, exp(sub(x, m)))
    return [div(exp(sub(x, m)), total) for x in xs]


def sigmoid(x):
    return div(1.0, add(1.0, exp(-x)))


def rand(n, lo, hi):
    return [f32(random.uniform(lo, hi)) for _ in range(n)]


def lit(values):
    return "[" + ", ".join(repr(v) for v in values) + "]"


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


def head_get(flat, layout, B, N, K):
    """value(b, n, k) of a head output stored as bnk or bkn."""
    if layout == "bnk":
        return lambda b, n, k: flat[(b * N + n) * K + k]
    return lambda b, n, k: flat[(b * K + k) * N + n]


def decode_center_size(d, a, weights, scaling, clamp, anchor_format, out_format):
    if anchor_format == "xyxy":
        aw, ah = sub(a[2], a[0]), sub(a[3], a[1])
        acx, acy = add(a[0], mul(0.5, aw)), add(a[1], mul(0.5, ah))
    else:
        acx, acy, aw, ah = a
    s = [div(d[i], weights[i]) if scaling == "divide" else mul(d[i], weights[i]) for i in range(4)]
    if clamp is not None:
        c = f32(clamp)
        s[2], s[3] = min(s[2], c), min(s[3], c)
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


def dfl(logits):
    p = softmax(logits)
    e = 0.0
    for j, pj in enumerate(p):
        e = add(e, mul(pj, float(j)))
    return e


def scores_of(logits, activation, drop):
    if activation == "softmax":
        out = softmax(logits)
    elif activation == "sigmoid":
        out = [sigmoid(x) for x in logits]
    else:
        out = list(logits)
    return out[1:] if drop else out


class Case:
    def __init__(self, name, comment, B, N, C, coding, out_format, anchor_layout,
                 box_layout="bnk", score_layout="bnk", weights=(1.0, 1.0, 1.0, 1.0),
                 scaling="divide", clamp=None, bins=0, activation="none", drop=False,
                 anchor_format="xyxy", strides_shape=None, wrong=None):
        self.__dict__.update(locals())
        del self.__dict__["self"]


def emit(case):
    B, N, C, bins = case.B, case.N, case.C, case.bins
    K = 4 * bins if bins else 4
    box_shape = [B, N, K] if case.box_layout == "bnk" else [B, K, N]
    score_shape = [B, N, C] if case.score_layout == "bnk" else [B, C, N]
    if case.coding == "center_size":
        raw_boxes = rand(B * N * K, -1.0, 1.0)
    elif case.coding == "ltrb_distance":
        raw_boxes = rand(B * N * K, -2.0, 2.0) if bins else rand(B * N * K, 0.0, 3.0)
    else:
        raw_boxes = []
        for _ in range(B * N):
            x1, y1 = f32(random.uniform(0, 50)), f32(random.uniform(0, 50))
            raw_boxes += [x1, y1, f32(x1 + random.uniform(1, 30)), f32(y1 + random.uniform(1, 30))]
    if case.coding == "center_size":
        # Push one dw past the clamp so that the clamp is exercised.
        raw_boxes[2] = f32(25.0)
    raw_scores = rand(B * N * C, -4.0, 4.0)
    box = head_get(raw_boxes, case.box_layout, B, N, K)
    score = head_get(raw_scores, case.score_layout, B, N, C)

    operands = [("boxes", raw_boxes, box_shape), ("scores", raw_scores, score_shape)]
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
        points = [f32(random.randint(0, 7) + 0.5) for _ in range(2 * N)]
        anchor_shape = [N, 2] if case.anchor_layout == "points_n2" else [2, N]
        operands.append(("anchors", points, anchor_shape))
        strides = [f32(random.choice([8.0, 16.0, 32.0])) for _ in range(N)]
        operands.append(("strides", strides, case.strides_shape))
        point_of = (lambda n: (points[2 * n], points[2 * n + 1])) if case.anchor_layout == "points_n2" \
            else (lambda n: (points[n], points[N + n]))

    def compute(clamp):
        out_boxes, out_scores = [], []
        for b in range(B):
            for n in range(N):
                if bins:
                    d = [dfl([box(b, n, i * bins + j) for j in range(bins)]) for i in range(4)]
                else:
                    d = [box(b, n, k) for k in range(4)]
                if case.coding == "center_size":
                    out_boxes += decode_center_size(d, anchor_of(b, n), case.weights, case.scaling, clamp,
                                                    case.anchor_format, case.out_format)
                elif case.coding == "ltrb_distance":
                    px, py = point_of(n)
                    out_boxes += decode_ltrb(d, px, py, strides[n], case.out_format)
                else:
                    out_boxes += decode_corners(d, case.out_format)
                out_scores += scores_of([score(b, n, c) for c in range(C)], case.activation, case.drop)
        return out_boxes, out_scores

    expected_boxes, expected_scores = compute(case.clamp)
    kept = C - 1 if case.drop else C
    out_box_t, out_score_t = ttype([B, N, 4]), ttype([B, N, kept])

    args = ", ".join(f"%{name}: {ttype(shape)}" for name, _, shape in operands)
    parts = [f"boxes({case.box_layout} %boxes : {ttype(box_shape)})",
             f"scores({case.score_layout} %scores : {ttype(score_shape)})"]
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
    if bins:
        coding += f" dfl_bins({bins})"
    coding += f" anchor_layout({case.anchor_layout})"
    if case.anchor_format != "xyxy":
        coding += f" anchor_format({case.anchor_format})"
    parts.append(f"{coding} score({case.activation})")
    if case.drop:
        parts.append("drop_background")
    attr_text = ""
    name = case.name
    lines = [f"// {case.comment}",
             f"func.func @{name}({args}) -> ({out_box_t}, {out_score_t}) {{",
             f"  %r:2 = fusion.decode_detections {' '.join(parts)} to {case.out_format}{attr_text} -> {out_box_t}, {out_score_t}",
             f"  return %r#0, %r#1 : {out_box_t}, {out_score_t}",
             "}",
             "",
             f"func.func @main_{name}() {{"]
    for oname, values, shape in operands:
        lines.append(f"  %{oname} = arith.constant {dense(values, shape)} : {ttype(shape)}")
    call_args = ", ".join(f"%{o}" for o, _, _ in operands)
    call_types = ", ".join(ttype(s) for _, _, s in operands)
    lines.append(f"  %r:2 = call @{name}({call_args}) : ({call_types}) -> ({out_box_t}, {out_score_t})")
    lines.append(f"  %eb = arith.constant {dense(expected_boxes, [B, N, 4])} : {out_box_t}")
    lines.append(f"  %es = arith.constant {dense(expected_scores, [B, N, kept])} : {out_score_t}")
    lines.append(f"  call @report_{name}(%r#0, %eb, %r#1, %es) : ({out_box_t}, {out_box_t}, {out_score_t}, {out_score_t}) -> ()")
    if case.wrong:
        # The same output against values computed without the clamp: must
        # disagree, or the clamp is not what makes the difference.
        wrong_boxes, _ = compute(None)
        lines.append(f"  %wb = arith.constant {dense(wrong_boxes, [B, N, 4])} : {out_box_t}")
        lines.append(f"  call @report_{name}(%r#0, %wb, %r#1, %es) : ({out_box_t}, {out_box_t}, {out_score_t}, {out_score_t}) -> ()")
    lines.append("  return")
    lines.append("}")
    lines.append("")
    lines.append(f"func.func @report_{name}(%b: {out_box_t}, %eb: {out_box_t}, %s: {out_score_t}, %es: {out_score_t}) {{")
    nb, ns = B * N * 4, B * N * kept
    lines.append(f"  %fb = tensor.collapse_shape %b [[0, 1, 2]] : {out_box_t} into tensor<{nb}xf32>")
    lines.append(f"  %feb = tensor.collapse_shape %eb [[0, 1, 2]] : {out_box_t} into tensor<{nb}xf32>")
    lines.append(f"  %fs = tensor.collapse_shape %s [[0, 1, 2]] : {out_score_t} into tensor<{ns}xf32>")
    lines.append(f"  %fes = tensor.collapse_shape %es [[0, 1, 2]] : {out_score_t} into tensor<{ns}xf32>")
    lines.append(f"  %db = tensor.cast %fb : tensor<{nb}xf32> to tensor<?xf32>")
    lines.append(f"  %deb = tensor.cast %feb : tensor<{nb}xf32> to tensor<?xf32>")
    lines.append(f"  %ds = tensor.cast %fs : tensor<{ns}xf32> to tensor<?xf32>")
    lines.append(f"  %des = tensor.cast %fes : tensor<{ns}xf32> to tensor<?xf32>")
    lines.append("  call @report(%db, %deb, %ds, %des) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> ()")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


CASES = [
    Case("ssd", "torchvision SSDLite: BoxCoder(10, 10, 5, 5) with its exp clamp, anchors [N, 4] xyxy, "
         "softmax over classes with the background dropped; one dw is past the clamp.",
         B=1, N=5, C=4, coding="center_size", out_format="xyxy", anchor_layout="n4",
         weights=(10.0, 10.0, 5.0, 5.0), clamp=math.log(1000.0 / 16), activation="softmax", drop=True,
         wrong="no_clamp"),
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
         box_layout="bkn", score_layout="bkn", bins=4, activation="sigmoid", strides_shape=[1, 6]),
    Case("ltrb_plain", "Distances without DFL to corners, anchor points [N, 2], strides [N], two images.",
         B=2, N=3, C=2, coding="ltrb_distance", out_format="xyxy", anchor_layout="points_n2",
         strides_shape=[3]),
    Case("corners", "Already-decoded corners to center-size, softmax without a background class.",
         B=1, N=3, C=3, coding="corners", out_format="cxcywh", anchor_layout="none", activation="softmax"),
]

HEADER = """\
// fusion.decode_detections on the CPU, one case per box coding, anchor
// layout, head layout and score activation. Each @main_<case> runs the op
// and compares every decoded box and score with values computed
// independently, outside MLIR. The comparison allows 1e-5 + 1e-5 * |expected|.
// Each case prints the mismatches of its boxes and of its scores. Two cases
// also run with the GPU path's loop mapping (test-gpu-loop-mapping).
// Generated by utils/gen_decode_tests.py; regenerate rather than edit.
//
"""


def main():
    out = [HEADER]
    for case in CASES:
        checks = ["BOXES 0", "SCORES 0"]
        if case.wrong:
            checks += ["BOXES {{[1-9][0-9]*}}", "SCORES 0"]
        prefix = case.name.upper()
        out.append(f"// RUN: fusion-opt %s --fusion-to-cpu | mlir-runner -O3 -e main_{case.name} "
                   f"-entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix={prefix}\n")
        if case.name in ("ssd", "yolov8"):
            # The GPU path's loop mapping, run on the host.
            out.append(f"// RUN: fusion-opt %s --fusion-to-cpu=test-gpu-loop-mapping | mlir-runner -O3 -e main_{case.name} "
                       f"-entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix={prefix}\n")
        for i, c in enumerate(checks):
            out.append(f"// {prefix}{'' if i == 0 else '-NEXT'}: {c}\n")
    out.append("""//
// The SSD case also compares its boxes with values computed without the
// clamp: they must disagree (the second BOXES line).

func.func private @printI64(i64)
func.func private @printString(!llvm.ptr)
func.func private @printNewline()
llvm.mlir.global internal constant @boxes_label("BOXES \\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @scores_label("SCORES \\00") {addr_space = 0 : i32}

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

""")
    for case in CASES:
        out.append(emit(case))
        out.append("\n")
    print("".join(out).rstrip("\n"))


if __name__ == "__main__":
    main()
