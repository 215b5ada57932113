#!/usr/bin/env python3
"""Writes the distinct conv layers of ResNet-50 (224x224 input) as
Conv -> BatchNorm -> ReLU chains in torch-mlir's TorchScript linalg form
(zero-filled accumulator, zero tensor.pad, BatchNorm as one generic over the
running statistics, ReLU as cmpf ugt + select), one function per layer, for
the benchmarks in bench/.

The filter is an argument of each function, so the compiled libraries stay
small (ResNet-50's filters are 100 MB) and the runner fills it with random
values like the input; the BatchNorm statistics are constants. With a filter
that is not a constant, fusion-fold-bn leaves the normalization in the fused
op's epilogue: the same memory traffic as the folded form, a few more
operations per element.

Dev-time only; the product never runs Python. Deterministic.
Usage: utils/gen_conv_layers.py 1 > bench/models/resnet50-layers.mlir
(bench/gpu/prepare.sh derives other batch sizes from that file; the seed does
not depend on the batch, so they are the same layers.)
"""
import random
import sys

# name, input channels, output channels, kernel, stride, padding, input size
LAYERS = [
    ("stem_7x7_s2", 3, 64, 7, 2, 3, 224),
    ("l1_1x1_64_64", 64, 64, 1, 1, 0, 56),
    ("l1_3x3_64", 64, 64, 3, 1, 1, 56),
    ("l1_1x1_64_256", 64, 256, 1, 1, 0, 56),
    ("l1_1x1_256_64", 256, 64, 1, 1, 0, 56),
    ("l2_1x1_256_128", 256, 128, 1, 1, 0, 56),
    ("l2_3x3_128_s2", 128, 128, 3, 2, 1, 56),
    ("l2_1x1_128_512", 128, 512, 1, 1, 0, 28),
    ("l2_down_1x1_256_512_s2", 256, 512, 1, 2, 0, 56),
    ("l2_1x1_512_128", 512, 128, 1, 1, 0, 28),
    ("l2_3x3_128", 128, 128, 3, 1, 1, 28),
    ("l3_1x1_512_256", 512, 256, 1, 1, 0, 28),
    ("l3_3x3_256_s2", 256, 256, 3, 2, 1, 28),
    ("l3_1x1_256_1024", 256, 1024, 1, 1, 0, 14),
    ("l3_down_1x1_512_1024_s2", 512, 1024, 1, 2, 0, 28),
    ("l3_1x1_1024_256", 1024, 256, 1, 1, 0, 14),
    ("l3_3x3_256", 256, 256, 3, 1, 1, 14),
    ("l4_1x1_1024_512", 1024, 512, 1, 1, 0, 14),
    ("l4_3x3_512_s2", 512, 512, 3, 2, 1, 14),
    ("l4_1x1_512_2048", 512, 2048, 1, 1, 0, 7),
    ("l4_down_1x1_1024_2048_s2", 1024, 2048, 1, 2, 0, 14),
    ("l4_1x1_2048_512", 2048, 512, 1, 1, 0, 7),
    ("l4_3x3_512", 512, 512, 3, 1, 1, 7),
]


def t(*shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def vec(values):
    return "dense<[" + ", ".join(f"{v:.4f}" for v in values) + f"]> : {t(len(values))}"


def layer(n, name, cin, cout, k, s, p, h, rng):
    ho = (h + 2 * p - k) // s + 1
    out = t(n, cout, ho, ho)
    lines = [f"func.func @{name}(%x: {t(n, cin, h, h)}, %w: {t(cout, cin, k, k)}) -> {out} {{"]
    lines.append("  %zero = arith.constant 0.000000e+00 : f32")
    lines.append("  %eps = arith.constant 1.000000e-05 : f32")
    for stat, lo, hi in (("gamma", 0.5, 1.5), ("beta", -0.3, 0.3), ("mean", -0.5, 0.5), ("var", 0.2, 2.0)):
        lines.append(f"  %{stat} = arith.constant {vec([rng.uniform(lo, hi) for _ in range(cout)])}")
    src = "%x"
    if p:
        lines.append(f"  %padded = tensor.pad %x low[0, 0, {p}, {p}] high[0, 0, {p}, {p}] {{\n"
                     f"  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n    tensor.yield %zero : f32\n"
                     f"  }} : {t(n, cin, h, h)} to {t(n, cin, h + 2 * p, h + 2 * p)}")
        src = "%padded"
    hp = h + 2 * p
    lines.append(f"  %e = tensor.empty() : {out}")
    lines.append(f"  %f = linalg.fill ins(%zero : f32) outs(%e : {out}) -> {out}")
    lines.append(f"  %c = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, strides = dense<{s}> : vector<2xi64>}} "
                 f"ins({src}, %w : {t(n, cin, hp, hp)}, {t(cout, cin, k, k)}) outs(%f : {out}) -> {out}")
    id4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
    ch = "affine_map<(d0, d1, d2, d3) -> (d1)>"
    par = '["parallel", "parallel", "parallel", "parallel"]'
    lines.append(f"  %bn = linalg.generic {{indexing_maps = [{id4}, {ch}, {ch}, {ch}, {ch}, {id4}], iterator_types = {par}}} "
                 f"ins(%c, %gamma, %beta, %mean, %var : {out}, {t(cout)}, {t(cout)}, {t(cout)}, {t(cout)}) outs(%c : {out}) {{\n"
                 "  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %o: f32):\n"
                 "    %0 = arith.addf %v, %eps : f32\n    %1 = math.rsqrt %0 : f32\n"
                 "    %2 = arith.subf %in, %m : f32\n    %3 = arith.mulf %2, %1 : f32\n"
                 "    %4 = arith.mulf %3, %g : f32\n    %5 = arith.addf %4, %b : f32\n"
                 f"    linalg.yield %5 : f32\n  }} -> {out}")
    lines.append(f"  %r = linalg.generic {{indexing_maps = [{id4}, {id4}], iterator_types = {par}}} "
                 f"ins(%bn : {out}) outs(%e : {out}) {{\n"
                 "  ^bb0(%in: f32, %o: f32):\n    %0 = arith.cmpf ugt, %in, %zero : f32\n"
                 "    %1 = arith.select %0, %in, %zero : f32\n    linalg.yield %1 : f32\n"
                 f"  }} -> {out}")
    lines.append(f"  return %r : {out}")
    lines.append("}")
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: gen_conv_layers.py BATCH")
    n = int(sys.argv[1])
    rng = random.Random(50)
    print(f"// Every distinct conv layer of ResNet-50 at 224x224, batch {n}, as a")
    print("// Conv -> BatchNorm -> ReLU chain in torch-mlir's TorchScript linalg form;")
    print("// the filter is an argument. Generated by utils/gen_conv_layers.py;")
    print("// regenerate rather than edit.")
    for spec in LAYERS:
        print(layer(n, *spec, rng))
        print()


main()
