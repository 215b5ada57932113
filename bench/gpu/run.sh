#!/usr/bin/env bash
# The one command for a machine with an NVIDIA GPU: builds the runner
# (tools/fusion-gpu-run and its CUDA driver runtime; needs the CUDA toolkit's
# headers and a C++ compiler, not MLIR), then for every entry prepare.sh
# built (bench/gpu/prepared, or its .tar.xz, unpacked here):
#   - checks fused and unfused GPU programs against their CPU references and
#     the model in f64 (the runner's f64-grounded check, docs/GpuRunner.md),
#     at batch 1; the wrongly folded corpus ResNet-50 must FAIL;
#   - times them with CUDA events around every launch and as CUDA-graph
#     replays (batch 32 of whole networks: timed only, see bench/README.md);
#   - for each ResNet-50 layer, the fused program under each tensor-core
#     precision policy prepare.sh built (fused-tf32.so, fused-tf32x3.so):
#     checked at batch 1 with the runner's --precision (the tolerance
#     derived from the policy) and timed at both batches;
#   - runs compute-sanitizer memcheck once on each whole network (fused,
#     batch 1) where compute-sanitizer is found;
#   - times PyTorch on the same networks (bench/gpu/peers.py): eager fp32,
#     TF32 channels_last, conv+BN folded, torch.compile; and each ResNet-50
#     layer as cuDNN's fused conv+bias+ReLU in fp32, TF32 and f16 (at most
#     LAYER_PEERS_TIMEOUT, 90 s, of the peers' window);
# and prints one table. A model's failure is recorded and the run goes on.
#
#   bench/gpu/run.sh [prepared-dir] [results-dir]
#
# REPEATS (20) timed calls per program (5 at batch 32); PEERS=0 skips
# PyTorch, SANITIZE=0 skips memcheck; STEP_TIMEOUT (120) seconds per runner
# call; DEADLINE (420) seconds after which the remaining runner calls are
# recorded as skipped (memcheck stops starting 60 s later), and PyTorch gets what is
# left of DEADLINE + PEERS_TIMEOUT (150), so that the table prints within a
# machine's time limit. Each verdict is printed as it comes. DRY_RUN=1 runs it all without a GPU (the runner's --dry-run: host
# memory, launches counted, nothing checked or timed; no peers, no
# sanitizer). Exits 0 when every check that ran gave what it should (PASS,
# and FAIL for the wrong fold), 1 otherwise, 2 with no GPU or nothing
# prepared.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
prepared="${1:-$root/bench/gpu/prepared}"
results="${2:-$prepared/results}"
repeats="${REPEATS:-20}"
step="${STEP_TIMEOUT:-120}"
deadline="${DEADLINE:-420}"
dry=()
[ -n "${DRY_RUN:-}" ] && dry=(--dry-run)
started=$(date +%s)

if [ ! -f "$prepared/models.txt" ] && [ -f "$prepared.tar.xz" ]; then
  tar -C "$(dirname "$prepared")" -xJf "$prepared.tar.xz"
fi
[ -f "$prepared/models.txt" ] || { echo "run.sh: no models in $prepared: run bench/gpu/prepare.sh first" >&2; exit 2; }

nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuda="${CUDA_HOME:-$(cd "$(dirname "$nvcc")/.." 2>/dev/null && pwd || echo /usr/local/cuda)}"
cxx="${CXX:-$(command -v c++ || command -v g++ || echo "$nvcc")}"
runner_dir=$(mktemp -d)
trap 'rm -rf "$runner_dir"' EXIT
runner="$runner_dir/fusion-gpu-run"
"$cxx" -O2 -std=c++17 -I"$root/include" -I"$cuda/include" \
  "$root/tools/fusion-gpu-run/fusion-gpu-run.cpp" "$root/lib/Runtime/CudaRuntime.cpp" \
  -ldl -rdynamic -o "$runner" || { echo "run.sh: cannot build the runner" >&2; exit 2; }

mkdir -p "$results"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader \
  > "$results/gpu.txt" 2>&1 || echo "no nvidia-smi" > "$results/gpu.txt"
status=0
checks="$results/checks.txt"
times="$results/times.txt"
: > "$checks"
: > "$times"

# run NAME LOG EXPECT ARGS...: one runner call under a time limit; records
# "NAME VERDICT" in checks.txt. EXPECT is PASS or FAIL (the wrong fold).
run() {
  local name=$1 log=$2 expect=$3
  shift 3
  local left=$(( deadline - ($(date +%s) - started) ))
  if [ "$left" -le 5 ]; then
    # Past the deadline: recorded, not run, so that the table still prints
    # inside the machine's time limit.
    status=1
    printf '%-40s %-8s %s\n' "$name" "$expect" "SKIPPED(deadline ${deadline}s)" >> "$checks"
    return
  fi
  [ "$left" -lt "$step" ] || left=$step
  timeout "$left" "$runner" "$@" "${dry[@]}" > "$log" 2>&1
  local rc=$?
  local verdict
  case "$rc" in
    0) verdict=PASS ;;
    1) verdict=FAIL ;;
    2) verdict="ERROR(no GPU or bad input)" ;;
    3) verdict="CUDA-ERROR" ;;
    124) verdict="TIMEOUT(${left}s)" ;;
    *) verdict="CRASH($rc)" ;;
  esac
  [ -n "${DRY_RUN:-}" ] && [ "$rc" = 0 ] && verdict=DRY
  if [ "$rc" = 2 ] && grep -q "no GPU" "$log"; then
    cat "$log" >&2
    echo "run.sh: no GPU here (DRY_RUN=1 runs the host side)" >&2
    exit 2
  fi
  local ok=0
  if [ -n "${DRY_RUN:-}" ]; then
    [ "$rc" = 0 ] && ok=1
  elif [ "$expect" = FAIL ]; then
    [ "$rc" = 1 ] && ok=1
  else
    [ "$rc" = 0 ] && ok=1
  fi
  [ "$ok" = 1 ] || status=1
  printf '%-40s %-8s %s%s\n' "$name" "$expect" "$verdict" \
    "$([ "$ok" = 1 ] || echo "  <-- unexpected")" | tee -a "$checks" >&2
  # Times: program, kernel ms (events around each launch), graph ms.
  awk -v name="${name%% *}" '
    $2 == "gpu" && $4 ~ /^[0-9.]+$/ { print name, $1, $4, $6 }' "$log" >> "$times"
}

while read -r name kind batch; do
  dir="$prepared/$name"
  reps=$repeats
  [ "$batch" = 32 ] && reps=5
  common=(--repeats="$reps" --warmup=3 --rotate=2 --graph)
  json="$results/$name"
  case "$kind" in
    net)
      if [ "$batch" = 1 ]; then
        run "$name fused" "$results/$name.fused.txt" PASS \
          --reference="$dir/fused-reference.so" --f64="$dir/fused-f64.so" \
          fused="$dir/fused.so" --frames=1 "${common[@]}" --json="$json.fused.json"
        run "$name unfused" "$results/$name.unfused.txt" PASS \
          --reference="$dir/reference.so" --f64="$dir/f64.so" \
          unfused="$dir/unfused.so" --frames=1 "${common[@]}" --json="$json.unfused.json"
      else
        # Batch 32: the CPU references would take minutes a frame; timed
        # only (the same kernels are checked at batch 1 and batch 2 in lit).
        # Fused and unfused take different weights (the fold removed some),
        # so each runs on its own.
        run "$name fused (timed only)" "$results/$name.fused.txt" PASS \
          fused="$dir/fused.so" --frames=0 "${common[@]}" --json="$json.fused.json"
        run "$name unfused (timed only)" "$results/$name.unfused.txt" PASS \
          unfused="$dir/unfused.so" --frames=0 "${common[@]}" --json="$json.unfused.json"
      fi
      ;;
    corpus | layer)
      if [ "$batch" = 1 ]; then
        run "$name" "$results/$name.txt" PASS --reference="$dir/reference.so" \
          --f64="$dir/f64.so" fused="$dir/fused.so" unfused="$dir/unfused.so" \
          --frames=2 "${common[@]}" --json="$json.json"
      else
        run "$name (timed only)" "$results/$name.txt" PASS \
          fused="$dir/fused.so" unfused="$dir/unfused.so" --frames=0 \
          "${common[@]}" --json="$json.json"
      fi
      # The tensor-core policies, each in its own call: the runner's bound
      # follows one policy.
      for lib in "$dir"/fused-*.so; do
        [ -f "$lib" ] || continue
        policy=$(basename "$lib" .so)
        policy=${policy#fused-}
        if [ "$batch" = 1 ]; then
          run "$name $policy" "$results/$name.$policy.txt" PASS \
            --reference="$dir/reference.so" --f64="$dir/f64.so" \
            "fused-$policy=$lib" --precision="$policy" --frames=2 \
            "${common[@]}" --json="$json.$policy.json"
        else
          run "$name $policy (timed only)" "$results/$name.$policy.txt" PASS \
            "fused-$policy=$lib" --precision="$policy" --frames=0 \
            "${common[@]}" --json="$json.$policy.json"
        fi
      done
      ;;
    wrong)
      run "$name (wrong fold)" "$results/$name.txt" FAIL \
        --reference="$dir/reference.so" --f64="$dir/f64.so" \
        wrong="$dir/wrong.so" --frames=2 --repeats=1 --warmup=0
      ;;
  esac
done < "$prepared/models.txt"

# Memory safety: each whole network once, fused, batch 1, one call.
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null || true)
: > "$results/memcheck.txt"
if [ -z "${DRY_RUN:-}" ] && [ "${SANITIZE:-1}" != 0 ] && [ -n "$sanitizer" ]; then
  while read -r name kind batch; do
    [ "$kind" = net ] && [ "$batch" = 1 ] || continue
    log="$results/$name.memcheck.txt"
    left=$(( deadline + 60 - ($(date +%s) - started) ))
    if [ "$left" -le 5 ]; then
      echo "$name: not run (deadline)" >> "$results/memcheck.txt"
      continue
    fi
    [ "$left" -lt "$step" ] || left=$step
    timeout "$left" "$sanitizer" --tool memcheck --leak-check full "$runner" \
      "$prepared/$name/fused.so" --frames=0 --repeats=1 --warmup=0 --rotate=1 \
      > "$log" 2>&1
    echo "$name: $(grep -E "ERROR SUMMARY" "$log" | tail -1 || echo "no summary (exit $?)")" \
      >> "$results/memcheck.txt"
  done < "$prepared/models.txt"
else
  echo "memcheck: not run (${DRY_RUN:+dry run; }${sanitizer:-no compute-sanitizer})" > "$results/memcheck.txt"
fi

# The peers users would pick, in the same run.
: > "$results/peers.jsonl"
if [ -z "${DRY_RUN:-}" ] && [ "${PEERS:-1}" != 0 ]; then
  peers_left=$(( deadline + ${PEERS_TIMEOUT:-150} - ($(date +%s) - started) ))
  [ "$peers_left" -gt 10 ] || peers_left=10
  # The per-layer peers take part of the same window (LAYER_PEERS_TIMEOUT,
  # at most half of it), after the whole networks.
  layer_share=${LAYER_PEERS_TIMEOUT:-90}
  [ "$layer_share" -le $(( peers_left / 2 )) ] || layer_share=$(( peers_left / 2 ))
  grep -q " layer " "$prepared/models.txt" || layer_share=0
  timeout $(( peers_left - layer_share )) python3 "$root/bench/gpu/peers.py" > "$results/peers.jsonl" 2> "$results/peers.log" ||
    echo '{"error": "peers.py stopped (exit '$?')"}' >> "$results/peers.jsonl"
  # Per ResNet-50 layer: cuDNN's fused conv+bias+ReLU in fp32 (NCHW and
  # NHWC), TF32 and f16 (NHWC), the peers of the layer entries' policies.
  if [ "$layer_share" -gt 0 ]; then
    layer_left=$(( deadline + ${PEERS_TIMEOUT:-150} - ($(date +%s) - started) ))
    [ "$layer_left" -gt 10 ] || layer_left=10
    timeout "$layer_left" python3 "$root/bench/gpu/peers.py" \
      --layers "$root/bench/models/resnet50-layers.mlir" \
      >> "$results/peers.jsonl" 2>> "$results/peers.log" ||
      echo '{"error": "peers.py --layers stopped (exit '$?')"}' >> "$results/peers.jsonl"
  fi
fi

echo "GPU: $(cat "$results/gpu.txt")"
echo "== checks (expected, got) =="
cat "$checks"
echo "== whole networks, ms per forward (ours: kernel time with CUDA events / CUDA-graph replay) =="
python3 "$root/bench/gpu/table.py" "$results" || echo "(no table: python3 missing or failed)"
echo "== memcheck =="
cat "$results/memcheck.txt"
echo "run.sh: $(( $(date +%s) - started )) s; results in $results"
exit "$status"
