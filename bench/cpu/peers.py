#!/usr/bin/env python3
"""The peers of fusion-bench's tables, timed on this CPU: PyTorch eager in
eval mode (conv, BatchNorm and ReLU as separate kernels) and ONNX Runtime
(its graph optimizer folds BatchNorm into the conv and fuses the ReLU; MLAS
kernels), on every layer of bench/models/conv-layers.txt and on whole
networks built by their own libraries (torchvision ResNet-50 and
MobileNetV2 at 224x224, ultralytics YOLOv8n at 640x640).

Dev-time only (utils/.venv, see bench/cpu/run.sh); the product never runs
Python. Same inputs shape, given thread count, warm-up, median of repeats.
Prints one line per timing: "engine kind name median_ms".

  peers.py --threads 1 --batch 1 --layers FILE --nets resnet50,mobilenet_v2
  peers.py --threads 1 --networks resnet50,mobilenet_v2,yolov8n
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("YOLO_OFFLINE", "1")
os.environ.setdefault("YOLO_VERBOSE", "False")

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils", "corpus"))


def median_ms(fn, repeats, warmup):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(1e3 * (time.perf_counter() - start))
    return statistics.median(times)


def random_eval_bn(model, generator):
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, nn.BatchNorm2d):
                c = m.num_features
                m.weight.copy_(torch.rand(c, generator=generator) + 0.5)
                m.bias.copy_(torch.randn(c, generator=generator) * 0.3)
                m.running_mean.copy_(torch.randn(c, generator=generator) * 0.5)
                m.running_var.copy_(torch.rand(c, generator=generator) + 0.2)
    return model.eval()


def ort_session(model, example, threads):
    import onnxruntime as ort
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.onnx")
        torch.onnx.export(model, (example,), path, dynamo=False,
                          opset_version=17)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = (
            ort.GraphOptimizationLevel.ORT_ENABLE_ALL)
        session = ort.InferenceSession(path, options,
                                       providers=["CPUExecutionProvider"])
    return session


def time_both(kind, name, model, example, args):
    # no_grad, not inference_mode: ultralytics caches anchors on the module
    # on the first call, and inference tensors cannot be cached so.
    with torch.no_grad():
        eager = median_ms(lambda: model(example), args.repeats, args.warmup)
    print(f"eager {kind} {name} {eager:.4f}", flush=True)
    session = ort_session(model, example, args.threads)
    feed = {session.get_inputs()[0].name: example.numpy()}
    ort_ms = median_ms(lambda: session.run(None, feed), args.repeats,
                       args.warmup)
    print(f"ort {kind} {name} {ort_ms:.4f}", flush=True)


def layers(path, nets):
    with open(path) as f:
        for line in f:
            fields = line.split()
            if fields and not fields[0].startswith("#") and fields[0] in nets:
                net, name, *numbers = fields
                yield net, name, [int(v) for v in numbers]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--layers")
    parser.add_argument("--nets", default="resnet50,mobilenet_v2")
    parser.add_argument("--networks", default="")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    generator = torch.Generator().manual_seed(5)
    if args.layers:
        for net, name, (cin, cout, k, s, p, size, groups) in layers(
                args.layers, args.nets.split(",")):
            model = random_eval_bn(nn.Sequential(
                nn.Conv2d(cin, cout, k, s, p, groups=groups, bias=False),
                nn.BatchNorm2d(cout), nn.ReLU()), generator)
            example = torch.randn(args.batch, cin, size, size,
                                  generator=generator)
            time_both("layer", f"{net}/{name}", model, example, args)
    for name in filter(None, args.networks.split(",")):
        import export
        model, image = export.build(name, "full")
        random_eval_bn(model, generator)
        example = torch.randn(args.batch, 3, image, image, generator=generator)
        time_both("network", name, model, example, args)


if __name__ == "__main__":
    sys.exit(main())
