#!/usr/bin/env bash
# Installs what the benchmark and its baselines need, builds the engine in release
# mode and runs nmti-bench: engine stages, throughput, the deflate floor, Pillow,
# a warm headless Chromium, and whole `nmti-poster batch` processes.
# Writes bench/results/latest.json and latest.md; any arguments go to nmti-bench
# (for example --quick, --no-chromium, --rounds 12). See bench/README.md.
#
#   NMTI_BENCH_SKIP_INSTALL=1   do not touch apt or pip
#   NMTI_BENCH_PYTHON=python3   the Python that runs the baselines
#   NMTI_BENCH_SCRATCH=DIR      SwiftPM scratch path (default .build)
set -euo pipefail
cd "$(dirname "$0")/.."
python=${NMTI_BENCH_PYTHON:-python3}

if [ "${NMTI_BENCH_SKIP_INSTALL:-0}" != 1 ]; then
  scripts/setup   # the engine's libraries and pinned fonts
  # Baselines and measuring tools from Debian: Chromium and its driver, hyperfine, GNU time.
  packages=(chromium chromium-driver hyperfine time)
  missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if ((${#missing[@]})); then
    echo "bench: installing ${missing[*]}" >&2
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  "$python" -m pip install -q -r bench/baselines/requirements.txt
fi

scratch=()
[ -z "${NMTI_BENCH_SCRATCH:-}" ] || scratch=(--scratch-path "$NMTI_BENCH_SCRATCH")
# As scripts/install builds the shipped binary: the Swift runtime linked in.
swift build -c release --static-swift-stdlib "${scratch[@]}" --product nmti-poster
swift build -c release --static-swift-stdlib "${scratch[@]}" --product nmti-bench
bin=$(swift build -c release "${scratch[@]}" --show-bin-path)
echo "bench: load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exec "$bin/nmti-bench" --python "$python" "$@"
