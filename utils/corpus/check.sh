#!/usr/bin/env bash
# Checks every model of an exported corpus directory with fusion-verify:
# the fused CPU program against the upstream-linalg reference, the model in
# f64, and PyTorch eager and ONNX Runtime on the frames the exporter ran
# them on (export.sh full writes 200). No Python: the outputs of the peers
# are .npy files next to the models.
#
#   utils/corpus/check.sh [DIR] [MODEL...]     (DIR: build/corpus-full)
#
# Prints one line per model and dialect, and writes <stem>.verify.json into
# JSON_DIR (default DIR).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir="${1:-$root/build/corpus-full}"
shift || true
verify="${FUSION_VERIFY:-$root/build/bin/fusion-verify}"
noise="${F32_NOISE:-2}"
json_dir="${JSON_DIR:-$dir}"
status=0
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  for f in "$dir"/*-b1.frames.npy; do
    b=$(basename "$f"); models+=("${b%-b1.frames.npy}")
  done
fi
printf '%-20s %-7s %-6s %-10s %-10s %-10s %-10s %-10s %-6s %s\n' model dialect \
  frames vs-ref vs-f64 ref-vs-f64 vs-eager vs-ort result time
for m in "${models[@]}"; do
  expected=$(ls "$dir/$m"-b1.eager-*.npy "$dir/$m"-b1.ort-*.npy 2>/dev/null | paste -sd, -)
  for model in "$dir/$m"-*-b1.mlir; do
    [ -f "$model" ] || continue
    stem=$(basename "$model" .mlir)
    dialect=${stem#"$m"-}; dialect=${dialect%-b1}
    start=$(date +%s)
    out=$("$verify" "$model" --inputs="$dir/$m-b1.frames.npy" \
      ${expected:+--expected="$expected"} --f32-noise="$noise" \
      --json="$json_dir/$stem.verify.json" 2>&1)
    rc=$?
    [ $rc -eq 0 ] || status=1
    seconds=$(( $(date +%s) - start ))
    frames=$(sed -n 's/.* \([0-9]*\) frames, seed.*/\1/p' <<<"$out" | head -1)
    vsref=$(awk '$1 == "0" && NF == 6 {print $3; exit}' <<<"$out")
    f64=$(sed -n 's/^against the model in f64[^:]*: 0: \([^,]*\), \([^ ]*\).*/\1 \2/p' <<<"$out")
    eager=$(sed -n 's/^against .*eager-0.npy: max_abs \([^,]*\),.*/\1/p' <<<"$out")
    ort=$(sed -n 's/^against .*ort-0.npy: max_abs \([^,]*\),.*/\1/p' <<<"$out")
    result=$(tail -1 <<<"$out")
    printf '%-20s %-7s %-6s %-10s %-10s %-10s %-10s %-10s %-6s %ss\n' "$m" "$dialect" \
      "${frames:-?}" "${vsref:-?}" ${f64:-? ?} "${eager:-?}" "${ort:-?}" \
      "$result" "$seconds"
    [ $rc -eq 0 ] || sed 's/^/    /' <<<"$out" | tail -20
  done
done
exit $status
