#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks (LLVM/MLIR 22 from Debian,
# CMake, Ninja, a C++ compiler), then configures and builds into build/.
# Safe to re-run: apt is only called for missing packages, the build is
# incremental. Used by run-example.sh and run-tests.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packages=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools cmake ninja-build g++ python3)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

build="${FUSION_BUILD_DIR:-$root/build}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build" --parallel "$(nproc)"
