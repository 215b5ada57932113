#!/usr/bin/env bash
# The CPU benchmark: every layer of bench/models/conv-layers.txt (ResNet-50,
# MobileNetV2; 224x224, batch 1, and ResNet-50 at batch 32 with BATCH32=1)
# and whole networks from the corpus, timed for our fused and unfused code
# (fusion-bench: the same codegen, fusion on and off, interleaved call by
# call) next to oneDNN (conv with its ReLU post-op, Debian's libdnnl),
# ONNX Runtime (its own Conv+BN+ReLU fusion, MLAS) and PyTorch eager (conv,
# BatchNorm, ReLU apart), at 1 and 2 threads. Each engine is run ROUNDS
# times, the engines alternating, and a time is the median of its rounds'
# medians. Prints the machine's measured peaks and a Markdown table per
# model and thread count; raw results go to OUT.
#
#   bench/cpu/run.sh [OUT]          (default build/bench-cpu)
#
# Needs: this repository built; libdnnl-dev (apt); utils/.venv with torch,
# torchvision, onnx, onnxruntime (utils/corpus/export.sh creates it); the
# full-size corpus for the networks (utils/corpus/export.sh full; missing
# networks are skipped). Env: ROUNDS (2), REPEATS (11), THREADS ("1 2"),
# NETS ("resnet50 mobilenet_v2"), NETWORKS ("resnet50 mobilenet_v2 yolov8n").
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
out="${1:-$root/build/bench-cpu}"
rounds="${ROUNDS:-2}"
repeats="${REPEATS:-11}"
threads_list=(${THREADS:-1 2})
nets=(${NETS-resnet50 mobilenet_v2})
networks=(${NETWORKS-resnet50 mobilenet_v2 yolov8n})
corpus="${CORPUS:-$root/build/corpus-full}"
python="$root/utils/.venv/bin/python"
layers="$root/bench/models/conv-layers.txt"
mkdir -p "$out"
[ -x "$bin/fusion-bench" ] || { echo "run.sh: build first (utils/bootstrap.sh)" >&2; exit 2; }
[ -x "$python" ] || { echo "run.sh: no utils/.venv (utils/corpus/export.sh creates it)" >&2; exit 2; }
if [ ! -f /usr/include/oneapi/dnnl/dnnl.hpp ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get install -y -q --no-install-recommends libdnnl-dev >/dev/null
fi
for tool in peaks onednn-layers; do
  g++ -O3 -march=native -fopenmp "$root/bench/cpu/$tool.cpp" -ldnnl -o "$out/$tool"
done

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(date -u +%F)"
for t in "${threads_list[@]}"; do
  OMP_NUM_THREADS=$t "$out/peaks" > "$out/peaks-t$t.txt"
  echo "peaks, $t thread(s): $(paste -sd' ' "$out/peaks-t$t.txt")"
done
gflops=$(awk '$1 == "sgemm_gflops" {print $2}' "$out/peaks-t1.txt")
gbs=$(awk '$1 == "copy_gbs" {print $2}' "$out/peaks-t1.txt")

# ours MODEL TAG: fused and unfused, single thread (our CPU code is serial).
ours() {
  "$bin/fusion-bench" "$1" --programs=fused,unfused --repeats="$repeats" \
    --peak-gflops="$gflops" --peak-gbs="$gbs" > "$out/$2.ours.$r.txt"
}
# peers TAG ARGS...: PyTorch eager and ONNX Runtime.
peers() {
  local tag=$1; shift
  OMP_NUM_THREADS=$t "$python" "$root/bench/cpu/peers.py" --threads "$t" \
    --repeats "$repeats" "$@" > "$out/$tag.peers.$r.txt"
}

models=()
for net in "${nets[@]}"; do
  models+=("$net-b1")
done
[ "${BATCH32:-0}" = 1 ] && models+=("resnet50-b32")
for model in "${models[@]}"; do
  net=${model%-b*}; batch=${model##*-b}
  mlir="$out/$model-layers.mlir"
  sed "s/tensor<1x/tensor<${batch}x/g" "$root/bench/models/$net-layers.mlir" > "$mlir"
  for t in "${threads_list[@]}"; do
    for ((r = 0; r < rounds; r++)); do
      # The engines alternate; the first round starts with ours.
      if ((r % 2 == 0)); then
        [ "$t" = 1 ] && ours "$mlir" "$model"
        OMP_NUM_THREADS=$t "$out/onednn-layers" "$layers" "$net" "$batch" "$repeats" > "$out/$model-t$t.onednn.$r.txt"
        peers "$model-t$t" --layers "$layers" --nets "$net" --batch "$batch"
      else
        peers "$model-t$t" --layers "$layers" --nets "$net" --batch "$batch"
        OMP_NUM_THREADS=$t "$out/onednn-layers" "$layers" "$net" "$batch" "$repeats" > "$out/$model-t$t.onednn.$r.txt"
        [ "$t" = 1 ] && ours "$mlir" "$model"
      fi
    done
  done
done
for network in "${networks[@]}"; do
  mlir="$corpus/$network-linalg-b1.mlir"
  [ -f "$mlir" ] || { echo "skipped $network: no $mlir"; continue; }
  for t in "${threads_list[@]}"; do
    for ((r = 0; r < rounds; r++)); do
      [ "$t" = 1 ] && ours "$mlir" "net-$network"
      peers "net-$network-t$t" --networks "$network"
    done
  done
done
"$root/bench/cpu/table.sh" "$out"
