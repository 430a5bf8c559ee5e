#!/usr/bin/env python3
"""Writes COUNT varied result JSON files into DIR (and the same results as DIR.jsonl).

Seeded, so every run measures the same inputs: scores spread over the whole scale,
both packs, about a third with an id, a quarter invited, nicknames of different
scripts and lengths (CJK, emoji, Latin, none).
"""
import json
import random
import sys
from pathlib import Path

CODES = ["PRED", "PREM", "PROD", "PROM", "POED", "POEM", "POOD", "POOM",
         "DRED", "DREM", "DROD", "DROM", "DOED", "DOEM", "DOOD", "DOOM"]
NICKNAMES = ["阿May", "小王", "Zoë", "打工人一号", "🐟摸鱼达人🐟", "Alexandra the Great", "老板", "",
             "做题家", "K", "隔壁的猫", "Ünïcödé", "深夜加班的程序员小李同学"]


def result(index: int, rng: random.Random) -> dict:
    value = {
        "scores": {key: rng.randint(-12, 12) for key in "csea"},
        "pack": rng.choice(["workplace", "student"]),
    }
    nickname = rng.choice(NICKNAMES)
    if nickname:
        value["nickname"] = f"{nickname}{index}" if rng.random() < 0.5 else nickname
    if rng.random() < 0.25:
        value["fromCode"] = rng.choice(CODES)
        value["fromNickname"] = rng.choice(NICKNAMES)
    if rng.random() < 0.35:
        value["id"] = f"user-{index:06d}"
    return value


def main() -> None:
    folder, count = Path(sys.argv[1]), int(sys.argv[2])
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(14)
    with open(f"{folder}.jsonl", "w", encoding="utf-8") as lines:
        for index in range(count):
            text = json.dumps(result(index, rng), ensure_ascii=False)
            (folder / f"result-{index:06d}.json").write_text(text + "\n", encoding="utf-8")
            lines.write(text + "\n")


if __name__ == "__main__":
    main()
