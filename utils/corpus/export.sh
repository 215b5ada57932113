#!/usr/bin/env bash
# Exports the corpus with the real frontends, in a virtual environment this
# script creates (utils/.venv) from PyPI with the pinned versions of
# requirements.txt. Dev-time only: the build and the tests never run it.
#
#   utils/corpus/export.sh small        regenerate test/Corpus/Inputs (committed)
#   utils/corpus/export.sh full [DIR]   full-size models, with 200 frames and
#                                       PyTorch eager / ONNX Runtime outputs,
#                                       into DIR (build/corpus-full);
#                                       MODELS, DIALECTS, FRAMES and BATCHES
#                                       (e.g. 1,32) narrow or widen it
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv="$root/utils/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q -U pip
fi
"$venv/bin/pip" install -q -r "$here/requirements.txt"
export YOLO_OFFLINE=1 YOLO_CONFIG_DIR="$root/utils/.venv/ultralytics"

case "${1:-small}" in
small)
  out="$root/test/Corpus/Inputs"
  rm -f "$out"/*.mlir "$out"/*.npy
  "$venv/bin/python" "$here/export.py" --out "$out" --size small --batches 1 \
    --frames 8
  # Batch 2 of three models, in linalg, for the multi-image paths.
  "$venv/bin/python" "$here/export.py" --out "$out.b2" --size small --batches 2 \
    --dialects linalg --models resnet18,mobilenet_v3_small,yolov8n
  mv "$out.b2"/*.mlir "$out"/
  mv "$out.b2/manifest.json" "$out/manifest-b2.json"
  rmdir "$out.b2"
  ;;
full)
  out="${2:-$root/build/corpus-full}"
  "$venv/bin/python" "$here/export.py" --out "$out" --size full \
    --batches "${BATCHES:-1}" \
    --dialects "${DIALECTS:-linalg,tosa}" --frames "${FRAMES:-200}" \
    ${MODELS:+--models "$MODELS"}
  ;;
*)
  echo "usage: $0 small | full [DIR]" >&2
  exit 2
  ;;
esac
