#!/usr/bin/env python3
"""Writes small ResNet-style networks in the form torch-mlir's FX importer
emits for an eval-mode model (conv bias broadcast into the accumulator,
BatchNorm as four broadcasting generics over expand_shape'd parameters,
1/sqrt(var+eps) as rank-1 generics, ReLU as cmpf ugt + select, max pooling
over a -FLT_MAX padded map, average pooling as a sum pool and a divide, the
classifier as a transposed-weight matmul plus bias).

  block: stem, a basic block and a downsampling block (examples/resnet_block.mlir)
  tiny:  a whole classifier: stem, max pool, the two blocks, global average
         pool, linear layer (examples/resnet_tiny.mlir)

Dev-time only; the product never runs Python. Deterministic: the same seed
always gives the same file. Usage:
  utils/gen_resnet_block.py block > examples/resnet_block.mlir
  utils/gen_resnet_block.py tiny > examples/resnet_tiny.mlir
"""
import random
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "block"
if MODE not in ("block", "tiny"):
    sys.exit("usage: gen_resnet_block.py [block|tiny]")
rng = random.Random(7 if MODE == "block" else 11)
N, CIN = 1, 3
H = W = 8 if MODE == "block" else 16
C = 4 if MODE == "block" else 8  # channels of the first block
CLASSES = 10

lines = []
consts = []
counter = [0]


def fresh(prefix="v"):
    counter[0] += 1
    return f"%{prefix}{counter[0]}"


def dense(values, shape):
    def nest(vals, dims):
        if len(dims) == 1:
            return "[" + ", ".join(f"{v:.6e}" for v in vals) + "]"
        step = len(vals) // dims[0]
        return "[" + ", ".join(nest(vals[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"
    return f"dense<{nest(values, shape)}> : tensor<{'x'.join(map(str, shape))}xf32>"


def const(values, shape, name):
    consts.append(f"  %{name} = arith.constant {dense(values, shape)}")
    return f"%{name}"


def t(*shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


MAP4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
MAPC = "affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>"
MAP1 = "affine_map<(d0) -> (d0)>"
PAR4 = '["parallel", "parallel", "parallel", "parallel"]'


def conv(x, cin, cout, k, stride, pad, h, w, name, bias=True):
    wts = const([rng.uniform(-0.5, 0.5) for _ in range(cout * cin * k * k)], [cout, cin, k, k], f"{name}_w")
    src = x
    if pad:
        p = fresh("pad")
        lines.append(f"  {p} = tensor.pad {x} low[0, 0, {pad}, {pad}] high[0, 0, {pad}, {pad}] {{\n"
                     f"  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n    tensor.yield %zero : f32\n"
                     f"  }} : {t(N, cin, h, w)} to {t(N, cin, h + 2 * pad, w + 2 * pad)}")
        src = p
    oh, ow = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
    e = fresh("empty")
    lines.append(f"  {e} = tensor.empty() : {t(N, cout, oh, ow)}")
    if bias:
        b = const([rng.uniform(-0.2, 0.2) for _ in range(cout)], [cout], f"{name}_b")
        init = fresh("init")
        lines.append(f"  {init} = linalg.broadcast ins({b} : {t(cout)}) outs({e} : {t(N, cout, oh, ow)}) dimensions = [0, 2, 3]")
    else:
        init = fresh("init")
        lines.append(f"  {init} = linalg.fill ins(%zero : f32) outs({e} : {t(N, cout, oh, ow)}) -> {t(N, cout, oh, ow)}")
    out = fresh("conv")
    lines.append(f"  {out} = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, strides = dense<{stride}> : vector<2xi64>}} "
                 f"ins({src}, {wts} : {t(N, cin, h + 2 * pad, w + 2 * pad)}, {t(cout, cin, k, k)}) outs({init} : {t(N, cout, oh, ow)}) -> {t(N, cout, oh, ow)}")
    return out, oh, ow


def rank1(op_body, ins, c):
    e = fresh("r1e")
    lines.append(f"  {e} = tensor.empty() : {t(c)}")
    r = fresh("p")
    ins_s = ", ".join(ins)
    maps = ", ".join([MAP1] * (len(ins) + 1))
    args = ", ".join(f"%a{i}: f32" for i in range(len(ins)))
    lines.append(f"  {r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\"]}} "
                 f"ins({ins_s} : {', '.join([t(c)] * len(ins))}) outs({e} : {t(c)}) {{\n"
                 f"  ^bb0({args}, %o: f32):\n{op_body}\n  }} -> {t(c)}")
    return r


def expand(v, c):
    r = fresh("x")
    lines.append(f"  {r} = tensor.expand_shape {v} [[0, 1, 2]] output_shape [{c}, 1, 1] : {t(c)} into {t(c, 1, 1)}")
    return r


def map_generic(prefix, ins, in_types, maps, block_args, body, c, h, w):
    """An all-parallel generic over an NCHW map writing a fresh tensor."""
    e = fresh("e")
    lines.append(f"  {e} = tensor.empty() : {t(N, c, h, w)}")
    r = fresh(prefix)
    lines.append(f"  {r} = linalg.generic {{indexing_maps = [{', '.join(maps + [MAP4])}], iterator_types = {PAR4}}} "
                 f"ins({', '.join(ins)} : {', '.join(in_types)}) outs({e} : {t(N, c, h, w)}) {{\n"
                 f"  ^bb0({block_args}, %o: f32):\n{body}\n  }} -> {t(N, c, h, w)}")
    return r


def bcast(x, p, c, h, w, op):
    return map_generic("bn", [x, p], [t(N, c, h, w), t(c, 1, 1)], [MAP4, MAPC], "%in: f32, %q: f32",
                       f"    %r = arith.{op} %in, %q : f32\n    linalg.yield %r : f32", c, h, w)


def batchnorm(x, c, h, w, name):
    gamma = const([rng.uniform(0.5, 1.5) for _ in range(c)], [c], f"{name}_gamma")
    beta = const([rng.uniform(-0.3, 0.3) for _ in range(c)], [c], f"{name}_beta")
    mean = const([rng.uniform(-0.5, 0.5) for _ in range(c)], [c], f"{name}_mean")
    var = const([rng.uniform(0.2, 2.0) for _ in range(c)], [c], f"{name}_var")
    veps = rank1("    %s = arith.addf %a0, %eps : f32\n    linalg.yield %s : f32", [var], c)
    std = rank1("    %s = math.sqrt %a0 : f32\n    linalg.yield %s : f32", [veps], c)
    rstd = rank1("    %ok = arith.constant true\n    cf.assert %ok, \"unimplemented: division by zero\"\n"
                 "    %s = arith.divf %one, %a0 : f32\n    linalg.yield %s : f32", [std], c)
    y = bcast(x, expand(mean, c), c, h, w, "subf")
    y = bcast(y, expand(rstd, c), c, h, w, "mulf")
    y = bcast(y, expand(gamma, c), c, h, w, "mulf")
    return bcast(y, expand(beta, c), c, h, w, "addf")


def relu(x, c, h, w):
    return map_generic("relu", [x], [t(N, c, h, w)], [MAP4], "%in: f32",
                       "    %p = arith.cmpf ugt, %in, %zero : f32\n    %r = arith.select %p, %in, %zero : f32\n"
                       "    linalg.yield %r : f32", c, h, w)


def add(a, b, c, h, w):
    return map_generic("add", [a, b], [t(N, c, h, w)] * 2, [MAP4, MAP4], "%in: f32, %in2: f32",
                       "    %r = arith.addf %in, %in2 : f32\n    linalg.yield %r : f32", c, h, w)


def maxpool(x, c, h, w):
    """3x3, stride 2, padding 1, as torch-mlir emits it."""
    p = fresh("mpad")
    lines.append(f"  {p} = tensor.pad {x} low[0, 0, 1, 1] high[0, 0, 1, 1] {{\n"
                 f"  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n    tensor.yield %lowest : f32\n"
                 f"  }} : {t(N, c, h, w)} to {t(N, c, h + 2, w + 2)}")
    oh, ow = (h + 2 - 3) // 2 + 1, (w + 2 - 3) // 2 + 1
    e = fresh("e")
    lines.append(f"  {e} = tensor.empty() : {t(N, c, oh, ow)}")
    f = fresh("mfill")
    lines.append(f"  {f} = linalg.fill ins(%lowest : f32) outs({e} : {t(N, c, oh, ow)}) -> {t(N, c, oh, ow)}")
    k = fresh("win")
    lines.append(f"  {k} = tensor.empty() : tensor<3x3xf32>")
    r = fresh("maxpool")
    lines.append(f"  {r} = linalg.pooling_nchw_max {{dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}} "
                 f"ins({p}, {k} : {t(N, c, h + 2, w + 2)}, tensor<3x3xf32>) outs({f} : {t(N, c, oh, ow)}) -> {t(N, c, oh, ow)}")
    return r, oh, ow


def classifier(x, c, h, w):
    """Global average pool, flatten, linear layer."""
    e = fresh("e")
    lines.append(f"  {e} = tensor.empty() : {t(N, c, 1, 1)}")
    f = fresh("sfill")
    lines.append(f"  {f} = linalg.fill ins(%zero : f32) outs({e} : {t(N, c, 1, 1)}) -> {t(N, c, 1, 1)}")
    k = fresh("win")
    lines.append(f"  {k} = tensor.empty() : tensor<{h}x{w}xf32>")
    s_ = fresh("sum")
    lines.append(f"  {s_} = linalg.pooling_nchw_sum {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}} "
                 f"ins({x}, {k} : {t(N, c, h, w)}, tensor<{h}x{w}xf32>) outs({f} : {t(N, c, 1, 1)}) -> {t(N, c, 1, 1)}")
    avg = map_generic("avg", [s_], [t(N, c, 1, 1)], [MAP4], "%in: f32",
                      f"    %area = arith.constant {float(h * w):.6e} : f32\n    %r = arith.divf %in, %area : f32\n"
                      "    linalg.yield %r : f32", c, 1, 1)
    flat = fresh("flat")
    lines.append(f"  {flat} = tensor.collapse_shape {avg} [[0], [1, 2, 3]] : {t(N, c, 1, 1)} into {t(N, c)}")
    wts = const([rng.uniform(-0.5, 0.5) for _ in range(CLASSES * c)], [CLASSES, c], "fc_w")
    bias = const([rng.uniform(-0.2, 0.2) for _ in range(CLASSES)], [CLASSES], "fc_b")
    te = fresh("e")
    lines.append(f"  {te} = tensor.empty() : {t(c, CLASSES)}")
    wt = fresh("wt")
    lines.append(f"  {wt} = linalg.transpose ins({wts} : {t(CLASSES, c)}) outs({te} : {t(c, CLASSES)}) permutation = [1, 0]")
    oe = fresh("e")
    lines.append(f"  {oe} = tensor.empty() : {t(N, CLASSES)}")
    of = fresh("mmfill")
    lines.append(f"  {of} = linalg.fill ins(%zero : f32) outs({oe} : {t(N, CLASSES)}) -> {t(N, CLASSES)}")
    mm = fresh("logits")
    lines.append(f"  {mm} = linalg.matmul ins({flat}, {wt} : {t(N, c)}, {t(c, CLASSES)}) outs({of} : {t(N, CLASSES)}) -> {t(N, CLASSES)}")
    r = fresh("out")
    lines.append(f"  {r} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, "
                 f"affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} "
                 f"ins({mm}, {bias} : {t(N, CLASSES)}, {t(CLASSES)}) outs({oe} : {t(N, CLASSES)}) {{\n"
                 f"  ^bb0(%in: f32, %b: f32, %o: f32):\n    %r = arith.addf %in, %b : f32\n    linalg.yield %r : f32\n"
                 f"  }} -> {t(N, CLASSES)}")
    return r


# stem: conv3x3 s1 + bn + relu (and, for the classifier, a max pool)
x, h, w = conv("%input", CIN, C, 3, 1, 1, H, W, "stem", bias=False)
x = relu(batchnorm(x, C, h, w, "stem_bn"), C, h, w)
if MODE == "tiny":
    x, h, w = maxpool(x, C, h, w)
block_in = x
# basic block: conv+bn+relu, conv+bn, + identity, relu
y, h, w = conv(x, C, C, 3, 1, 1, h, w, "b1c1", bias=False)
y = relu(batchnorm(y, C, h, w, "b1bn1"), C, h, w)
y, h, w = conv(y, C, C, 3, 1, 1, h, w, "b1c2", bias=False)
y = batchnorm(y, C, h, w, "b1bn2")
y = relu(add(y, block_in, C, h, w), C, h, w)
# downsampling block: conv s2 + bn + relu, conv + bn, + (1x1 s2 conv + bn), relu
C2 = 2 * C
z, h2, w2 = conv(y, C, C2, 3, 2, 1, h, w, "b2c1", bias=False)
z = relu(batchnorm(z, C2, h2, w2, "b2bn1"), C2, h2, w2)
z, h2, w2 = conv(z, C2, C2, 3, 1, 1, h2, w2, "b2c2", bias=True)
z = batchnorm(z, C2, h2, w2, "b2bn2")
d, _, _ = conv(y, C, C2, 1, 2, 0, h, w, "down", bias=False)
d = batchnorm(d, C2, h2, w2, "downbn")
out = relu(add(z, d, C2, h2, w2), C2, h2, w2)
result = t(N, C2, h2, w2)
if MODE == "tiny":
    out = classifier(out, C2, h2, w2)
    result = t(N, CLASSES)

if MODE == "block":
    print("// A small ResNet-style network (stem, one basic block, one downsampling")
    print("// block) in the form torch-mlir's FX importer emits for an eval-mode model,")
    print("// with random weights and BatchNorm statistics. Generated by")
    print("// utils/gen_resnet_block.py block; regenerate rather than edit.")
else:
    print("// A whole small ResNet classifier (stem, max pool, a basic block, a")
    print("// downsampling block, global average pool, linear layer) in the form")
    print("// torch-mlir's FX importer emits for an eval-mode model, with random weights")
    print("// and BatchNorm statistics. Generated by utils/gen_resnet_block.py tiny;")
    print("// regenerate rather than edit.")
name = "resnet_block" if MODE == "block" else "resnet_tiny"
print(f"func.func @{name}(%input: {t(N, CIN, H, W)}) -> {result} {{")
print("  %zero = arith.constant 0.000000e+00 : f32")
print("  %one = arith.constant 1.000000e+00 : f32")
print("  %eps = arith.constant 1.000000e-05 : f32")
if MODE == "tiny":
    print("  %lowest = arith.constant -3.40282347E+38 : f32")
print("\n".join(consts))
print("\n".join(lines))
print(f"  return {out} : {result}")
print("}")
