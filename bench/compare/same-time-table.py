"""The table of bench/compare/same-time.sh: after/before per stage and theme, median of the pairs."""
import json
import statistics
import sys

out, pairs = sys.argv[1], int(sys.argv[2])
stages = ["layout", "draw", "encode", "render"]
ratios = {}
for i in range(1, pairs + 1):
    runs = {}
    for side in ("before", "after"):
        with open(f"{out}/{side}-{i}/latest.json") as file:
            runs[side] = {theme["theme"]: theme for theme in json.load(file)["themes"]}
    for name, after in runs["after"].items():
        before = runs["before"].get(name)
        if before is None:
            continue
        for stage in stages:
            ratios.setdefault((name, stage), []).append(after[stage]["p50"] / before[stage]["p50"])

print("| after / before, p50 | " + " | ".join(stages) + " |")
print("| --- |" + " ---: |" * len(stages))
for name in dict.fromkeys(name for name, _ in ratios):
    cells = []
    for stage in stages:
        values = sorted(ratios[(name, stage)])
        cells.append(f"{statistics.median(values):.2f} ({values[0]:.2f}-{values[-1]:.2f})")
    print(f"| {name} | " + " | ".join(cells) + " |")
