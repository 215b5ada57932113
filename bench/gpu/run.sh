#!/usr/bin/env bash
# The one command for a machine with an NVIDIA GPU: builds the runner
# (tools/fusion-gpu-run and its CUDA driver runtime; needs the CUDA toolkit's
# headers and a C++ compiler, not MLIR), then, for every model prepare.sh
# built, checks the fused and unfused GPU programs against the CPU reference
# on random frames and times them with CUDA events around every launch
# (interleaved calls, inputs rotated over 4 buffers, medians). Prints a
# table last; the runner's full output and JSON go to the results folder.
#
#   bench/gpu/run.sh [prepared-dir] [results-dir]
#
# REPEATS (50) sets the timed calls per program. DRY_RUN=1 runs the whole
# script without a GPU (the runner's --dry-run: host memory, launches
# counted, nothing checked or timed). Exits 1 if a check fails, 2 if there
# is no GPU or nothing was prepared.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
prepared="${1:-$root/bench/gpu/prepared}"
results="${2:-$prepared/results}"
repeats="${REPEATS:-50}"
[ -f "$prepared/models.txt" ] || { echo "run.sh: no models in $prepared: run bench/gpu/prepare.sh first" >&2; exit 2; }

nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuda="${CUDA_HOME:-$(cd "$(dirname "$nvcc")/.." && pwd)}"
cxx="${CXX:-$(command -v c++ || command -v g++ || echo "$nvcc")}"
runner_dir=$(mktemp -d)
trap 'rm -rf "$runner_dir"' EXIT
runner="$runner_dir/fusion-gpu-run"
"$cxx" -O2 -std=c++17 -I"$root/include" -I"$cuda/include" \
  "$root/tools/fusion-gpu-run/fusion-gpu-run.cpp" "$root/lib/Runtime/CudaRuntime.cpp" \
  -ldl -rdynamic -o "$runner"

mkdir -p "$results"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader \
  > "$results/gpu.txt" 2>&1 || true
dry=()
[ -n "${DRY_RUN:-}" ] && dry=(--dry-run)
status=0
summary="$results/summary.txt"
printf '%-36s %9s %11s %9s %11s %8s %s\n' model unfused_k unfused_ms fused_k fused_ms ratio check > "$summary"
while read -r name; do
  dir="$prepared/$name"
  frames=2
  case "$name" in *-b32-*) frames=1 ;; esac
  log="$results/$name.txt"
  if "$runner" --reference="$dir/reference.so" unfused="$dir/unfused.so" fused="$dir/fused.so" \
      --frames="$frames" --repeats="$repeats" --warmup=5 --rotate=4 \
      --json="$results/$name.json" "${dry[@]}" > "$log" 2>&1; then
    check=PASS
    [ -n "${DRY_RUN:-}" ] && check=DRY
  else
    rc=$?
    check=FAIL
    status=1
    if [ "$rc" -eq 2 ]; then
      cat "$log" >&2
      exit 2
    fi
  fi
  awk -v name="$name" -v check="$check" '
    $1 == "unfused" { uk = $3; ums = (check == "DRY") ? "-" : $4 }
    $1 == "fused" { fk = $3; fms = (check == "DRY") ? "-" : $4 }
    END {
      ratio = (fms > 0) ? sprintf("%.2f", ums / fms) : "-"
      printf "%-36s %9s %11s %9s %11s %8s %s\n", name, uk, ums, fk, fms, ratio, check
    }' "$log" >> "$summary"
done < "$prepared/models.txt"
echo "GPU: $(cat "$results/gpu.txt")"
echo "kernel times are medians of $repeats calls (sum of the call's launches, CUDA events); ratio = unfused / fused"
cat "$summary"
exit "$status"
