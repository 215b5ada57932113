#!/usr/bin/env bash
# Detection decodes at full size (bench/models/detect-heads.mlir, written by
# utils/gen_detect_heads.py): SSDLite320 and YOLOv8n-640 at batch 1 and 8.
# For each function: that fusion-fuse-detect fuses it (and how long the
# pass takes), parity of the fused decode against the upstream reference
# (fusion-verify), GPU kernels without and with the fused decode
# (fusion-to-ptx, counted in the IR: no GPU needed), the bytes a decode
# must move and the bytes the unfused ops move (bench/cpu/detect_bytes.py),
# and CPU times of the fused, unfused and reference programs side by side
# (fusion-bench, one thread, interleaved call by call), next to PyTorch
# eager running the libraries' own decode on the same shapes, one thread
# (bench/cpu/detect_peer.py; skipped without utils/.venv).
#
#   bench/cpu/detect.sh [OUT]        (default build/bench-detect)
#
# Env: ROUNDS (2: fusion-bench and eager alternate, a time is the median of
# the rounds' medians), REPEATS (51 timed calls per program and round),
# VERIFY (1: run fusion-verify, 20 frames; 0 skips it), FUNCTIONS (all four).
# utils/.venv: python3 -m venv utils/.venv && utils/.venv/bin/pip install
# torch==2.15.0 torchvision==0.29.2 (PyPI; about 2 minutes here).
# Takes about 10 minutes on a 2-core VM (build a5efc74; about half of it in
# fusion-fuse-detect's proof, which runs once per function in the explain
# step, in each fusion-verify and in each round's fused compile).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
out="${1:-$root/build/bench-detect}"
rounds="${ROUNDS:-2}"
repeats="${REPEATS:-51}"
verify="${VERIFY:-1}"
functions=(${FUNCTIONS:-ssdlite320 yolov8n_640 ssdlite320_b8 yolov8n_640_b8})
model="$root/bench/models/detect-heads.mlir"
python="$root/utils/.venv/bin/python"
mkdir -p "$out"
[ -x "$bin/fusion-bench" ] || { echo "detect.sh: build first (utils/bootstrap.sh)" >&2; exit 2; }

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(date -u +%F)"
echo "build: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)," \
  "tools of $(date -u -r "$bin/fusion-opt" '+%F %T') UTC"

# The committed model is what the generator writes.
python3 "$root/utils/gen_detect_heads.py" > "$out/detect-heads.mlir"
cmp -s "$out/detect-heads.mlir" "$model" ||
  { echo "detect.sh: $model differs from utils/gen_detect_heads.py's output" >&2; exit 1; }

: > "$out/checks.txt"
for fn in "${functions[@]}"; do
  # One function per file, so that the pass and the tools see it alone.
  python3 "$root/utils/gen_detect_heads.py" "$fn" > "$out/$fn.mlir"
  start=$(date +%s.%N)
  "$bin/fusion-opt" "$out/$fn.mlir" --fusion-fuse-detect=explain \
    -o "$out/$fn.fused.mlir" 2> "$out/$fn.explain.txt"
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  fused=$(grep -c 'remark: fused \[fused\]' "$out/$fn.explain.txt" || true)
  [ "$fused" = 1 ] || { echo "detect.sh: $fn not fused:" >&2; cat "$out/$fn.explain.txt" >&2; exit 1; }
  printf '%s pass_s %.1f\n' "$fn" "$secs" >> "$out/checks.txt"
  # GPU kernels: the decode as written, and after fusion-fuse-detect
  # (the fused file is `--fusion-fuse-detect` run before the same pipeline).
  for v in "" .fused; do
    n=$("$bin/fusion-opt" "$out/$fn$v.mlir" --fusion-to-ptx="fuse=false reference=true" |
        grep -c gpu.launch_func)
    echo "$fn kernels${v:-.unfused} $n" >> "$out/checks.txt"
  done
  if [ "$verify" = 1 ]; then
    "$bin/fusion-verify" "$out/$fn.mlir" --entry="$fn" --program=detect --frames=20 \
      --f64=false > "$out/$fn.verify-detect.txt" 2>&1 ||
      { tail -5 "$out/$fn.verify-detect.txt" >&2; exit 1; }
    # The whole fused program; against f64 with the reference's own f32
    # error as the bound (the outputs are pixel coordinates up to 320/640).
    "$bin/fusion-verify" "$out/$fn.mlir" --entry="$fn" --frames=20 \
      --f32-noise=2 > "$out/$fn.verify-fused.txt" 2>&1 ||
      { tail -5 "$out/$fn.verify-fused.txt" >&2; exit 1; }
    echo "$fn verify PASS" >> "$out/checks.txt"
  fi
done
cat "$out/checks.txt"
for fn in "${functions[@]}"; do
  python3 "$root/bench/cpu/detect_bytes.py" "$out/$fn.mlir" "$out/$fn.fused.mlir" | tail -n +2
done > "$out/bytes.txt"
cat "$out/bytes.txt"

peer=0
if [ -x "$python" ] && "$python" -c "import torch, torchvision" 2>/dev/null; then
  peer=1
  # The anchors the generator writes are the libraries' own (exactly), and
  # the generated IR computes what their eager code computes: 4 frames of
  # seeded inputs, eager's outputs as --expected.
  "$python" "$root/bench/cpu/detect_peer.py" --check --write "$out/npy" --frames 4 \
    --repeats 1 --warmup 0 "${functions[@]}" | grep '^check'
  if [ "$verify" = 1 ]; then
    for fn in "${functions[@]}"; do
      n=$(ls "$out/npy/$fn".in*.npy | wc -l)
      ins=$(for ((i = 0; i < n; i++)); do printf '%s,' "$out/npy/$fn.in$i.npy"; done)
      exp=$(ls "$out/npy/$fn".eager-*.npy | paste -sd,)
      "$bin/fusion-verify" "$out/$fn.mlir" --entry="$fn" --inputs="${ins%,}" \
        --expected="$exp" --f32-noise=2 > "$out/$fn.verify-eager.txt" 2>&1 ||
        { tail -5 "$out/$fn.verify-eager.txt" >&2; exit 1; }
      grep '^against .*eager' "$out/$fn.verify-eager.txt" | sed "s|^|$fn |"
    done
  fi
else
  echo "detect.sh: no utils/.venv with torch and torchvision: eager skipped"
fi
entries=$(IFS=,; echo "${functions[*]}")
# glibc's allocator keeps freed memory in the process: with its defaults,
# some eager processes get every large tensor as a fresh mmap each call and
# page-fault it in (YOLOv8n-640's decode then takes ~11 ms instead of ~3 ms,
# process by process). Both engines run with the same setting (fusion-bench
# measured the same with and without it).
export MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=4294967296
bench() {
  "$bin/fusion-bench" "$model" --entry="$entries" --programs=fused,unfused,reference \
    --repeats="$repeats" --warmup=5 --json="$out/bench.$r.json" > "$out/bench.$r.txt"
}
eager() {
  [ "$peer" = 1 ] || return 0
  OMP_NUM_THREADS=1 "$python" "$root/bench/cpu/detect_peer.py" --threads 1 \
    --repeats "$repeats" "${functions[@]}" > "$out/eager.$r.txt"
}
for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then bench; eager; else eager; bench; fi
done
python3 "$root/bench/cpu/detect_table.py" "$out" "$rounds" "${functions[@]}"
