#!/usr/bin/env bash
# SHA-256 per poster before and after libcrypto (bench/README.md): the hand-written Swift
# SHA256 from git history, compiled -O on its own, against nmti-bench --sha256 (libcrypto),
# both over the same balanced classic poster (~145 KB), alternated three times.
set -euo pipefail
cd "$(dirname "$0")/../.."
before_commit=${BEFORE_COMMIT:-5e7778b}
scratch=$(mktemp -d /tmp/nmti-sha-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
git show "$before_commit:Sources/PosterKit/Support/SHA256.swift" > "$scratch/SHA256.swift"
cat > "$scratch/main.swift" <<'SWIFT'
import Foundation
let bytes = [UInt8](FileManager.default.contents(atPath: CommandLine.arguments[1])!)
var samples: [Double] = []
var sink: UInt8 = 0
for _ in 0..<15 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<50 { sink ^= SHA256.digest(bytes)[0] }
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 50 / 1e6)
}
samples.sort()
print("{\"mode\":\"sha256 hand-written Swift\",\"bytes\":\(bytes.count),\"medianMs\":\(samples[samples.count / 2]),\"sink\":\(sink)}")
SWIFT
swiftc -O "$scratch/SHA256.swift" "$scratch/main.swift" -o "$scratch/before"
swift build -c release --product nmti-bench >&2
swift build -c release --product nmti-poster >&2
.build/release/nmti-poster render Fixtures/results/workplace-PRED.json -o "$scratch/poster.png" -q
for _ in 1 2 3; do
  "$scratch/before" "$scratch/poster.png"
  .build/release/nmti-bench --sha256 "$scratch/poster.png"
done
