"""What both baselines share: their command line, the timed rounds over the 32
variants, and peak-memory readings from /proc. The report they print is the JSON
`nmti-bench` reads (Sources/nmti-bench/Baselines.swift)."""

import argparse
import json
import os
import sys
import time


def arguments(description, extra=()):
    """The common options (--variants, --out, --warmup, --rounds, --json) plus `extra`
    as (flag, keyword arguments) pairs; returns the parsed namespace."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    for flag, options in extra:
        parser.add_argument(flag, **options)
    return parser.parse_args()


def load_variants(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def write_png(path, png):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(png)


def measure(name, variants, args, draw, encode):
    """Runs warm-up and measured rounds over every variant. `draw(variant)` makes the
    poster and returns what `encode(drawn)` turns into PNG bytes. The first round's
    PNGs go to <out>/<name>/<file>.png; writing them stays out of the round time, as
    the engine's render() writes nothing. Returns the timing part of the report."""
    draw_ms, encode_ms, render_ms, round_ms, sizes = [], [], [], [], []
    for round_index in range(args.warmup + args.rounds):
        measured = round_index >= args.warmup
        round_start = time.perf_counter()
        for variant in variants:
            t0 = time.perf_counter()
            drawn = draw(variant)
            t1 = time.perf_counter()
            png = encode(drawn)
            t2 = time.perf_counter()
            if measured:
                draw_ms.append((t1 - t0) * 1000)
                encode_ms.append((t2 - t1) * 1000)
                render_ms.append((t2 - t0) * 1000)
            if round_index == 0:
                sizes.append(len(png))
                write_png(os.path.join(args.out, name, variant["file"] + ".png"), png)
                round_start += time.perf_counter() - t2
        if measured:
            round_ms.append((time.perf_counter() - round_start) * 1000)
        print("%s: round %d/%d done" % (name, round_index + 1, args.warmup + args.rounds), file=sys.stderr)
    return {"drawMs": draw_ms, "encodeMs": encode_ms, "renderMs": render_ms, "roundMs": round_ms, "bytes": sizes}


def high_water_kib(pid="self"):
    """VmHWM of a process, from /proc; 0 if it is gone.

    Not ru_maxrss: Linux carries the spawning process's peak over into a child
    started with vfork/posix_spawn, so that would report nmti-bench's memory."""
    try:
        with open("/proc/%s/status" % pid) as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def descendants(pid):
    """Process ids below `pid`, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except OSError:
            continue
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found
