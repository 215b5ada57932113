#!/usr/bin/env python3
"""The tables of bench/gpu/run.sh, from its results folder.

times.txt holds "entry program kernel_ms graph_ms" per GPU program run
(entry e.g. resnet50-b1; graph_ms "-" where no graph was replayed);
peers.jsonl one JSON object per PyTorch run (bench/gpu/peers.py). Prints,
per network and batch: our fused and unfused programs (sum of kernel times
with CUDA events; CUDA-graph replay per forward), then each peer's ms per
forward and the peer's time over our fused graph replay (above 1: we are
faster); then, per ResNet-50 layer with peers, our programs next to
cuDNN's fused conv+bias+ReLU (layer_table). Plain Python, standard library
only.

  table.py RESULTS_DIR
"""

import json
import os
import sys

PEERS = ["eager_fp32", "eager_tf32_cl", "folded_fp32", "compile"]


def main():
    results = sys.argv[1]
    ours = {}
    with open(os.path.join(results, "times.txt")) as f:
        for line in f:
            parts = line.split()
            if len(parts) != 4:
                continue
            entry, program, kernel, graph = parts
            ours.setdefault(entry, {})[program] = (
                float(kernel), None if graph == "-" else float(graph))
    peers = {}
    path = os.path.join(results, "peers.jsonl")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if "network" in r:
                    key = f"{r['network']}-b{r['batch']}"
                    peers.setdefault(key, {})[r["mode"]] = r.get("ms")
                elif "layer" in r:
                    key = f"r50-b{r['batch']}-{r['layer']}"
                    peers.setdefault(key, {})[r["mode"]] = r.get("ms")
                    peers[key]["flops"] = r.get("flops")

    def cell(v):
        return "-" if v is None else f"{v:.3f}"

    header = ["network", "fused k/g", "unfused k/g", "unf/fused"] + [
        f"{p} (x)" for p in PEERS]
    print("  ".join(f"{h:>22}" if i else f"{h:<20}"
                    for i, h in enumerate(header)))
    nets = sorted(k for k in ours if k.rsplit("-b", 1)[0] in
                  ("resnet50", "mobilenet_v2", "efficientnet_b0", "yolov8n"))
    for entry in nets:
        fused = ours[entry].get("fused", (None, None))
        unfused = ours[entry].get("unfused", (None, None))
        ratio = (unfused[1] / fused[1]) if fused[1] and unfused[1] else None
        row = [entry, f"{cell(fused[0])}/{cell(fused[1])}",
               f"{cell(unfused[0])}/{cell(unfused[1])}",
               "-" if ratio is None else f"{ratio:.2f}"]
        for p in PEERS:
            ms = peers.get(entry, {}).get(p)
            if ms is None:
                row.append("-")
            else:
                vs = f" ({ms / fused[1]:.2f})" if fused[1] else ""
                row.append(f"{ms:.3f}{vs}")
        print("  ".join(f"{c:>22}" if i else f"{c:<20}"
                        for i, c in enumerate(row)))
    layers = sorted(k for k in ours if k in peers and k.startswith("r50-b"))
    if layers:
        layer_table(ours, peers, layers, cell)
    others = sorted(k for k in ours if k not in nets and k not in layers)
    if others:
        print("other entries (kernel ms / graph ms per program; fused-<policy>:"
              " the fused program under that precision policy):")
        for entry in others:
            programs = sorted(ours[entry], key=lambda p: (
                p != "fused", p != "unfused", p))
            print(f"  {entry:<40} " + "  ".join(
                f"{p} {cell(k)}/{cell(g)}"
                for p, (k, g) in ((p, ours[entry][p]) for p in programs)))
    return 0


def layer_table(ours, peers, layers, cell):
    """Per ResNet-50 layer: our kernel ms per program, cuDNN's fused
    conv+bias+ReLU per mode, the targets' ratios (cuDNN ms over ours: above
    1, we are faster) and the TFLOP/s of our fastest tensor-core program."""
    print("== ResNet-50 layers, kernel ms (ours: CUDA events; cuDNN:"
          " CUDA-graph replay) ==")
    header = ["layer", "fused", "unfused", "tf32", "tf32x3", "cudnn fp32",
              "cudnn tf32", "cudnn f16", "fp32 x", "tf32 x", "3xtf32 x",
              "unf/fused", "TFLOP/s"]
    print("  ".join(f"{h:>11}" if i else f"{h:<34}"
                    for i, h in enumerate(header)))
    for entry in layers:
        mine = {p: k for p, (k, g) in ours[entry].items()}
        theirs = peers[entry]
        fp32 = [theirs.get(m) for m in ("cudnn_fp32_nchw", "cudnn_fp32_nhwc")]
        fp32 = min((v for v in fp32 if v), default=None)
        tf32 = theirs.get("cudnn_tf32_nhwc")

        def ratio(peer, program):
            ms = mine.get(program)
            return "-" if not peer or not ms else f"{peer / ms:.2f}"

        fastest = min((mine[p] for p in ("fused-tf32", "fused-tf32x3",
                                         "fused") if mine.get(p)),
                      default=None)
        flops = theirs.get("flops")
        rate = (f"{flops / (fastest * 1e-3) / 1e12:.1f}"
                if flops and fastest else "-")
        unf = ("-" if not mine.get("fused") or not mine.get("unfused")
               else f"{mine['unfused'] / mine['fused']:.2f}")
        row = [entry, cell(mine.get("fused")), cell(mine.get("unfused")),
               cell(mine.get("fused-tf32")), cell(mine.get("fused-tf32x3")),
               cell(fp32), cell(tf32), cell(theirs.get("cudnn_f16_nhwc")),
               ratio(fp32, "fused"), ratio(tf32, "fused-tf32"),
               ratio(fp32, "fused-tf32x3"), unf, rate]
        print("  ".join(f"{c:>11}" if i else f"{c:<34}"
                        for i, c in enumerate(row)))
    print("targets: fp32 x >= 1, tf32 x >= 1, 3xtf32 x >= 2 (against cuDNN"
          " fp32); unf/fused >= 1.8 on the 1x1 layers at tf32 (the column is"
          " fp32: no unfused tensor-core program is built)")


if __name__ == "__main__":
    sys.exit(main())
