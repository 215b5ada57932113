#!/usr/bin/env bash
# Builds what run.sh checks and times on a GPU machine, as shared libraries
# made by fusion-compile here (the GPU machine has no MLIR). Needs no GPU.
#
#   bench/gpu/prepare.sh [out-dir]       (default bench/gpu/prepared)
#
# Four kinds of entries (models.txt: name kind batch):
#   net      whole networks at full size (ResNet-50, MobileNetV2 and
#            EfficientNet-B0 at 224x224, YOLOv8n at 640x640), batch 1 and 32,
#            from utils/corpus/export.sh full (CORPUS_FULL, default
#            build/corpus-full, holding <model>-linalg-b<batch>.mlir). Their
#            weights are left out (--external-weights) and drawn at run time,
#            so the libraries stay small. Fused GPU and unfused GPU at both
#            batches; at batch 1 also their CPU references: the fused program
#            lowered independently (--linalg-convs) and in f64, the model by
#            upstream linalg and in f64.
#   corpus   the committed corpus networks (narrowed, weights inside): the
#            fold itself checked on the GPU against upstream linalg and f64.
#            Also the full-size detection decodes (bench/models).
#   wrong    the corpus ResNet-50 folded wrongly (test-skip-weight-scaling):
#            its check must fail.
#   layer    every distinct ResNet-50 conv layer (bench/models), batch 1
#            (checked) and 32 (timed); also fused under each tensor-core
#            precision policy in POLICIES (default "tf32 tf32x3";
#            fused-<policy>.so), which run.sh checks and times under that
#            policy's tolerance.
# NETS, LAYERS=0 and CORPUS=0 narrow it; FUSION_GPU_CHIP / FUSION_GPU_FEATURES
# pick the target (sm_90 / +ptx80). Ends by packing the folder into
# <out-dir>.tar.xz, what a GPU machine is sent (run.sh unpacks it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
out="${1:-$root/bench/gpu/prepared}"
chip="${FUSION_GPU_CHIP:-sm_90}"
features="${FUSION_GPU_FEATURES:-+ptx80}"
full="${CORPUS_FULL:-$root/build/corpus-full}"
nets="${NETS:-resnet50 mobilenet_v2 efficientnet_b0 yolov8n}"
[ -x "$bin/fusion-compile" ] || { echo "prepare.sh: build first (./run-tests.sh or utils/bootstrap.sh)" >&2; exit 2; }
rm -rf "$out" "$out.tar.xz"
mkdir -p "$out"
: > "$out/models.txt"
gpu=(--chip="$chip" --features="$features")

# compile NAME LIB ARGS...: one library, or a line saying why not.
compile() {
  local dir=$1 lib=$2
  shift 2
  if ! "$bin/fusion-compile" "$@" -o "$dir/$lib" 2> "$dir/$lib.log"; then
    echo "prepare.sh: $dir/$lib failed:" >&2
    head -5 "$dir/$lib.log" >&2
    return 1
  fi
  rm -f "$dir/$lib.log"
}

# The folded weights of the fused program and the model's own weights of the
# unfused one are left out when there are more than this many elements.
weights=(--external-weights=1024)
for net in $nets; do
  for batch in 1 32; do
    model="$full/$net-linalg-b$batch.mlir"
    if [ ! -f "$model" ]; then
      echo "prepare.sh: $model missing: run 'BATCHES=1,32 FRAMES=0 DIALECTS=linalg MODELS=$net utils/corpus/export.sh full $full'" >&2
      continue
    fi
    name="$net-b$batch"
    dir="$out/$name"
    mkdir -p "$dir"
    ok=1
    compile "$dir" fused.so "$model" "${gpu[@]}" "${weights[@]}" || ok=0
    compile "$dir" unfused.so "$model" "${gpu[@]}" --fuse=false "${weights[@]}" || ok=0
    if [ "$batch" = 1 ]; then
      compile "$dir" fused-reference.so "$model" --target=cpu --linalg-convs "${weights[@]}" || ok=0
      compile "$dir" fused-f64.so "$model" --target=cpu --linalg-convs --f64 "${weights[@]}" || ok=0
      compile "$dir" reference.so "$model" --target=cpu --fuse=false --reference "${weights[@]}" || ok=0
      compile "$dir" f64.so "$model" --target=cpu --fuse=false --reference --f64 "${weights[@]}" || ok=0
    fi
    [ "$ok" = 1 ] && echo "$name net $batch" >> "$out/models.txt"
  done
done

# checked NAME MODEL [--entry=F]: the reference, the model in f64, fused
# and unfused GPU builds, with the weights inside.
checked() {
  local name=$1 model=$2
  shift 2
  local dir="$out/$name" ok=1
  mkdir -p "$dir"
  compile "$dir" reference.so "$model" "$@" --target=cpu --fuse=false --reference || ok=0
  compile "$dir" f64.so "$model" "$@" --target=cpu --fuse=false --reference --f64 || ok=0
  compile "$dir" fused.so "$model" "$@" "${gpu[@]}" || ok=0
  compile "$dir" unfused.so "$model" "$@" "${gpu[@]}" --fuse=false || ok=0
  return $((1 - ok))
}
if [ "${CORPUS:-1}" != 0 ]; then
  inputs="$root/test/Corpus/Inputs"
  for net in resnet50 mobilenet_v2 efficientnet_b0 yolov8n ssdlite; do
    checked "corpus-$net" "$inputs/$net-linalg-b1.mlir" &&
      echo "corpus-$net corpus 1" >> "$out/models.txt"
  done
  # The detection decodes at full size (SSDLite320, YOLOv8n-640): fused, the
  # one decode kernel; unfused, the decode's ops apart.
  heads="$root/bench/models/detect-heads.mlir"
  for entry in $(grep -o 'func.func @[a-z0-9_]*' "$heads" | cut -d@ -f2); do
    checked "detect-$entry" "$heads" --entry="$entry" &&
      echo "detect-$entry corpus 1" >> "$out/models.txt"
  done
  dir="$out/wrong-resnet50"
  mkdir -p "$dir"
  compile "$dir" reference.so "$inputs/resnet50-linalg-b1.mlir" --target=cpu --fuse=false --reference &&
    compile "$dir" f64.so "$inputs/resnet50-linalg-b1.mlir" --target=cpu --fuse=false --reference --f64 &&
    compile "$dir" wrong.so "$inputs/resnet50-linalg-b1.mlir" "${gpu[@]}" --test-skip-weight-scaling &&
    echo "wrong-resnet50 wrong 1" >> "$out/models.txt"
fi

if [ "${LAYERS:-1}" != 0 ]; then
  layers="$root/bench/models/resnet50-layers.mlir"
  # The same layers at batch 32: only inputs and outputs have a batch dimension.
  sed 's/tensor<1x/tensor<32x/g' "$layers" > "$out/resnet50-layers-b32.mlir"
  for entry in $(grep -o '^func.func @[a-z0-9_]*' "$layers" | cut -d@ -f2); do
    checked "r50-b1-$entry" "$layers" --entry="$entry" &&
      echo "r50-b1-$entry layer 1" >> "$out/models.txt"
    dir="$out/r50-b32-$entry"
    mkdir -p "$dir"
    compile "$dir" fused.so "$out/resnet50-layers-b32.mlir" --entry="$entry" "${gpu[@]}" &&
      compile "$dir" unfused.so "$out/resnet50-layers-b32.mlir" --entry="$entry" "${gpu[@]}" --fuse=false &&
      echo "r50-b32-$entry layer 32" >> "$out/models.txt"
    for policy in ${POLICIES-tf32 tf32x3}; do
      compile "$out/r50-b1-$entry" "fused-$policy.so" "$layers" --entry="$entry" "${gpu[@]}" \
        --pipeline-options="precision=$policy" || true
      compile "$dir" "fused-$policy.so" "$out/resnet50-layers-b32.mlir" --entry="$entry" "${gpu[@]}" \
        --pipeline-options="precision=$policy" || true
    done
  done
  rm "$out/resnet50-layers-b32.mlir"
fi

tar -C "$(dirname "$out")" -cJf "$out.tar.xz" "$(basename "$out")"
echo "prepare.sh: $(wc -l < "$out/models.txt") entries in $out ($(du -sh "$out" | cut -f1); packed: $(du -sh "$out.tar.xz" | cut -f1)) for $chip"
