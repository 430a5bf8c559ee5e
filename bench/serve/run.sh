#!/usr/bin/env bash
# Load test of `nmti-poster serve` (bench/README.md, "The HTTP service"): posters/s and
# p50/p95/p99 for cache misses, hits, 304s and 4x overload, with the in-process renderer,
# a one-process-per-request wrapper and (if installed) the warm-Chromium baseline measured
# in the same run, and resident memory from request 10,000 to 100,000.
#
#   bench/serve/run.sh            # ~4 minutes on 2 cores; DURATION=20 for longer phases
# Writes bench/results/serve-latest.jsonl (one JSON line per phase) and prints a summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-10}
out=bench/results/serve-latest.jsonl
scratch=$(mktemp -d /tmp/nmti-serve-bench.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT

if [ -z "${NMTI_BENCH_SKIP_INSTALL:-}" ]; then
  scripts/setup
  missing=()
  for tool in hey wrk; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  if ((${#missing[@]})); then
    sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi
swift build -c release --product nmti-poster >&2
swift build -c release --product nmti-bench >&2
bin=.build/release/nmti-poster
bench=.build/release/nmti-bench
cores=$(nproc)
: > "$out"
record() { echo "$1" | tee -a "$out"; }

start_server() {  # start_server ARGS...: sets server_pid and base
  "$bin" serve --port 0 --quiet --themes Themes "$@" 2> "$scratch/server.log" &
  server_pid=$!
  for _ in $(seq 600); do
    port=$(grep '"event":"listening"' "$scratch/server.log" | grep -o '"port":[0-9]*' | cut -d: -f2 || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$scratch/server.log" >&2; exit 1; }
  base="http://127.0.0.1:$port"
}
stop_server() {
  kill -TERM "$server_pid"; wait "$server_pid" || true; server_pid=""
}
statuses() {  # the 5xx count from /metrics
  curl -s "$base/metrics" | awk '/^nmti_http_requests_total/ && /status="5/ {s += $2} END {print s + 0}'
}
query='c=6&s=-3&e=2&a=-5'

# 1. The in-process renderer: posters/s on every core, unique nicknames.
inproc=$("$bench" --renderer-throughput "$duration" --threads "$cores")
record "{\"phase\":\"in-process renderer\",\"result\":$inproc}"
rate=$(echo "$inproc" | python3 -c 'import json,sys; print(json.load(sys.stdin)["postersPerSecond"])')

# 2. Cache misses, ceiling: wrk, every request a new nickname.
start_server
r=$(wrk -t2 -c8 -d"${duration}s" -s bench/serve/unique.lua "$base" | grep '^{')
record "{\"phase\":\"misses, ceiling (wrk -c8, unique nicknames)\",\"result\":$r,\"5xx\":$(statuses)}"
stop_server

# 3. Cache misses at 70% of the in-process rate: hey at a fixed rate; the cache is off
#    (--cache-mb 0) so one URL costs a full render every time, like a unique nickname.
start_server --cache-mb 0
workers=8
per_worker=$(python3 -c "print(round(0.7 * $rate / $workers, 3))")
hey -z "${duration}s" -c $workers -q "$per_worker" -o csv "$base/v1/posters/classic.png?$query" > "$scratch/hey.csv"
r=$(python3 bench/serve/hey_summary.py "$scratch/hey.csv" "$duration")
record "{\"phase\":\"misses at 70% of in-process rate (hey -c$workers -q$per_worker, cache off)\",\"result\":$r,\"5xx\":$(statuses)}"

# 4. Overload: 4x the in-process rate, queue 8: what does not fit must be a fast 429.
stop_server
start_server --cache-mb 0 --queue 8
per_worker=$(python3 -c "print(round(4 * $rate / 32, 3))")
hey -z "${duration}s" -c 32 -q "$per_worker" -o csv "$base/v1/posters/classic.png?$query" > "$scratch/hey.csv"
r=$(python3 bench/serve/hey_summary.py "$scratch/hey.csv" "$duration")
record "{\"phase\":\"4x overload (hey -c32 -q$per_worker, cache off, --queue 8)\",\"result\":$r,\"5xx\":$(statuses)}"
stop_server

# 5. Cache hits and 304 revalidations: wrk on one URL.
start_server
url="$base/v1/posters/classic.png?$query&nickname=hit"
etag=$(curl -s -D - -o /dev/null "$url" | awk -F': ' 'tolower($1) == "etag" {print $2}' | tr -d '\r')
r=$(wrk -t2 -c32 -d"${duration}s" -s bench/serve/same.lua "$url" | grep '^{')
record "{\"phase\":\"cache hits (wrk -c32)\",\"result\":$r,\"5xx\":$(statuses)}"
r=$(NMTI_ETAG="$etag" wrk -t2 -c32 -d"${duration}s" -s bench/serve/same.lua "$url" | grep '^{')
record "{\"phase\":\"304 revalidations (wrk -c32, If-None-Match)\",\"result\":$r,\"5xx\":$(statuses)}"
stop_server

# 6. Resident memory from request 10,000 to 100,000: 99% hits over 50 hot URLs, 1% new
#    nicknames, an 8 MB cache that is full (and evicting) long before request 10,000;
#    RSS read from /metrics as requests count up.
start_server --cache-mb 8
NMTI_HOT=1 wrk -t2 -c16 -d600s -s bench/serve/unique.lua "$base" > /dev/null &
load_pid=$!
rss10k=""; rss100k=""; rssmax=0
while kill -0 "$load_pid" 2>/dev/null; do
  sample=$(curl -s "$base/metrics" | awk '/^nmti_http_requests_total/ {n += $2} /^process_resident_memory_bytes/ {r = $2} END {print n, r}')
  n=${sample% *}; r=${sample#* }
  if [ -z "$rss10k" ] && [ "$n" -ge 10000 ]; then rss10k="$r $n"; fi
  if [ -n "$rss10k" ] && [ "$r" -gt "$rssmax" ]; then rssmax=$r; fi
  if [ "$n" -ge 100000 ]; then rss100k="$r $n"; kill "$load_pid"; break; fi
  sleep 0.2
done
wait "$load_pid" 2>/dev/null || true
record "{\"phase\":\"resident memory\",\"at10k\":\"${rss10k}\",\"at100k\":\"${rss100k}\",\"maxBetween\":$rssmax,\"5xx\":$(statuses)}"
stop_server

# 7. One process per request behind a small Python HTTP wrapper.
wrapper_port=$((20000 + RANDOM % 20000))
python3 bench/serve/process_wrapper.py "$bin" "$wrapper_port" &
wrapper_pid=$!
sleep 1
hey -z "${duration}s" -c "$((cores * 2))" -o csv "http://127.0.0.1:$wrapper_port/v1/posters/classic.png?$query" > "$scratch/hey.csv"
kill "$wrapper_pid"; wait "$wrapper_pid" 2>/dev/null || true
r=$(python3 bench/serve/hey_summary.py "$scratch/hey.csv" "$duration")
record "{\"phase\":\"one process per request (python wrapper, hey -c$((cores * 2)))\",\"result\":$r}"

# 8. A warm headless Chromium, one page, as a server would keep it (bench/baselines).
if python3 -c 'import selenium, qrcode' 2>/dev/null && command -v chromedriver >/dev/null; then
  "$bench" --variants-only "$scratch/variants.json" >/dev/null 2>&1
  r=$(cd bench/baselines && python3 chromium_poster.py --variants "$scratch/variants.json" --out "$scratch/chromium" --warmup 1 --rounds 2 --json | tail -1)
  record "{\"phase\":\"warm Chromium, one page (bench/baselines/chromium_poster.py)\",\"result\":$r}"
else
  record "{\"phase\":\"warm Chromium\",\"result\":\"not run: selenium or chromedriver missing (bench/run.sh installs them)\"}"
fi
