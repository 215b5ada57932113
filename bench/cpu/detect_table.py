#!/usr/bin/env python3
"""The Markdown table of bench/cpu/detect.sh, from what it wrote in OUT:
bench.<round>.json (fusion-bench), eager.<round>.txt (detect_peer.py),
checks.txt (pass seconds, kernel counts), bytes.txt (detect_bytes.py).
A time is the median over the rounds of each round's median (with two
rounds, their mean). Standard library only.

Usage: bench/cpu/detect_table.py OUT ROUNDS FUNCTION...
"""
import json
import os
import statistics
import sys


def main(out, rounds, functions):
    times = {}      # (fn, program) -> [round medians]
    for r in range(rounds):
        with open(os.path.join(out, "bench.%d.json" % r)) as f:
            data = json.load(f)
        rows = data if isinstance(data, list) else data.get("functions", data.get("rows", []))
        for row in rows:
            for prog, t in row.get("programs", {}).items():
                times.setdefault((row["function"], prog), []).append(t["median_ms"])
        path = os.path.join(out, "eager.%d.txt" % r)
        if os.path.exists(path):
            for line in open(path):
                parts = line.split()
                if len(parts) == 3 and parts[0] == "eager":
                    times.setdefault((parts[1], "eager"), []).append(float(parts[2]))
    checks = {}
    for line in open(os.path.join(out, "checks.txt")):
        parts = line.split()
        if len(parts) == 3:
            checks[(parts[0], parts[1])] = parts[2]
    mb = {}
    for line in open(os.path.join(out, "bytes.txt")):
        parts = line.split()
        if len(parts) >= 4 and parts[0] in functions:
            mb[parts[0]] = (float(parts[2]), float(parts[3]))

    def t(fn, prog):
        v = times.get((fn, prog))
        return statistics.median(v) if v else None

    def ms(x):
        return "%.3f" % x if x is not None else "-"

    def ratio(a, b):
        return "%.2f" % (a / b) if a is not None and b else "-"

    print("| function | fused ms | unfused ms | reference ms | unfused/fused | reference/fused"
          " | eager ms | eager/fused | GPU kernels unfused → fused | MB fewest | MB unfused"
          " | fused GB/s (fewest bytes) | fuse-detect s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for fn in functions:
        fu, un, ref, ea = t(fn, "fused"), t(fn, "unfused"), t(fn, "reference"), t(fn, "eager")
        fewest, unfused = mb.get(fn, (None, None))
        gbs = "%.1f" % (fewest / fu) if fewest and fu else "-"  # MB / ms = GB/s
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s → %s | %s | %s | %s | %s |" % (
            fn, ms(fu), ms(un), ms(ref), ratio(un, fu), ratio(ref, fu), ms(ea), ratio(ea, fu),
            checks.get((fn, "kernels.unfused"), "-"), checks.get((fn, "kernels.fused"), "-"),
            "%.2f" % fewest if fewest else "-", "%.2f" % unfused if unfused else "-", gbs,
            checks.get((fn, "pass_s"), "-")))
    print()
    print("Each round's medians (ms), fused / unfused / reference / eager:")
    print()
    for fn in functions:
        cols = []
        for prog in ("fused", "unfused", "reference", "eager"):
            v = times.get((fn, prog), [])
            cols.append(", ".join("%.3f" % x for x in v) or "-")
        print("- %s: %s" % (fn, " / ".join(cols)))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
