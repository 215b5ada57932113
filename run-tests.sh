#!/usr/bin/env bash
# Sets up a fresh machine, builds, and runs the whole lit suite.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
"$root/utils/bootstrap.sh"
build="${FUSION_BUILD_DIR:-$root/build}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cmake --build "$build" --target check-fusion 2>&1 | tee "$log" || status=$?
count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -1; }
passed=$(count Passed); failed=$(count Failed); skipped=$(count Unsupported)
echo "${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped"
exit "$status"
