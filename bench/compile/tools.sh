#!/usr/bin/env bash
# Compile time of whole tools, wall clock on one core (taskset -c 0), for
# the shapes that once took minutes: 300 Conv -> BatchNorm -> ReLU blocks in
# a row, and one block followed by 400 elementwise ops
# (utils/gen_conv_chain.py), plus any real models given as arguments (e.g.
# build/corpus-full/resnet50-linalg-b1.mlir). For each: fusion-opt
# --fusion-to-ptx, fusion-compile for the GPU and for the CPU, and
# fusion-verify (three JIT-compiled programs, 2 frames).
#
#   bench/compile/tools.sh [MODEL.mlir...]     (CORE=0; SKIP_VERIFY=1 to skip it)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
core=${CORE:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 "$root/utils/gen_conv_chain.py" 300 > "$tmp/blocks300.mlir"
python3 "$root/utils/gen_conv_chain.py" 1 --tail 400 > "$tmp/tail400.mlir"

# wall COMMAND...: seconds on one core; with the exit code after them when
# it is not 0 (fusion-verify exits 1 on the 300-block chain, whose values
# grow to 1e20 and beyond: a timing, not a check).
wall() {
  local start end rc=0
  start=$(date +%s.%N)
  taskset -c "$core" "$@" > "$tmp/out.txt" 2>&1 || rc=$?
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}'
  ((rc == 0)) || printf ' (exit %d)' "$rc"
}

printf '%-28s %10s %14s %14s %14s\n' model to-ptx-s compile-gpu-s compile-cpu-s verify-s
for model in "$tmp/blocks300.mlir" "$tmp/tail400.mlir" "$@"; do
  ptx=$(wall "$bin/fusion-opt" "$model" --fusion-to-ptx -o /dev/null)
  gpu=$(wall "$bin/fusion-compile" "$model" -o "$tmp/gpu.so")
  cpu=$(wall "$bin/fusion-compile" "$model" --target=cpu -o "$tmp/cpu.so")
  verify=-
  [ -n "${SKIP_VERIFY:-}" ] || verify=$(wall "$bin/fusion-verify" "$model" --frames=2)
  printf '%-28s %10s %14s %14s %14s\n' "$(basename "$model" .mlir)" "$ptx" "$gpu" "$cpu" "$verify"
done
