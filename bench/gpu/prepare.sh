#!/usr/bin/env bash
# Builds what run.sh checks and times on a GPU machine: for every benchmark
# model, a CPU reference (upstream linalg, no fusion) and the fused and
# unfused GPU builds, as shared libraries made by fusion-compile. Runs where
# this repository is built; needs no GPU. The output folder and this
# repository's sources are all run.sh needs (no MLIR there).
#
#   bench/gpu/prepare.sh [out-dir]       (default bench/gpu/prepared)
#
# Models: every distinct conv layer of ResNet-50 at batch 1 and 32
# (bench/models/resnet50-layers.mlir), the small classifier
# (examples/resnet_tiny.mlir) and the full-size detection decodes
# (bench/models/detect-heads.mlir: fused, the one decode kernel; unfused,
# the decode's ops apart). FUSION_GPU_CHIP / FUSION_GPU_FEATURES pick
# the target (sm_90 / +ptx80).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
out="${1:-$root/bench/gpu/prepared}"
chip="${FUSION_GPU_CHIP:-sm_90}"
features="${FUSION_GPU_FEATURES:-+ptx80}"
[ -x "$bin/fusion-compile" ] || { echo "prepare.sh: build first (./run-tests.sh or utils/bootstrap.sh)" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"

# prepare NAME MODEL [ENTRY]
prepare() {
  local name=$1 model=$2 entry=${3:-}
  local dir="$out/$name" select=()
  [ -n "$entry" ] && select=(--entry="$entry")
  mkdir -p "$dir"
  "$bin/fusion-compile" "$model" "${select[@]}" --target=cpu --fuse=false --reference -o "$dir/reference.so"
  "$bin/fusion-compile" "$model" "${select[@]}" --chip="$chip" --features="$features" -o "$dir/fused.so"
  "$bin/fusion-compile" "$model" "${select[@]}" --chip="$chip" --features="$features" --fuse=false -o "$dir/unfused.so"
  echo "$name" >> "$out/models.txt"
}

layers="$root/bench/models/resnet50-layers.mlir"
# The same layers at batch 32: only inputs and outputs have a batch dimension.
sed 's/tensor<1x/tensor<32x/g' "$layers" > "$out/resnet50-layers-b32.mlir"
for entry in $(grep -o '^func.func @[a-z0-9_]*' "$layers" | cut -d@ -f2); do
  prepare "r50-b1-$entry" "$layers" "$entry"
  prepare "r50-b32-$entry" "$out/resnet50-layers-b32.mlir" "$entry"
done
prepare resnet_tiny "$root/examples/resnet_tiny.mlir"
heads="$root/bench/models/detect-heads.mlir"
for entry in $(grep -o 'func.func @[a-z0-9_]*' "$heads" | cut -d@ -f2); do
  prepare "detect-$entry" "$heads" "$entry"
done
rm "$out/resnet50-layers-b32.mlir"
echo "prepare.sh: $(wc -l < "$out/models.txt") models in $out ($(du -sh "$out" | cut -f1)) for $chip"
