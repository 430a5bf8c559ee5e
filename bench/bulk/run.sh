#!/usr/bin/env bash
# Bulk rendering: COUNT (default 1,000) varied result files rendered by one
# `nmti-poster render <folder> --out DIR` call, by the same results as one
# `--results FILE.jsonl` call, and by COUNT `nmti-poster render FILE -o OUT.png`
# processes (one after another, as a shell loop does, and $(nproc) at a time
# with xargs -P), side by side in one run with a release build. Each way is run
# ROUNDS (default 3) times, interleaved; the table gives the median wall time.
# Writes bench/results/bulk-latest.md. See bench/README.md ("Bulk rendering").
#
#   NMTI_BULK_COUNT=1000  NMTI_BULK_ROUNDS=3  NMTI_BENCH_SCRATCH=DIR (SwiftPM scratch path)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${NMTI_BULK_COUNT:-1000}
rounds=${NMTI_BULK_ROUNDS:-3}
scratch=()
[ -z "${NMTI_BENCH_SCRATCH:-}" ] || scratch=(--scratch-path "$NMTI_BENCH_SCRATCH")
swift build -c release "${scratch[@]}" --product nmti-poster >&2
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/nmti-poster"
work=$(mktemp -d /tmp/nmti-bulk-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 bench/bulk/generate.py "$work/results" "$count"
cores=$(nproc)
echo "bench/bulk: $count results, $rounds rounds, $cores cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

now() { date +%s.%N; }
declare -A times
record() { times[$1]="${times[$1]:-} $2"; }

for round in $(seq 1 "$rounds"); do
  rm -rf "$work/out"; start=$(now)
  "$bin" render "$work/results" --out "$work/out" --quiet
  record folder "$(awk -v a="$(now)" -v b="$start" "BEGIN{print a-b}")"
  [ "$(find "$work/out" -name '*.png' | wc -l)" -eq "$count" ] || { echo "bench/bulk: folder run did not write $count posters" >&2; exit 1; }

  rm -rf "$work/out"; start=$(now)
  "$bin" render --results "$work/results.jsonl" --out "$work/out" --quiet
  record jsonl "$(awk -v a="$(now)" -v b="$start" "BEGIN{print a-b}")"

  rm -rf "$work/out"; mkdir -p "$work/out"; start=$(now)
  for file in "$work"/results/*.json; do
    name=$(basename "$file" .json)
    "$bin" render "$file" -o "$work/out/$name.png" --quiet
  done
  record loop "$(awk -v a="$(now)" -v b="$start" "BEGIN{print a-b}")"

  rm -rf "$work/out"; mkdir -p "$work/out"; start=$(now)
  find "$work/results" -name '*.json' -print0 | \
    xargs -0 -P "$cores" -I{} sh -c 'n=$(basename "$1" .json); exec "$0" render "$1" -o "$2/$n.png" --quiet' "$bin" {} "$work/out"
  record parallel "$(awk -v a="$(now)" -v b="$start" "BEGIN{print a-b}")"
  echo "bench/bulk: round $round: folder $(echo "${times[folder]}" | awk '{print $NF}') s, jsonl $(echo "${times[jsonl]}" | awk '{print $NF}') s, loop $(echo "${times[loop]}" | awk '{print $NF}') s, xargs $(echo "${times[parallel]}" | awk '{print $NF}') s" >&2
done

mkdir -p bench/results
python3 - "$count" "$rounds" "$cores" "${times[folder]}" "${times[jsonl]}" "${times[loop]}" "${times[parallel]}" <<'PY' | tee bench/results/bulk-latest.md
import statistics, sys, datetime
count, rounds, cores = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
runs = [list(map(float, text.split())) for text in sys.argv[4:8]]
labels = ["one `render <folder> --out` call", "one `render --results FILE.jsonl --out` call",
          f"{count} `render FILE -o OUT.png` processes, one after another",
          f"{count} `render FILE -o OUT.png` processes, {cores} at a time (xargs -P {cores})"]
medians = [statistics.median(r) for r in runs]
print(f"#### Bulk run of {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}: {count} results, release build, {cores} cores, median of {rounds} rounds\n")
print("| how | median s | posters/s | runs (s) | time vs the one folder call |")
print("| --- | ---: | ---: | --- | ---: |")
for label, median, r in zip(labels, medians, runs):
    print(f"| {label} | {median:.2f} | {count / median:.1f} | {', '.join(f'{x:.2f}' for x in r)} | {median / medians[0]:.2f}x |")
PY
