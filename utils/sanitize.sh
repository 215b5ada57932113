#!/usr/bin/env bash
# Builds the project with AddressSanitizer and UndefinedBehaviorSanitizer
# (FUSION_ENABLE_SANITIZERS) in its own folder and runs the whole lit suite
# there. Any sanitizer report fails the test that triggered it.
#
#   utils/sanitize.sh [build-folder]      (default: build-sanitize)
#
# Extra lit arguments can be given in LIT_ARGS (e.g. LIT_ARGS="-j1").
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${1:-$root/build-sanitize}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DFUSION_ENABLE_SANITIZERS=ON
fi
start=$(date +%s)
cmake --build "$build" --parallel "$(nproc)"
built=$(date +%s)
status=0
"$(llvm-config-22 --bindir)/lit" -s ${LIT_ARGS:-} "$build/test" || status=$?
echo "sanitize: build $((built - start)) s, lit $(($(date +%s) - built)) s, exit $status"
exit "$status"
