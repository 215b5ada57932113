#!/usr/bin/env python3
"""The whole-network table of bench/gpu/run.sh, from its results folder.

times.txt holds "entry program kernel_ms graph_ms" per GPU program run
(entry e.g. resnet50-b1; graph_ms "-" where no graph was replayed);
peers.jsonl one JSON object per PyTorch run (bench/gpu/peers.py). Prints,
per network and batch: our fused and unfused programs (sum of kernel times
with CUDA events; CUDA-graph replay per forward), then each peer's ms per
forward and the peer's time over our fused graph replay (above 1: we are
faster). Plain Python, standard library only.

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
    others = sorted(k for k in ours if k not in nets)
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


if __name__ == "__main__":
    sys.exit(main())
