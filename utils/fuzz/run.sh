#!/usr/bin/env bash
# The project's fuzzer: mutants of the lit suite's MLIR files (fusion-mutate)
# run through the tools, each under a time limit. A finding is a signal, an
# "LLVM ERROR", a crash report or a hang; a diagnostic and a non-zero exit
# are what bad input should get, and count as handled.
#
#   utils/fuzz/run.sh [--seed S] [--count N] [--seconds T] [--jobs J]
#                     [--timeout T] [--out DIR] [--build DIR] [--quick]
#                     [--command CMD]
#
# Mutant i uses seed S+i, the corpus file (S+i) mod files and a tool command
# chosen from the seed, so `--seed K --count 1` reproduces mutant K. --quick
# leaves out the slow commands (JIT, native compile) for a short run.
# --command runs CMD (a bash command line; %m is the mutant, %b the tools'
# directory, %w a scratch path) instead of the tools, to test the fuzzer.
# Findings go to DIR/findings/<seed>/ (the mutant, the command, its output);
# DIR/summary.txt counts everything. Exit 1 on any finding, 2 on bad usage.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
seed=1 count=1000 seconds=0 jobs=1 limit=30 quick=0 custom=""
out="" build="${FUSION_BUILD_DIR:-$root/build}"
while (($#)); do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --command) custom=$2; shift 2 ;;
    *) echo "fuzz: unknown argument $1" >&2; exit 2 ;;
  esac
done
# The commands run inside the scratch directory: relative paths given here
# would no longer name the tools there (every run then "fails" as if the
# mutant were rejected).
[ -d "$build" ] && build=$(cd "$build" && pwd)
bin="$build/bin"
for tool in fusion-mutate fusion-opt fusion-verify fusion-compile; do
  [ -x "$bin/$tool" ] || { echo "fuzz: no $bin/$tool; build first" >&2; exit 2; }
done
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out/findings" "$out/work"
out=$(cd "$out" && pwd)

# The corpus: the suite's hand-written inputs, small files only (the
# exported networks take seconds per tool run and add no new op forms).
mapfile -t corpus < <(cd "$root" && find test/Dialect test/Transforms \
  test/Integration test/CPU examples -name '*.mlir' -size -64k | sort)
((${#corpus[@]})) || { echo "fuzz: empty corpus" >&2; exit 2; }

commands=(
  "%b/fusion-opt %m --fusion-fuse=explain -o /dev/null"
  "%b/fusion-opt %m --fusion-fuse --fusion-fold-bn=explain -o /dev/null"
  "%b/fusion-opt %m --fusion-fuse-detect=explain -o /dev/null"
  "%b/fusion-opt %m --fusion-fold-bn -o /dev/null"
  "%b/fusion-opt %m --fusion-to-cpu -o /dev/null"
  "%b/fusion-opt %m --fusion-to-cpu=fuse=false -o /dev/null"
  "%b/fusion-opt %m --fusion-to-ptx -o /dev/null"
)
if ((!quick)); then
  commands+=(
    "%b/fusion-verify %m --frames=2"
    "%b/fusion-compile %m --target=cpu -o %w.so"
  )
fi
[ -z "$custom" ] || commands=("$custom")

# Runs mutant number $1; prints one line: "<seed> <verdict>".
run_one() {
  local s=$1
  local file=${corpus[$((s % ${#corpus[@]}))]}
  local cmd=${commands[$(((s / ${#corpus[@]} + s) % ${#commands[@]}))]}
  local work="$out/work/$s"
  "$bin/fusion-mutate" "$root/$file" "$s" --log > "$work.mlir" 2> "$work.mutations"
  local line=${cmd//%m/$work.mlir}
  line=${line//%w/$work}
  line=${line//%b/$bin}
  (cd "$out/work" && timeout -s KILL "$limit" bash -c "$line") > "$work.log" 2>&1
  local rc=$?
  local verdict=ok
  if ((rc == 137)); then
    verdict=hang
  elif ((rc > 128)); then
    verdict=signal
  elif grep -q -e "LLVM ERROR" -e "PLEASE submit a bug report" \
      -e "Assertion .* failed" "$work.log"; then
    verdict=crash
  elif ((rc != 0)); then
    verdict=rejected
  fi
  if [[ $verdict == hang || $verdict == signal || $verdict == crash ]]; then
    mkdir -p "$out/findings/$s"
    cp "$work.mlir" "$work.mutations" "$work.log" "$out/findings/$s/"
    { echo "corpus file: $file"; echo "command: $line"; echo "exit: $rc"; } \
      > "$out/findings/$s/README"
  fi
  [ -n "${FUZZ_KEEP:-}" ] || rm -f "$work.mlir" "$work.mutations" "$work.log" "$work.so" "$work.so.o"
  echo "$s $verdict"
}
start=$(date +%s)
results="$out/results.txt"
: > "$results"
i=0
while ((i < count)); do
  if ((seconds > 0 && $(date +%s) - start >= seconds)); then
    break
  fi
  batch=()
  for ((j = 0; j < jobs && i < count; j++, i++)); do
    batch+=($((seed + i)))
  done
  for s in "${batch[@]}"; do
    # The shell would report each killed child on stderr; the logs say it.
    run_one "$s" >> "$results" 2>/dev/null &
  done
  wait
done
elapsed=$(($(date +%s) - start))

total=$(wc -l < "$results")
summary() { awk '{n[$2]++} END {for (k in n) printf "%s %d\n", k, n[k]}' "$results" | sort; }
findings=$(grep -c -E ' (hang|signal|crash)$' "$results")
{
  echo "fuzz: $total mutants from seed $seed in ${elapsed} s, ${#corpus[@]} corpus files, ${#commands[@]} commands, ${limit} s limit each"
  summary
  echo "findings: $findings (in $out/findings)"
} | tee "$out/summary.txt"
grep -E ' (hang|signal|crash)$' "$results" | head -20 | while read -r s v; do
  echo "  seed $s: $v: $(cat "$out/findings/$s/README" | tr '\n' ' ')"
done
((findings == 0))
