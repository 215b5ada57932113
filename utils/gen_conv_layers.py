#!/usr/bin/env python3
"""Writes the distinct conv layers of ResNet-50 or MobileNetV2 (224x224 input) as
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
Usage: utils/gen_conv_layers.py 1 [resnet50] > bench/models/resnet50-layers.mlir
       utils/gen_conv_layers.py 1 mobilenet_v2 > bench/models/mobilenet_v2-layers.mlir
The layers are those of bench/models/conv-layers.txt.
(bench/gpu/prepare.sh derives other batch sizes from that file; the seed does
not depend on the batch, so they are the same layers.)
"""
import os
import random
import sys

LAYER_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "models", "conv-layers.txt")


def layers(net):
    """(name, in, out, kernel, stride, padding, size, groups) of `net`, from
    bench/models/conv-layers.txt, the list every benchmark reads."""
    out = []
    with open(LAYER_FILE) as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0].startswith("#") or fields[0] != net:
                continue
            name, *numbers = fields[1:]
            out.append((name, *map(int, numbers)))
    return out


def t(*shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def vec(values):
    return "dense<[" + ", ".join(f"{v:.4f}" for v in values) + f"]> : {t(len(values))}"


def layer(n, name, cin, cout, k, s, p, h, groups, rng):
    ho = (h + 2 * p - k) // s + 1
    out = t(n, cout, ho, ho)
    depthwise = groups > 1
    if depthwise and not (groups == cin == cout):
        sys.exit(f"{name}: only depthwise grouped convs are generated")
    lines = [f"func.func @{name}(%x: {t(n, cin, h, h)}, %w: {t(cout, cin // groups, k, k)}) -> {out} {{"]
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
    attrs = f"{{dilations = dense<1> : vector<2xi64>, strides = dense<{s}> : vector<2xi64>}}"
    if depthwise:
        # As the FX importer writes it: the Cx1xKxK filter collapsed to CxKxK.
        lines.append(f"  %wc = tensor.collapse_shape %w [[0, 1], [2], [3]] : {t(cout, 1, k, k)} into {t(cout, k, k)}")
        lines.append(f"  %c = linalg.depthwise_conv_2d_nchw_chw {attrs} "
                     f"ins({src}, %wc : {t(n, cin, hp, hp)}, {t(cout, k, k)}) outs(%f : {out}) -> {out}")
    else:
        lines.append(f"  %c = linalg.conv_2d_nchw_fchw {attrs} "
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
    if len(sys.argv) not in (2, 3) or not sys.argv[1].isdigit():
        sys.exit("usage: gen_conv_layers.py BATCH [resnet50|mobilenet_v2]")
    n = int(sys.argv[1])
    net = sys.argv[2] if len(sys.argv) == 3 else "resnet50"
    specs = layers(net)
    if not specs:
        sys.exit(f"no layers of '{net}' in {LAYER_FILE}")
    rng = random.Random(50)
    title = {"resnet50": "ResNet-50", "mobilenet_v2": "MobileNetV2"}.get(net, net)
    print(f"// Every distinct conv layer of {title} at 224x224, batch {n}, as a")
    print("// Conv -> BatchNorm -> ReLU chain in torch-mlir's TorchScript linalg form;")
    print("// the filter is an argument. Generated by utils/gen_conv_layers.py;")
    print("// regenerate rather than edit.")
    for spec in specs:
        print(layer(n, *spec, rng))
        print()


main()
