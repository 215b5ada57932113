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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--networks",
                        default="resnet50,mobilenet_v2,efficientnet_b0,yolov8n")
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--modes",
                        default="eager_fp32,eager_tf32_cl,folded_fp32,compile")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--replays", type=int, default=20)
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
