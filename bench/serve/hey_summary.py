#!/usr/bin/env python3
"""Summarises `hey -o csv` output: requests/s, p50/p95/p99 ms overall and per status."""
import csv, json, sys

def percentile(values, p):
    if not values: return None
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

rows = list(csv.DictReader(open(sys.argv[1])))
seconds = float(sys.argv[2])
times = [float(r["response-time"]) * 1000 for r in rows]
by_status = {}
for r in rows:
    by_status.setdefault(r["status-code"], []).append(float(r["response-time"]) * 1000)
out = {"tool": "hey", "requests": len(rows), "rps": round(len(rows) / seconds, 1),
       "p50ms": percentile(times, 50), "p95ms": percentile(times, 95), "p99ms": percentile(times, 99),
       "statuses": {s: {"count": len(v), "p50ms": percentile(v, 50), "p99ms": percentile(v, 99), "maxms": max(v)} for s, v in sorted(by_status.items())}}
print(json.dumps(out))
