#!/usr/bin/env bash
# Compiles each model given with fusion-to-ptx (fused and fuse=false), reads
# every launch's grid and block off the compiler's launch remarks, and checks
# them against the hardware's limits here, independently of the compiler's
# own proof: block x, y <= 1024, z <= 64, threads <= 1024, grid y, z <=
# 65535. One-thread kernels over more than 1024 elements are refused by the
# compiler (max-one-thread-elements=1024). Prints one line per build:
#   <model> fuse=<f>: <n> launches within limits, <k> one-thread (max <e> elements)
# or what was wrong. Usage: launch-census.sh <fusion-opt> <model.mlir>...
set -u -o pipefail
opt=$1
shift
status=0
for model in "$@"; do
  for fuse in true false; do
    name=$(basename "$model")
    if ! out=$("$opt" "$model" --split-input-file \
        --fusion-to-ptx="fuse=$fuse explain-launches max-one-thread-elements=1024" \
        -o /dev/null 2>&1 | tr -d '\000'); then
      echo "$name fuse=$fuse: compile FAILED"
      echo "$out" | grep -m3 error
      status=1
      continue
    fi
    echo "$out" | awk -v name="$name" -v fuse="$fuse" '
      /remark: launch / {
        if (!match($0, /grid \([0-9]+, [0-9]+, [0-9]+\) block \([0-9]+, [0-9]+, [0-9]+\)/)) next
        split(substr($0, RSTART, RLENGTH), f, /[^0-9]+/)
        gx = f[2]; gy = f[3]; gz = f[4]; bx = f[5]; by = f[6]; bz = f[7]
        n++
        if (bx > 1024 || by > 1024 || bz > 64 || bx * by * bz > 1024 ||
            gy > 65535 || gz > 65535 || gx > 2147483647) {
          bad++
          print name " fuse=" fuse ": OUT OF LIMITS: " $0
        }
        if ($0 ~ /one-thread over/) {
          one++
          e = $0; sub(/.*one-thread over /, "", e); sub(/ elements.*/, "", e)
          if (e + 0 > most) most = e + 0
        }
      }
      END {
        if (n == 0) { print name " fuse=" fuse ": NO LAUNCHES"; exit 1 }
        if (bad) exit 1
        printf "%s fuse=%s: %d launches within limits, %d one-thread (max %d elements)\n",
               name, fuse, n, one, most
      }' || status=1
  done
done
exit $status
