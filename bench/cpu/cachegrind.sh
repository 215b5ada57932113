#!/usr/bin/env bash
# Memory moved per call, fused against unfused, from valgrind's cachegrind
# (this machine's VM exposes no hardware counters to perf). Each program runs
# under cachegrind twice, with 1 and with 1 + EXTRA calls; the difference,
# divided by EXTRA, is one call's data references and last-level misses,
# free of the JIT compile and the input set-up that both runs share. The
# simulated last level is LL (default 1 MiB, 16-way: one core's L2 on the
# machine of bench/RESULTS.md), so "LL miss bytes" is the traffic a call
# sends past the core's own caches, next to the fewest bytes the layer must
# move and the bytes an unfused Conv -> BN -> ReLU moves (fusion-bench).
#
#   bench/cpu/cachegrind.sh MODEL.mlir FUNCTION...     (EXTRA=4 LL=1048576,16,64 FLAGS=)
#
# FLAGS are passed to fusion-bench, e.g. FLAGS=--reuse-order=false for the
# loop order before reuse-order.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
extra=${EXTRA:-4}
ll=${LL:-1048576,16,64}
flags=(${FLAGS:-})
model=$1
shift
command -v valgrind >/dev/null || { echo "cachegrind.sh: needs valgrind" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# totals PROGRAM FUNCTION CALLS: "Dr Dw DLmr DLmw" summed over the run.
totals() {
  valgrind --tool=cachegrind --cache-sim=yes --LL="$ll" \
    --cachegrind-out-file="$tmp/cg.out" \
    "$bin/fusion-bench" "$model" --entry="$2" --programs="$1" \
    --warmup=0 --repeats="$3" "${flags[@]}" >/dev/null 2>&1
  awk '/^events:/ {for (i = 2; i <= NF; i++) col[$i] = i}
       /^summary:/ {print $col["Dr"], $col["Dw"], $col["DLmr"], $col["DLmw"]}' "$tmp/cg.out"
}

printf '| function | program | data refs/call (M) | LL miss MB/call | fewest MB | unfused MB |\n'
printf '|---|---|---:|---:|---:|---:|\n'
for fn in "$@"; do
  read -r mbmin mbunf < <("$bin/fusion-bench" "$model" --entry="$fn" --analyze-only 2>/dev/null |
    awk -v f="$fn" '$1 == f {print $4, $5}')
  for program in fused unfused; do
    read -r r1 w1 mr1 mw1 < <(totals "$program" "$fn" 1)
    read -r r2 w2 mr2 mw2 < <(totals "$program" "$fn" $((1 + extra)))
    awk -v f="$fn" -v p="$program" -v n="$extra" -v mbmin="$mbmin" -v mbunf="$mbunf" \
      -v r="$((r2 + w2 - r1 - w1))" -v m="$((mr2 + mw2 - mr1 - mw1))" \
      'BEGIN {printf "| %s | %s | %.1f | %.2f | %s | %s |\n", f, p, r / n / 1e6, m * 64 / n / 1e6, mbmin, mbunf}'
  done
done
