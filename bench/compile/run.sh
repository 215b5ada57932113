#!/usr/bin/env bash
# Compile time of the fusion passes (fusion-fuse, fusion-fold-bn) against
# upstream canonicalization on the same IR, from --mlir-timing: synthetic
# chains of N Conv -> BatchNorm -> ReLU blocks (utils/gen_conv_chain.py; the
# per-block time at the largest N must stay within 1.5x of the smallest's)
# and any real models given as arguments (e.g. ResNet-50 from the corpus).
#
# Each pass time is the median of REPEATS runs (default 5): at 100 blocks the
# fusion passes take a few milliseconds, where one run's noise alone moved
# the largest/smallest ratio between 1.35 and 1.60.
#
#   bench/compile/run.sh [MODEL.mlir...]      (SIZES="100 1000 10000" REPEATS=5)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
mlir_opt="$(llvm-config-22 --bindir)/mlir-opt"
sizes=(${SIZES:-100 1000 10000})
repeats=${REPEATS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# seconds NAME TIMING-REPORT: the wall time of the pass NAME in the report.
seconds() { awk -v name="$2" '$NF == name && $1 ~ /^[0-9.]+$/ {s += $1} END {printf "%.4f", s}' "$1"; }

# median VALUES...: the middle value (the lower middle for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# time_model FILE: fusion passes and canonicalize, each alone after a parse,
# REPEATS times; sets fuse, fold and canon to the medians.
time_model() {
  local fuses=() folds=() canons=()
  for ((r = 0; r < repeats; r++)); do
    "$bin/fusion-opt" "$1" --fusion-fuse --fusion-fold-bn --mlir-timing -o /dev/null 2> "$tmp/fusion.txt"
    "$mlir_opt" "$1" --canonicalize --mlir-timing -o /dev/null 2> "$tmp/canon.txt"
    fuses+=("$(seconds "$tmp/fusion.txt" FuseChains)")
    folds+=("$(seconds "$tmp/fusion.txt" FoldBatchNorm)")
    canons+=("$(seconds "$tmp/canon.txt" Canonicalizer)")
  done
  fuse=$(median "${fuses[@]}")
  fold=$(median "${folds[@]}")
  canon=$(median "${canons[@]}")
}

printf '%-24s %8s %10s %10s %10s %12s %10s\n' model blocks fuse-s fold-bn-s canon-s fusion-us/blk fusion/canon
first=""
for n in "${sizes[@]}"; do
  python3 "$root/utils/gen_conv_chain.py" "$n" > "$tmp/chain.mlir"
  time_model "$tmp/chain.mlir"
  per=$(awk -v a="$fuse" -v b="$fold" -v n="$n" 'BEGIN {printf "%.1f", 1e6 * (a + b) / n}')
  ratio=$(awk -v a="$fuse" -v b="$fold" -v c="$canon" 'BEGIN {printf "%.2f", (a + b) / c}')
  printf '%-24s %8s %10s %10s %10s %12s %10s\n' chain "$n" "$fuse" "$fold" "$canon" "$per" "$ratio"
  [ -n "$first" ] || first=$per
  last=$per
done
awk -v a="$first" -v b="$last" 'BEGIN {printf "per-block time, largest / smallest N: %.2f (bound 1.5)\n", b / a}'
for model in "$@"; do
  time_model "$model"
  blocks=$("$bin/fusion-opt" "$model" --fusion-fuse -o - 2>/dev/null | grep -c "fusion.conv_bn_act\|fusion.conv_bias_act" || true)
  ratio=$(awk -v a="$fuse" -v b="$fold" -v c="$canon" 'BEGIN {printf "%.2f", (a + b) / c}')
  printf '%-24s %8s %10s %10s %10s %12s %10s\n' "$(basename "$model" .mlir)" "$blocks" "$fuse" "$fold" "$canon" - "$ratio"
done
