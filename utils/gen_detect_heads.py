#!/usr/bin/env python3
"""Writes bench/models/detect-heads.mlir: the decode regions of two
full-size detectors, in torch-mlir's linalg-on-tensors spelling (the FX
importer's, as in the tails of test/Corpus/Inputs/ssdlite-linalg-b1.mlir and
yolov8n-linalg-b1.mlir), with the head convs' outputs as the function
arguments and the anchors as constants. What fusion-fuse-detect replaces
with one fusion.decode_detections op, at the sizes the real networks have;
the backbones are left out so that a benchmark times the decode alone.

  @ssdlite320      torchvision SSDLite320-MobileNetV3-large, batch 1: six
                   levels of 20x20, 10x10, 5x5, 3x3, 2x2, 1x1 cells, 6
                   anchors a cell (3234), 91 classes. Per level
                   view/permute(0, 3, 4, 1, 2)/reshape and cat of the box
                   and class heads, BoxCoder.decode_single with weights
                   (10, 10, 5, 5) and clamp(max=log(1000/16)), class
                   softmax. Outputs [1, 3234, 4], [1, 3234, 91].
  @yolov8n_640     ultralytics YOLOv8n Detect at 640x640, batch 1: levels
                   80x80, 40x40, 20x20 (8400 anchors), DFL with 16 bins, 80
                   classes: per level view(B, K, -1) and cat, DFL softmax and
                   1x1 conv, dist2bbox(xywh=True), stride multiply, class
                   sigmoid, packed cat. Output [1, 84, 8400].
  @ssdlite320_b8   the first at batch 8, spelled as utils/corpus/export.py's
                   SsdHeadAndDecode exports it: one decode_single per image
                   (select on the batch), torch.stack of the decoded boxes.
  @yolov8n_640_b8  the second at batch 8 (anchor points broadcast over the
                   batch, as torch-mlir spells it at batch 2 in
                   test/Corpus/Inputs/yolov8n-linalg-b2.mlir).

Anchors are made the way the libraries make them: torchvision's
DefaultBoxGenerator([[2, 3]] * 6, min_ratio=0.2, max_ratio=0.95) for a
320x320 image (cx, cy, w, h clipped to [0, 1], then corners in pixels),
ultralytics' make_anchors (cell centres, strides 8/16/32) transposed to
[2, N] and [1, N]; the DFL weights are 0..15. Arithmetic is rounded to f32
where the libraries compute in f32. Constants are stored once, as torch-mlir
stores them, in dense_resource blobs at the end of the file (the batch-8
functions read the same blobs).

Dev-time only; the product never runs Python. Standard library only,
deterministic (no random values: the benchmark inputs are the functions'
arguments, which the runners fill).

Usage: utils/gen_detect_heads.py [FUNCTION ...] > bench/models/detect-heads.mlir
       (no FUNCTION: all four, in the order above; naming some writes only
       those, e.g. one function per file for per-function kernel counts)
"""
import math
import struct
import sys

FUNCTIONS = ("ssdlite320", "yolov8n_640", "ssdlite320_b8", "yolov8n_640_b8")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def T(shape, et="f32"):
    return "tensor<" + "".join("%dx" % s for s in shape) + et + ">"


# ------------------------------------------------------------- anchors --

SSD_LEVELS = ((20, 20), (10, 10), (5, 5), (3, 3), (2, 2), (1, 1))
SSD_IMAGE = 320
SSD_CLASSES = 91
SSD_ANCHORS_PER_CELL = 6


def ssd_anchors():
    """torchvision DefaultBoxGenerator([[2, 3]] * 6, min_ratio=0.2,
    max_ratio=0.95) for a 320x320 image, as SSDLite320 builds it: per level,
    per cell (row-major), per width-height pair; xyxy in pixels."""
    aspect_ratios = [[2, 3] for _ in SSD_LEVELS]
    n = len(aspect_ratios)
    lo, hi = 0.2, 0.95
    scales = [lo + (hi - lo) * k / (n - 1.0) for k in range(n)] + [1.0]
    out = []
    for k, (fh, fw) in enumerate(SSD_LEVELS):
        s_k = scales[k]
        s_prime = math.sqrt(scales[k] * scales[k + 1])
        pairs = [[s_k, s_k], [s_prime, s_prime]]
        for ar in aspect_ratios[k]:
            sq = math.sqrt(ar)
            w, h = scales[k] * sq, scales[k] / sq
            pairs += [[w, h], [h, w]]
        # torch.as_tensor(..., float32), then clamp(0, 1).
        pairs = [[min(max(f32(w), 0.0), 1.0), min(max(f32(h), 0.0), 1.0)]
                 for w, h in pairs]
        for y in range(fh):
            # ((arange + 0.5) / f_k).to(float32): arange is int64, the
            # division in f32 (true division of an integer tensor).
            cy = f32(f32(y + 0.5) / fh)
            for x in range(fw):
                cx = f32(f32(x + 0.5) / fw)
                for w, h in pairs:
                    # (c - 0.5 * wh) * size, (c + 0.5 * wh) * size in f32
                    hw, hh = f32(0.5 * w), f32(0.5 * h)
                    out += [f32(f32(cx - hw) * SSD_IMAGE),
                            f32(f32(cy - hh) * SSD_IMAGE),
                            f32(f32(cx + hw) * SSD_IMAGE),
                            f32(f32(cy + hh) * SSD_IMAGE)]
    assert len(out) == 4 * 3234
    return out


YOLO_LEVELS = ((80, 80), (40, 40), (20, 20))
YOLO_STRIDES = (8.0, 16.0, 32.0)
YOLO_CLASSES = 80
YOLO_BINS = 16


def yolo_anchors():
    """ultralytics make_anchors(feats, strides, 0.5), transposed: points
    [2, N] (x row, then y row) and strides [1, N]."""
    xs, ys, st = [], [], []
    for (h, w), s in zip(YOLO_LEVELS, YOLO_STRIDES):
        for y in range(h):
            for x in range(w):
                xs.append(x + 0.5)
                ys.append(y + 0.5)
                st.append(s)
    assert len(xs) == 8400
    return xs + ys, st


# ------------------------------------------------------------ the text --

class Module:
    """Module-level state: affine map aliases and resource blobs, printed
    the way torch-mlir's output prints them."""

    def __init__(self):
        self.maps = {}
        self.blobs = {}

    def map(self, text):
        if text not in self.maps:
            self.maps[text] = "#map" + (str(len(self.maps)) if self.maps else "")
        return self.maps[text]

    def blob(self, name, values):
        if name not in self.blobs:
            data = b"".join(struct.pack("<f", v) for v in values)
            self.blobs[name] = "0x04000000" + data.hex().upper()
        return name


def amap(rank, results):
    dims = ", ".join("d%d" % i for i in range(rank))
    return "affine_map<(%s) -> (%s)>" % (dims, results)


def ident(rank):
    return amap(rank, ", ".join("d%d" % i for i in range(rank)))


class Func:
    def __init__(self, module, name, args, results):
        self.m = module
        self.name = name
        self.args = args          # shapes
        self.results = results    # shapes
        self.consts = []
        self.body = []
        self.n = 0
        self.named = {}

    def num(self):
        v = "%%%d" % self.n
        self.n += 1
        return v

    def nm(self, base):
        k = self.named.get(base, -1) + 1
        self.named[base] = k
        return "%%%s" % base if k == 0 else "%%%s_%d" % (base, k)

    def emit(self, line):
        self.body.append("    " + line)

    def const(self, name, text):
        self.consts.append("    %%%s = arith.constant %s" % (name, text))
        return "%" + name

    # -- ops, as torch-mlir prints them --

    def empty(self, shape, et="f32"):
        v = self.num()
        self.emit("%s = tensor.empty() : %s" % (v, T(shape, et)))
        return v

    def fill(self, value, out, shape, et="f32"):
        v = self.num()
        self.emit("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s" % (
            v, value, et, out, T(shape, et), T(shape, et)))
        return v

    def expand(self, x, reassoc, src, dst):
        v = self.nm("expanded")
        self.emit("%s = tensor.expand_shape %s %s output_shape [%s] : %s into %s" % (
            v, x, reassoc, ", ".join(str(d) for d in dst), T(src), T(dst)))
        return v

    def collapse(self, x, reassoc, src, dst):
        v = self.nm("collapsed")
        self.emit("%s = tensor.collapse_shape %s %s : %s into %s" % (
            v, x, reassoc, T(src), T(dst)))
        return v

    def transpose(self, x, src, perm):
        dst = [src[p] for p in perm]
        e = self.empty(dst)
        v = self.nm("transposed")
        self.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s] " % (
            v, x, T(src), e, T(dst), ", ".join(str(p) for p in perm)))
        return v, dst

    def slice(self, x, src, offsets, sizes, strides):
        v = self.nm("extracted_slice")
        self.emit("%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s" % (
            v, x, ", ".join(map(str, offsets)), ", ".join(map(str, sizes)),
            ", ".join(map(str, strides)), T(src), T(sizes)))
        return v

    def concat(self, dim, xs, shapes):
        out = list(shapes[0])
        out[dim] = sum(s[dim] for s in shapes)
        v = self.nm("concat")
        self.emit("%s = tensor.concat dim(%d) %s : (%s) -> %s" % (
            v, dim, ", ".join(xs), ", ".join(T(s) for s in shapes), T(out)))
        return v, out

    def generic(self, ins, in_maps, out, shape, iters, body, out_map=None):
        """ins: [(value, shape)]; body: lines over %in, %in_N; the last
        value it defines is yielded."""
        rank = len(shape)
        maps = [self.m.map(x) for x in in_maps] + [self.m.map(out_map or ident(rank))]
        names = ["%in"] + ["%%in_%d" % (i + 1000) for i in range(len(ins) - 1)]
        v = self.num()
        ins_text = ("ins(%s : %s) " % (", ".join(x for x, _ in ins),
                                      ", ".join(T(s) for _, s in ins))) if ins else ""
        self.emit("%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} %souts(%s : %s) {" % (
            v, ", ".join(maps), ", ".join('"%s"' % it for it in iters), ins_text, out, T(shape)))
        self.emit("^bb0(%s%%out: f32):" % "".join("%s: f32, " % n for n in names))
        lines, res = body(names)
        for l in lines:
            self.emit("  " + l)
        self.emit("  linalg.yield %s : f32" % res)
        self.emit("} -> %s" % T(shape))
        return v

    def ew(self, op, ins, shape, out, maps=None, scalar=None):
        """elementwise arith.<op> of two ins, or of one in and a scalar."""
        rank = len(shape)
        maps = maps or [ident(rank)] * len(ins)
        if scalar is not None:
            body = lambda n: (["%%r = arith.%s %s, %s : f32" % (op, n[0], scalar)], "%r")
        else:
            body = lambda n: (["%%r = arith.%s %s, %s : f32" % (op, n[0], n[1])], "%r")
        return self.generic(ins, maps, out, shape, ["parallel"] * rank, body)

    def text(self, returns):
        args = ", ".join("%%arg%d: %s" % (i, T(s)) for i, s in enumerate(self.args))
        res = ", ".join(T(s) for s in self.results)
        if len(self.results) > 1:
            res = "(" + res + ")"
        out = ["  func.func @%s(%s) -> %s {" % (self.name, args, res)]
        out += self.consts + self.body
        out.append("    return %s : %s" % (", ".join(returns),
                                           ", ".join(T(s) for s in self.results)))
        out.append("  }")
        return "\n".join(out)


def softmax_last(f, x, shape):
    """torch-mlir's aten._softmax over the last dimension of [B, N, C]."""
    B, N, C = shape
    i64e = f.empty([B, N], "i64")
    i64f = f.fill("%c0_i64", i64e, [B, N], "i64")
    me = f.empty([B, N])
    mf = f.fill("%cst_0", me, [B, N])
    mx = f.num()
    m3, m2, mr = f.m.map(ident(3)), f.m.map(amap(3, "d0, d1")), f.m.map(amap(3, "d0, d1, 0"))
    f.emit('%s:2 = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : %s) outs(%s, %s : %s, %s) {' % (
        mx, m3, m2, m2, x, T(shape), mf, i64f, T([B, N]), T([B, N], "i64")))
    f.emit("^bb0(%in: f32, %out: f32, %out_1000: i64):")
    f.emit("  %i = linalg.index 2 : index")
    f.emit("  %j = arith.index_cast %i : index to i64")
    f.emit("  %m = arith.maximumf %in, %out : f32")
    f.emit("  %c = arith.cmpf ogt, %in, %out : f32")
    f.emit("  %s = arith.select %c, %j, %out_1000 : i64")
    f.emit("  linalg.yield %m, %s : f32, i64")
    f.emit("} -> (%s, %s)" % (T([B, N]), T([B, N], "i64")))
    ex = f.expand(mx + "#0", "[[0], [1, 2]]", [B, N], [B, N, 1])
    e3 = f.empty(shape)
    red = amap(3, "d0, d1, 0")
    sub = f.ew("subf", [(x, shape), (ex, [B, N, 1])], shape, e3, maps=[ident(3), red])
    ex2 = f.generic([(sub, shape)], [ident(3)], e3, shape, ["parallel"] * 3,
                    lambda n: (["%%r = math.exp %s : f32" % n[0]], "%r"))
    se = f.empty([B, N, 1])
    sf = f.fill("%cst", se, [B, N, 1])
    s = f.generic([(ex2, shape)], [ident(3)], sf, [B, N, 1], ["parallel", "parallel", "reduction"],
                  lambda n: (["%%r = arith.addf %s, %%out : f32" % n[0]], "%r"), out_map=red)
    return f.ew("divf", [(ex2, shape), (s, [B, N, 1])], shape, e3, maps=[ident(3), red])


# ------------------------------------------------------------- SSDLite --

def decode_single(f, rel, anc, N, shared):
    """torchvision BoxCoder.decode_single(rel [N, 4], anchors [N, 4]) with
    weights (10, 10, 5, 5) and bbox_xform_clip, as torch-mlir spells it
    (ssdlite-linalg-b1.mlir). The anchor-only part is computed once per
    function (`shared`), as torch-mlir's CSE leaves it at batch > 1."""
    if not shared:
        cols = {}
        for k in (2, 0, 3, 1):
            s = f.slice(anc, [N, 4], [0, k], [N, 1], [1, 1])
            cols[k] = f.collapse(s, "[[0, 1]]", [N, 1], [N])
        e = f.empty([N])
        widths = f.ew("subf", [(cols[2], [N]), (cols[0], [N])], [N], e)
        heights = f.ew("subf", [(cols[3], [N]), (cols[1], [N])], [N], e)
        t = f.ew("mulf", [(widths, [N])], [N], e, scalar="%cst_418")
        ctr_x = f.ew("addf", [(cols[0], [N]), (t, [N])], [N], e)
        t = f.ew("mulf", [(heights, [N])], [N], e, scalar="%cst_418")
        ctr_y = f.ew("addf", [(cols[1], [N]), (t, [N])], [N], e)
        shared.update(widths=widths, heights=heights, ctr_x=ctr_x, ctr_y=ctr_y,
                      e1=f.empty([N, 1]))
    e1 = shared["e1"]
    col = [N, 1]
    d = []
    for k, w in enumerate(("%cst_419", "%cst_419", "%cst_420", "%cst_420")):
        s = f.slice(rel, [N, 4], [0, k], [N, 1], [1, 4])
        d.append(f.ew("divf", [(s, col)], col, e1, scalar=w))
    for k in (2, 3):
        d[k] = f.generic([(d[k], col)], [ident(2)], e1, col, ["parallel"] * 2, lambda n: ([
            "%t = arith.truncf %cst_4 : f64 to f32",
            "%%c = arith.cmpf ugt, %s, %%t : f32" % n[0],
            "%%r = arith.select %%c, %%t, %s : f32" % n[0]], "%r"))
    if "we" not in shared:
        shared["we"] = f.expand(shared["widths"], "[[0, 1]]", [N], col)
        shared["cxe"] = f.expand(shared["ctr_x"], "[[0, 1]]", [N], col)
        shared["he"] = f.expand(shared["heights"], "[[0, 1]]", [N], col)
        shared["cye"] = f.expand(shared["ctr_y"], "[[0, 1]]", [N], col)
    we, cxe, he, cye = shared["we"], shared["cxe"], shared["he"], shared["cye"]
    pcx = f.ew("addf", [(f.ew("mulf", [(d[0], col), (we, col)], col, e1), col), (cxe, col)], col, e1)
    pcy = f.ew("addf", [(f.ew("mulf", [(d[1], col), (he, col)], col, e1), col), (cye, col)], col, e1)
    ew_ = lambda x: f.generic([(x, col)], [ident(2)], e1, col, ["parallel"] * 2,
                              lambda n: (["%%r = math.exp %s : f32" % n[0]], "%r"))
    pw = f.ew("mulf", [(ew_(d[2]), col), (we, col)], col, e1)
    ph = f.ew("mulf", [(ew_(d[3]), col), (he, col)], col, e1)
    half = [amap(2, ""), ident(2)]
    hh = f.ew("mulf", [("%cst_3", []), (ph, col)], col, e1, maps=half)
    hw = f.ew("mulf", [("%cst_3", []), (pw, col)], col, e1, maps=half)
    parts = [f.ew("subf", [(pcx, col), (hw, col)], col, e1),
             f.ew("subf", [(pcy, col), (hh, col)], col, e1),
             f.ew("addf", [(pcx, col), (hw, col)], col, e1),
             f.ew("addf", [(pcy, col), (hh, col)], col, e1)]
    ex = [f.expand(p, "[[0], [1, 2]]", col, [N, 1, 1]) for p in parts]
    c, _ = f.concat(2, ex, [[N, 1, 1]] * 4)
    return f.collapse(c, "[[0], [1, 2]]", [N, 1, 4], [N, 4])


def ssdlite(m, name, B):
    A, C = SSD_ANCHORS_PER_CELL, SSD_CLASSES
    N = sum(h * w * A for h, w in SSD_LEVELS)
    args = [[B, A * 4, h, w] for h, w in SSD_LEVELS] + [[B, A * C, h, w] for h, w in SSD_LEVELS]
    f = Func(m, name, args, [[B, N, 4], [B, N, C]])
    f.const("c0_i64", "0 : i64")
    f.const("cst", "0.000000e+00 : f32")
    f.const("cst_0", "0xFF800000 : f32")
    f.const("cst_3", "dense<5.000000e-01> : tensor<f32>")
    f.const("cst_4", "%r : f64" % math.log(1000.0 / 16))
    anc = f.const("cst_5", "dense_resource<%s> : %s" % (
        m.blob("torch_tensor_%d_4_torch.float32" % N, ssd_anchors()), T([N, 4])))
    f.const("cst_418", "5.000000e-01 : f32")
    f.const("cst_419", "1.000000e+01 : f32")
    f.const("cst_420", "5.000000e+00 : f32")

    def level(arg, K, h, w):
        x = f.expand(arg, "[[0], [1, 2], [3], [4]]", [B, A * K, h, w], [B, A, K, h, w])
        t, s = f.transpose(x, [B, A, K, h, w], [0, 3, 4, 1, 2])
        return f.collapse(t, "[[0], [1, 2, 3], [4]]", s, [B, h * w * A, K]), [B, h * w * A, K]

    L = len(SSD_LEVELS)
    boxes = [level("%%arg%d" % l, 4, h, w) for l, (h, w) in enumerate(SSD_LEVELS)]
    box, _ = f.concat(1, [v for v, _ in boxes], [s for _, s in boxes])
    logits = [level("%%arg%d" % (L + l), C, h, w) for l, (h, w) in enumerate(SSD_LEVELS)]
    cls, _ = f.concat(1, [v for v, _ in logits], [s for _, s in logits])
    shared = {}
    if B == 1:
        # select(0) of a batch of one: the collapse alone (as in the corpus)
        rel = f.collapse(box, "[[0, 1], [2]]", [1, N, 4], [N, 4])
        dec = decode_single(f, rel, anc, N, shared)
        out = f.expand(dec, "[[0, 1], [2]]", [N, 4], [1, N, 4])
    else:
        # for r in bbox_regression (unbind: select per image), torch.stack
        per = []
        for i in range(B):
            s = f.slice(box, [B, N, 4], [i, 0, 0], [1, N, 4], [1, 1, 1])
            rel = f.collapse(s, "[[0, 1], [2]]", [1, N, 4], [N, 4])
            dec = decode_single(f, rel, anc, N, shared)
            per.append(f.expand(dec, "[[0, 1], [2]]", [N, 4], [1, N, 4]))
        out, _ = f.concat(0, per, [[1, N, 4]] * B)
    scores = softmax_last(f, cls, [B, N, C])
    return f.text([out, scores])


# -------------------------------------------------------------- YOLOv8 --

def yolov8(m, name, B):
    C, R = YOLO_CLASSES, YOLO_BINS
    K = 4 * R
    N = sum(h * w for h, w in YOLO_LEVELS)
    args = [[B, K, h, w] for h, w in YOLO_LEVELS] + [[B, C, h, w] for h, w in YOLO_LEVELS]
    f = Func(m, name, args, [[B, 4 + C, N]])
    f.const("c0_i64", "0 : i64")
    f.const("cst", "0.000000e+00 : f32")
    f.const("cst_0", "1.000000e+00 : f32")
    f.const("cst_1", "0xFF800000 : f32")
    pts, strides = yolo_anchors()
    strd = f.const("cst_2", "dense_resource<%s> : %s" % (
        m.blob("torch_tensor_1_%d_torch.float32" % N, strides), T([1, N])))
    anc = f.const("cst_3", "dense_resource<%s> : %s" % (
        m.blob("torch_tensor_2_%d_torch.float32" % N, pts), T([2, N])))
    proj = f.const("cst_4", "dense_resource<%s> : %s" % (
        m.blob("torch_tensor_1_%d_1_1_torch.float32" % R, [float(j) for j in range(R)]),
        T([1, R, 1, 1])))
    f.const("cst_303", "2.000000e+00 : f32")
    L = len(YOLO_LEVELS)
    bl = [(f.collapse("%%arg%d" % l, "[[0], [1], [2, 3]]", [B, K, h, w], [B, K, h * w]), [B, K, h * w])
          for l, (h, w) in enumerate(YOLO_LEVELS)]
    box, _ = f.concat(2, [v for v, _ in bl], [s for _, s in bl])
    cl = [(f.collapse("%%arg%d" % (L + l), "[[0], [1], [2, 3]]", [B, C, h, w], [B, C, h * w]), [B, C, h * w])
          for l, (h, w) in enumerate(YOLO_LEVELS)]
    cls, _ = f.concat(2, [v for v, _ in cl], [s for _, s in cl])
    # DFL: view(b, 4, reg_max, a).transpose(2, 1).softmax(1), 1x1 conv
    ex = f.expand(box, "[[0], [1, 2], [3]]", [B, K, N], [B, 4, R, N])
    s4 = [B, R, 4, N]
    tr, _ = f.transpose(ex, [B, 4, R, N], [0, 2, 1, 3])
    te = "%" + str(f.n - 1)  # the transpose's init, reused as torch-mlir's CSE does
    i64e = f.empty([B, 4, N], "i64")
    i64f = f.fill("%c0_i64", i64e, [B, 4, N], "i64")
    b4n = f.empty([B, 4, N])
    mf = f.fill("%cst_1", b4n, [B, 4, N])
    mx = f.num()
    m4, m3 = f.m.map(ident(4)), f.m.map(amap(4, "d0, d2, d3"))
    f.emit('%s:2 = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%s : %s) outs(%s, %s : %s, %s) {' % (
        mx, m4, m3, m3, tr, T(s4), mf, i64f, T([B, 4, N]), T([B, 4, N], "i64")))
    f.emit("^bb0(%in: f32, %out: f32, %out_1000: i64):")
    f.emit("  %i = linalg.index 1 : index")
    f.emit("  %j = arith.index_cast %i : index to i64")
    f.emit("  %m = arith.maximumf %in, %out : f32")
    f.emit("  %c = arith.cmpf ogt, %in, %out : f32")
    f.emit("  %s = arith.select %c, %j, %out_1000 : i64")
    f.emit("  linalg.yield %m, %s : f32, i64")
    f.emit("} -> (%s, %s)" % (T([B, 4, N]), T([B, 4, N], "i64")))
    ex2 = f.expand(mx + "#0", "[[0, 1], [2], [3]]", [B, 4, N], [B, 1, 4, N])
    bm = amap(4, "d0, 0, d2, d3")
    sub = f.ew("subf", [(tr, s4), (ex2, [B, 1, 4, N])], s4, te, maps=[ident(4), bm])
    e = f.generic([(sub, s4)], [ident(4)], te, s4, ["parallel"] * 4,
                  lambda n: (["%%r = math.exp %s : f32" % n[0]], "%r"))
    se = f.empty([B, 1, 4, N])
    sf = f.fill("%cst", se, [B, 1, 4, N])
    sm = f.generic([(e, s4)], [ident(4)], sf, [B, 1, 4, N], ["parallel", "reduction", "parallel", "parallel"],
                   lambda n: (["%%r = arith.addf %s, %%out : f32" % n[0]], "%r"), out_map=bm)
    p = f.ew("divf", [(e, s4), (sm, [B, 1, 4, N])], s4, te, maps=[ident(4), bm])
    cv = f.num()
    f.emit("%s = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
        cv, p, proj, T(s4), T([1, R, 1, 1]), sf, T([B, 1, 4, N]), T([B, 1, 4, N])))
    dist = f.collapse(cv, "[[0], [1, 2], [3]]", [B, 1, 4, N], [B, 4, N])
    # dist2bbox(dist, anchors.unsqueeze(0), xywh=True, dim=1) * strides
    ap = f.expand(anc, "[[0, 1], [2]]", [2, N], [1, 2, N])
    s2 = [B, 2, N]
    lt = f.slice(dist, [B, 4, N], [0, 0, 0], s2, [1, 1, 1])
    rb = f.slice(dist, [B, 4, N], [0, 2, 0], s2, [1, 1, 1])
    e2 = f.empty(s2)
    amp = amap(3, "0, d1, d2") if B > 1 else ident(3)
    x1y1 = f.ew("subf", [(ap, [1, 2, N]), (lt, s2)], s2, e2, maps=[amp, ident(3)])
    x2y2 = f.ew("addf", [(ap, [1, 2, N]), (rb, s2)], s2, e2, maps=[amp, ident(3)])
    c_xy = f.ew("divf", [(f.ew("addf", [(x1y1, s2), (x2y2, s2)], s2, e2), s2)], s2, e2, scalar="%cst_303")
    wh = f.ew("subf", [(x2y2, s2), (x1y1, s2)], s2, e2)
    bx, _ = f.concat(1, [c_xy, wh], [s2, s2])
    s3 = [B, 4, N]
    dbox = f.ew("mulf", [(bx, s3), (strd, [1, N])], s3, b4n, maps=[ident(3), amap(3, "0, d2")])
    ce = f.empty([B, C, N])
    sc = f.generic([(cls, [B, C, N])], [ident(3)], ce, [B, C, N], ["parallel"] * 3, lambda n: ([
        "%%n = arith.negf %s : f32" % n[0], "%x = math.exp %n : f32",
        "%s = arith.addf %x, %cst_0 : f32", "%r = arith.divf %cst_0, %s : f32"], "%r"))
    out, _ = f.concat(1, [dbox, sc], [s3, [B, C, N]])
    return f.text([out])


BUILDERS = {
    "ssdlite320": lambda m: ssdlite(m, "ssdlite320", 1),
    "yolov8n_640": lambda m: yolov8(m, "yolov8n_640", 1),
    "ssdlite320_b8": lambda m: ssdlite(m, "ssdlite320_b8", 8),
    "yolov8n_640_b8": lambda m: yolov8(m, "yolov8n_640_b8", 8),
}


def main(argv):
    names = argv or list(FUNCTIONS)
    for n in names:
        if n not in BUILDERS:
            sys.exit("unknown function %r (one of %s)" % (n, ", ".join(FUNCTIONS)))
    m = Module()
    funcs = [BUILDERS[n](m) for n in names]
    out = ["// Detection decodes at full size, torch-mlir linalg spelling (head convs' "
           "outputs as arguments): %s." % ", ".join("@" + n for n in names),
           "// Generated by utils/gen_detect_heads.py%s; do not edit." % (
               (" " + " ".join(argv)) if argv else "")]
    for text, alias in m.maps.items():
        out.append("%s = %s" % (alias, text))
    # Aliases are printed before use; the bodies refer to them by name.
    out.append("module {")
    out.append("\n".join(funcs))
    out.append("}")
    out.append("")
    out.append("{-#")
    out.append("  dialect_resources: {")
    out.append("    builtin: {")
    items = list(m.blobs.items())
    for i, (k, v) in enumerate(items):
        out.append('      %s: "%s"%s' % (k, v, "," if i + 1 < len(items) else ""))
    out.append("    }")
    out.append("  }")
    out.append("#-}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
