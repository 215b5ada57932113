#!/usr/bin/env bash
# Joins bench/cpu/run.sh's raw results in DIR into Markdown tables: per
# layer (and per network) the median time of each engine over the rounds,
# fused/unfused, ours (fused) / the best peer, and what fraction of the
# measured peaks the fused code reaches.
#
#   bench/cpu/table.sh DIR
set -euo pipefail
dir="$1"
gflops=$(awk '$1 == "sgemm_gflops" {print $2}' "$dir/peaks-t1.txt")
gbs=$(awk '$1 == "copy_gbs" {print $2}' "$dir/peaks-t1.txt")

# table TAG OURS-TAG: one Markdown table.
table() {
  local tag=$1 ours=$2
  local rename=""
  case "$ours" in net-*) rename=${ours#net-} ;; esac
  awk -v gflops="$gflops" -v gbs="$gbs" -v rename="$rename" '
    function median(key,   n, i, j, v, tmp) {
      n = count[key]; if (!n) return ""
      for (i = 1; i <= n; i++) v[i] = vals[key, i]
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (v[j] < v[i]) { tmp = v[i]; v[i] = v[j]; v[j] = tmp }
      return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    function add(key, value) { vals[key, ++count[key]] = value }
    function fmt(x) { return x == "" ? "-" : sprintf("%.3f", x) }
    FILENAME ~ /\.ours\./ && FNR > 1 {
      name = rename != "" ? rename : $1
      if (!(name in seen)) { seen[name] = 1; order[++rows] = name }
      flops[name] = $3; bytes[name] = $4
      add("fused" SUBSEP name, $7); add("unfused" SUBSEP name, $8)
    }
    FILENAME ~ /\.onednn\./ { add("onednn" SUBSEP $1, $2) }
    FILENAME ~ /\.peers\./ {
      name = $3; sub(/.*\//, "", name)
      if (!(name in seen)) { seen[name] = 1; order[++rows] = name }
      add($1 SUBSEP name, $4)
    }
    END {
      print "| layer | GFLOP | fused ms | unfused ms | unfused/fused | oneDNN ms | ORT ms | eager ms | fused/best peer | fused GFLOP/s (% peak) | fused GB/s (% peak) |"
      print "|---|---|---|---|---|---|---|---|---|---|---|"
      for (i = 1; i <= rows; i++) {
        n = order[i]
        f = median("fused" SUBSEP n); u = median("unfused" SUBSEP n)
        o = median("onednn" SUBSEP n); r = median("ort" SUBSEP n)
        e = median("eager" SUBSEP n)
        best = ""
        if (o != "") best = o
        if (r != "" && (best == "" || r < best)) best = r
        if (e != "" && (best == "" || e < best)) best = e
        ratio = (f != "" && u != "") ? sprintf("%.2f", u / f) : "-"
        vs = (f != "" && best != "") ? sprintf("%.2f", f / best) : "-"
        perf = "-"; bw = "-"
        if (f != "" && flops[n] != "") {
          perf = sprintf("%.1f (%.0f%%)", flops[n] / f * 1e3, 100 * flops[n] / f * 1e3 / gflops)
          bw = sprintf("%.1f (%.0f%%)", bytes[n] / f, 100 * bytes[n] / f / gbs)
        }
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", n, \
          flops[n] == "" ? "-" : flops[n], fmt(f), fmt(u), ratio, fmt(o), fmt(r), fmt(e), vs, perf, bw
      }
    }' $(ls "$dir/$ours".ours.*.txt 2>/dev/null) $(ls "$dir/$tag".onednn.*.txt "$dir/$tag".peers.*.txt 2>/dev/null)
}

echo "peaks, 1 thread: $(paste -sd' ' "$dir/peaks-t1.txt")"
[ -f "$dir/peaks-t2.txt" ] && echo "peaks, 2 threads: $(paste -sd' ' "$dir/peaks-t2.txt")"
for f in "$dir"/*-t*.peers.0.txt; do
  tag=$(basename "$f" .peers.0.txt)
  t=${tag##*-t}; model=${tag%-t*}
  echo
  echo "### $model, $t thread(s) (ours: 1 thread)"
  echo
  table "$tag" "$model"
done
