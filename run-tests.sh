#!/usr/bin/env bash
# Sets up a fresh machine, builds, and runs the whole lit suite.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
"$root/utils/bootstrap.sh"
build="${FUSION_BUILD_DIR:-$root/build}"
cmake --build "$build" --target check-fusion
