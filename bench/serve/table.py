#!/usr/bin/env python3
"""bench/results/serve-latest.jsonl -> the markdown table in bench/README.md, with each target checked."""
import json, statistics, sys

path = sys.argv[1] if len(sys.argv) > 1 else "bench/results/serve-latest.jsonl"
phases = [json.loads(line) for line in open(path) if line.strip()]
by = {p["phase"].split(" (")[0]: p for p in phases}

def row(name, rps, p50, p95, p99, note=""):
    f = lambda v: "—" if v is None else (f"{v:,.1f}" if v < 100 else f"{v:,.0f}")
    print(f"| {name} | {f(rps)} | {f(p50)} | {f(p95)} | {f(p99)} | {note} |")

inproc = by["in-process renderer"]["result"]["postersPerSecond"]
print("| load | posters/s (requests/s) | p50 ms | p95 ms | p99 ms | notes |")
print("| --- | ---: | ---: | ---: | ---: | --- |")
row("in-process renderer, all cores, unique nicknames", inproc, None, None, None, "nmti-bench --renderer-throughput")
targets = []
for key, label in [("misses, ceiling", "cache misses, ceiling: wrk -c8, a new nickname per request"),
                   ("misses at 70% of in-process rate", "cache misses at 70% of the in-process rate: hey, fixed rate, cache off"),
                   ("cache hits", "cache hits: wrk -c32, one URL"),
                   ("304 revalidations", "304 revalidations: wrk -c32, If-None-Match")]:
    p = by[key]; r = p["result"]
    errors = r.get("errors", {})
    note = f"5xx: {p['5xx']}" + (f", socket errors {errors}" if errors and any(errors.values()) else "")
    row(label, r["rps"], r["p50ms"], r["p95ms"], r["p99ms"], note)
ov = by["4x overload"]; r = ov["result"]; s = r["statuses"]
note = ", ".join(f"{code}: {v['count']} (p50 {v['p50ms']:.1f} ms, p99 {v['p99ms']:.1f} ms)" for code, v in s.items()) + f"; 5xx: {ov['5xx']}"
row("4x overload: hey at 4x the in-process rate, cache off, --queue 8", r["rps"], r["p50ms"], r["p95ms"], r["p99ms"], note)
pw = by["one process per request"]["result"]
row("one process per request (Python wrapper around `render - -o -`)", pw["rps"], pw["p50ms"], pw["p95ms"], pw["p99ms"], "hey -c4")
ch = by.get("warm Chromium, one page") or by.get("warm Chromium")
if isinstance(ch["result"], dict):
    per = [d + e for d, e in zip(ch["result"]["drawMs"], ch["result"]["encodeMs"])]
    q = statistics.quantiles(per, n=100)
    row("warm headless Chromium, one page (bench/baselines), sequential", 1000 / statistics.median(per), statistics.median(per), q[94], q[98], "one browser as a server keeps it; QR built in Python")
else:
    print(f"| warm Chromium | — | — | — | — | {ch['result']} |")
mem = by["resident memory"]
r10 = int(mem["at10k"].split()[0]); r100 = int(mem["at100k"].split()[0])
print(f"\nResident memory: {r10 / 2**20:.0f} MiB at request {mem['at10k'].split()[1]}, {r100 / 2**20:.0f} MiB at request {mem['at100k'].split()[1]} "
      f"({(r100 / r10 - 1) * 100:+.1f}%), at most {mem['maxBetween'] / 2**20:.0f} MiB between; 5xx: {mem['5xx']}.\n")

miss = by["misses, ceiling"]["result"]["rps"]
fixed = by["misses at 70% of in-process rate"]["result"]
hits = by["cache hits"]["result"]["rps"]; revalidated = by["304 revalidations"]["result"]["rps"]
fivexx = sum(p.get("5xx", 0) for p in phases)
only429 = set(s) <= {"200", "429"} and s.get("429", {}).get("p99ms", 1e9) < 100
checks = [
    ("cache-miss throughput >= 85% of in-process", f"{miss:.1f} / {inproc:.1f} = {miss / inproc * 100:.0f}%", miss >= 0.85 * inproc),
    ("at 70% of that rate, p99 <= 3x p50", f"p99 {fixed['p99ms']:.0f} ms / p50 {fixed['p50ms']:.0f} ms = {fixed['p99ms'] / fixed['p50ms']:.2f}x", fixed["p99ms"] <= 3 * fixed["p50ms"]),
    ("cache hits >= 10,000 requests/s", f"{hits:,.0f}/s", hits >= 10000),
    ("304s >= 10,000 requests/s", f"{revalidated:,.0f}/s", revalidated >= 10000),
    ("resident memory flat (within 10%) from request 10,000 to 100,000", f"{(r100 / r10 - 1) * 100:+.1f}%", abs(r100 / r10 - 1) <= 0.10),
    ("zero 5xx under load", f"{fivexx}", fivexx == 0),
    ("under 4x overload only fast 429s", f"statuses {sorted(s)}, 429 p99 {s.get('429', {}).get('p99ms', 0):.1f} ms", only429),
]
print("| target | measured | met |")
print("| --- | --- | --- |")
for name, measured, ok in checks:
    print(f"| {name} | {measured} | {'yes' if ok else '**no**'} |")
