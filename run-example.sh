#!/usr/bin/env bash
# Sets up a fresh machine, builds, and runs the fusion passes on the bundled
# ResNet-style block: prints the fused IR, the per-chain explanations and the
# JSON fusion report, checks the fused program against the reference on
# random frames, and compiles it to PTX, fused and unfused, counting kernels.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
"$root/utils/bootstrap.sh"
bin="${FUSION_BUILD_DIR:-$root/build}/bin"
example="$root/examples/resnet_block.mlir"

echo "== fused IR (fusion-fuse, fusion-fold-bn, canonicalize)"
"$bin/fusion-opt" "$example" --fusion-fuse=explain --fusion-fold-bn --canonicalize \
  --mlir-elide-elementsattrs-if-larger=8 --mlir-print-op-on-diagnostic=false
echo "== fusion report"
"$bin/fusion-opt" "$example" --fusion-fuse=report=- -o /dev/null
echo "== parity: fused vs the unfused reference on 20 random frames"
"$bin/fusion-verify" "$example" --frames=20 --rtol=1e-5 --atol=1e-5
echo "== GPU (PTX for sm_90): kernels and global stores, unfused vs fused"
ptx=$(mktemp -d)
trap 'rm -rf "$ptx"' EXIT
for mode in false true; do
  mkdir -p "$ptx/$mode"
  "$bin/fusion-opt" "$example" --fusion-to-ptx="fuse=$mode dump-ptx=$ptx/$mode" -o /dev/null
  label=unfused
  [ "$mode" = true ] && label=fused
  echo "$label: $(ls "$ptx/$mode" | wc -l) kernels, $(cat "$ptx/$mode"/*.ptx | grep -c st.global) st.global instructions"
done
