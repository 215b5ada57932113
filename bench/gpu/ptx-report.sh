#!/usr/bin/env bash
# Static evidence that needs no GPU: for every ResNet-50 layer, fused, the
# kernel's block shape, registers and spills from `ptxas -v`, and the global
# loads and stores in its PTX (per thread, as the code is written: a thread
# stores its register block once), its shared memory (bytes from ptxas, and
# the asynchronous copies into it, 4-byte and 16-byte, and its loads and
# stores as written; a kernel with 16-byte copies also holds the narrow
# ones it takes where the buffers' alignment does not allow them), and
# its tensor-core instructions
# (mma.sync and cvt.rna.tf32.f32, as written: LLVM may unroll K steps). Needs the
# build and the CUDA toolkit.
#
#   bench/gpu/ptx-report.sh [chip] [precision] [type]   (default sm_90 fp32 f32)
#
# type f16 or bf16 rewrites the layers' f32 (tensors and scalars) to that type first.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
chip="${1:-sm_90}"
precision="${2:-fp32}"
type="${3:-f32}"
features=+ptx80
[ "$chip" = sm_80 ] && features=+ptx70
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sed "s/f32/$type/g" "$root/bench/models/resnet50-layers.mlir" > "$dir/layers.mlir"
mkdir "$dir/ptx"
"$bin/fusion-opt" "$dir/layers.mlir" \
  --fusion-to-ptx="chip=$chip features=$features precision=$precision merge-min-modules=0 dump-ptx=$dir/ptx" -o /dev/null
printf '| %-28s | %-10s | %4s | %6s | %8s | %8s | %6s | %8s | %9s | %8s | %8s | %5s | %7s |\n' layer block regs spills "st.global" "ld.global" smem "cp.async" "cp.async16" "st.shared" "ld.shared" mma "cvt.rna"
printf '|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n' ------------------------------ ------------ ------ -------- ---------- ---------- -------- ---------- ----------- ---------- ---------- ------- ---------
for ptx in "$dir"/ptx/*.ptx; do
  name=$(basename "$ptx" _kernel.ptx)
  info=$("$ptxas" -arch="$chip" -v -o /dev/null "$ptx" 2>&1)
  regs=$(echo "$info" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
  spills=$(echo "$info" | sed -n 's/.* \([0-9]*\) bytes spill stores.*/\1/p' | head -1)
  smem=$(echo "$info" | sed -n 's/.* \([0-9]*\) bytes smem.*/\1/p' | head -1)
  block=$(sed -n 's/^\.maxntid \([0-9]*\), \([0-9]*\), \([0-9]*\)/\1x\2x\3/p' "$ptx")
  printf '| %-28s | %-10s | %4s | %6s | %8s | %8s | %6s | %8s | %9s | %8s | %8s | %5s | %7s |\n' "$name" "$block" "$regs" "$spills" \
    "$(grep -c st.global "$ptx")" "$(grep -c ld.global "$ptx")" "${smem:-0}" \
    "$(grep -c 'cp.async.ca' "$ptx" || true)" "$(grep -c 'cp.async.cg' "$ptx" || true)" \
    "$(grep -c st.shared "$ptx" || true)" "$(grep -c ld.shared "$ptx" || true)" \
    "$(grep -c 'mma.sync' "$ptx" || true)" "$(grep -c 'cvt.rna.tf32' "$ptx" || true)"
done
