#!/usr/bin/env python3
"""What users would run instead of us on the GPU machine, timed the same way.

For each network and batch: PyTorch eager in fp32 with TF32 off (NCHW), its
default TF32 math with channels_last, the same fp32 model with every conv+BN
folded (torch.fx), and torch.compile (default mode, fp32). Weights are
random (seeded), BatchNorm in eval mode with random statistics: the timing
does not depend on the values. Eager and folded runs are CUDA-graph replays
(one replay per forward, median over rounds); torch.compile runs are timed
with CUDA events around the calls. Prints one JSON object per line:

  {"network": ..., "batch": ..., "mode": ..., "ms": ...}   or with "error"

  peers.py [--networks resnet50,mobilenet_v2,efficientnet_b0,yolov8n]
           [--batches 1,32] [--modes eager_fp32,eager_tf32_cl,folded_fp32,compile]
           [--rounds 10] [--replays 20]

With --layers FILE (bench/models/resnet50-layers.mlir), the per-layer peers
instead: each conv layer of the file (shapes from its function's
signature; stride from the input and output sizes, padding k // 2) as
cuDNN's fused conv+bias+ReLU (torch.cudnn_convolution_relu; conv2d then
relu where that op is missing, marked "fused": false), CUDA-graph replays,
one line per layer, batch and mode:

  {"layer": ..., "batch": ..., "mode": ..., "ms": ..., "flops": ...}

  modes (--layer-modes): cudnn_fp32_nchw, cudnn_fp32_nhwc (TF32 off),
  cudnn_tf32_nhwc (PyTorch's default math for convs), cudnn_f16_nhwc

Dev and bench only; the GPU image has torch and torchvision. YOLOv8n needs
ultralytics, which the image may lack: then its lines carry an error.
"""

import argparse
import json
import sys
import time


def build(name):
    import torch
    import torchvision

    torch.manual_seed(0)
    if name == "yolov8n":
        from ultralytics.nn.tasks import DetectionModel  # may be missing

        model = DetectionModel("yolov8n.yaml", verbose=False)
        image = 640
    else:
        model = getattr(torchvision.models, name)(weights=None)
        image = 224
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
    return model.eval(), image


def graph_ms(fn, x, rounds, replays):
    """Median ms per forward of `fn(x)` replayed as a CUDA graph."""
    import torch

    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):
            fn(x)
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn(x)
    return events_ms(graph.replay, rounds, replays)


def events_ms(call, rounds, per_round):
    import torch

    times = []
    for _ in range(rounds):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(per_round):
            call()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) / per_round)
    times.sort()
    return times[len(times) // 2]


def run(name, batch, mode, rounds, replays):
    import torch

    torch.backends.cuda.matmul.allow_tf32 = mode == "eager_tf32_cl"
    torch.backends.cudnn.allow_tf32 = mode == "eager_tf32_cl"
    model, image = build(name)
    model = model.cuda()
    x = torch.randn(batch, 3, image, image, device="cuda")
    if mode == "eager_tf32_cl":
        model = model.to(memory_format=torch.channels_last)
        x = x.to(memory_format=torch.channels_last)
    if mode == "folded_fp32":
        from torch.fx.experimental.optimization import fuse

        model = fuse(model)
    with torch.inference_mode():
        if mode == "compile":
            compiled = torch.compile(model)
            for _ in range(3):
                compiled(x)
            torch.cuda.synchronize()
            return events_ms(lambda: compiled(x), rounds, replays)
        return graph_ms(model, x, rounds, replays)


LAYER_SIGNATURE = (
    r"func\.func @(\w+)\(%x: tensor<1x(\d+)x(\d+)x(\d+)xf32>, "
    r"%w: tensor<(\d+)x\d+x(\d+)x(\d+)xf32>\) -> "
    r"tensor<1x\d+x(\d+)x(\d+)xf32>")


def read_layers(path):
    """(name, C, H, W, F, KH, KW, OH, OW) per function of a layers file."""
    import re

    with open(path) as f:
        text = f.read()
    return [(m.group(1),) + tuple(int(g) for g in m.groups()[1:])
            for m in re.finditer(LAYER_SIGNATURE, text)]


def run_layer(layer, batch, mode, rounds, replays):
    """ms per call and whether cuDNN's fused op ran, for one layer."""
    import torch

    name, c, h, w, f, kh, kw, oh, ow = layer
    stride = h // oh
    padding = (kh // 2, kw // 2)
    tf32 = mode == "cudnn_tf32_nhwc"
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32
    dtype = torch.float16 if mode == "cudnn_f16_nhwc" else torch.float32
    fmt = (torch.contiguous_format if mode == "cudnn_fp32_nchw"
           else torch.channels_last)
    x = torch.randn(batch, c, h, w, device="cuda", dtype=dtype).to(
        memory_format=fmt)
    weight = torch.randn(f, c, kh, kw, device="cuda", dtype=dtype).to(
        memory_format=fmt)
    bias = torch.randn(f, device="cuda", dtype=dtype)

    def fused_call(x):
        return torch.cudnn_convolution_relu(
            x, weight, bias, (stride, stride), padding, (1, 1), 1)

    def unfused_call(x):
        return torch.relu(torch.nn.functional.conv2d(
            x, weight, bias, stride, padding))

    with torch.inference_mode():
        if hasattr(torch, "cudnn_convolution_relu"):
            try:
                return graph_ms(fused_call, x, rounds, replays), True
            except RuntimeError:  # no fused cuDNN plan for this case
                torch.cuda.synchronize()
        return graph_ms(unfused_call, x, rounds, replays), False


def layer_peers(args):
    import torch

    for layer in read_layers(args.layers):
        name, c, h, w, f, kh, kw, oh, ow = layer
        for batch in (int(b) for b in args.batches.split(",")):
            for mode in args.layer_modes.split(","):
                record = {"layer": name, "batch": batch, "mode": mode,
                          "flops": 2 * batch * oh * ow * f * c * kh * kw}
                try:
                    ms, fused = run_layer(layer, batch, mode, args.rounds,
                                          args.replays)
                    record["ms"] = round(ms, 5)
                    record["fused"] = fused
                except Exception as e:  # one peer's failure stops nothing
                    record["error"] = f"{type(e).__name__}: {e}"[:300]
                print(json.dumps(record), flush=True)
                torch.cuda.empty_cache()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--networks",
                        default="resnet50,mobilenet_v2,efficientnet_b0,yolov8n")
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--modes",
                        default="eager_fp32,eager_tf32_cl,folded_fp32,compile")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--replays", type=int, default=20)
    parser.add_argument("--layers", default=None,
                        help="a layers file: time its conv layers instead")
    parser.add_argument(
        "--layer-modes",
        default="cudnn_fp32_nchw,cudnn_fp32_nhwc,cudnn_tf32_nhwc,"
                "cudnn_f16_nhwc")
    args = parser.parse_args()
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": f"no torch: {e}"}), flush=True)
        return 0
    if not torch.cuda.is_available():
        print(json.dumps({"error": "torch sees no CUDA device"}), flush=True)
        return 0
    print(json.dumps({"device": torch.cuda.get_device_name(),
                      "torch": torch.__version__,
                      "cudnn": torch.backends.cudnn.version()}), flush=True)
    if args.layers:
        layer_peers(args)
        return 0
    for name in args.networks.split(","):
        for batch in (int(b) for b in args.batches.split(",")):
            for mode in args.modes.split(","):
                record = {"network": name, "batch": batch, "mode": mode}
                began = time.time()
                try:
                    record["ms"] = round(run(name, batch, mode, args.rounds,
                                             args.replays), 4)
                except Exception as e:  # one peer's failure stops nothing
                    record["error"] = f"{type(e).__name__}: {e}"[:300]
                record["seconds"] = round(time.time() - began, 1)
                print(json.dumps(record), flush=True)
                torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
