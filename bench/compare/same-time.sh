#!/bin/bash
# Compares two builds of nmti-bench by running them at the same time, each pinned to
# one core, so that whatever the machine does at that moment slows both alike.
#
#   bench/compare/same-time.sh BEFORE_BIN AFTER_BIN [PAIRS (8)] [THEMES (./Themes)] [OUT (/tmp/nmti-same-time)]
#
# BEFORE_BIN and AFTER_BIN are nmti-bench executables (copy them out of each tree's
# .build/release first). Each pair runs `--no-baselines --no-process --rounds 4` of both
# together, on cores 0 and 1, the cores alternating from pair to pair. THEMES (default
# ./Themes) must load in both builds: give the older build's theme folder. The table
# is the median, over the pairs, of after/before per stage and theme.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
before=$1 after=$2 pairs=${3:-8} themes=${4:-Themes} out=${5:-${TMPDIR:-/tmp}/nmti-same-time}
for binary in "$before" "$after"; do
  [ -x "$binary" ] || { echo "same-time.sh: $binary is not an executable" >&2; exit 66; }
done
command -v taskset >/dev/null || { echo "same-time.sh: taskset (util-linux) is needed" >&2; exit 69; }
[ "$(nproc)" -ge 2 ] || { echo "same-time.sh: needs two cores" >&2; exit 69; }
mkdir -p "$out"
for i in $(seq 1 "$pairs"); do
  if [ $((i % 2)) = 0 ]; then a=0 b=1; else a=1 b=0; fi
  rm -rf "$out/before-$i" "$out/after-$i"
  taskset -c $a "$before" --no-baselines --no-process --rounds 4 --themes "$themes" --out "$out/before-$i" >/dev/null 2>&1 &
  first=$!
  taskset -c $b "$after" --no-baselines --no-process --rounds 4 --themes "$themes" --out "$out/after-$i" >/dev/null 2>&1 &
  second=$!
  status=0
  wait $first || status=$?
  wait $second || status=$?
  [ $status = 0 ] || { echo "same-time.sh: pair $i failed (see $out)" >&2; exit 1; }
  echo "pair $i of $pairs done" >&2
done
python3 "$(dirname "$0")/same-time-table.py" "$out" "$pairs"
