#!/usr/bin/env bash
# Sets up a fresh machine, builds, and runs the fusion passes on the bundled
# ResNet-style block: prints the fused IR, the per-chain explanations and the
# JSON fusion report, then checks fused against unfused on random frames.
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
echo "== parity: fused vs unfused on 20 random frames"
"$bin/fusion-verify" "$example" --frames=20
