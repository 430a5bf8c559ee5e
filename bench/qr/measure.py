#!/usr/bin/env python3
"""How far each shipped poster theme's QR code survives a chat app's recompression.

  bench/qr/measure.py NMTI_POSTER_BINARY [OUT.md]

For every theme that draws a QR code and three links (plain invite; the typical invited, signed
student reply: nicknames of 7 and 5 characters; the longest: both nicknames at the 24-character
limit), it renders the poster under https://nmti.example/ with a signing key, reads the drawn
code's version, level and module size from --layout-json, and finds with scripts/qr-read the
smallest scale (1.0, 0.95 ... 0.2; Lanczos, then JPEG quality 75) at which OpenCV's wechat_qrcode,
zxing-cpp and zbar still read the exact link. It also checks the goals of docs/links.md:
plain and typical read by all three at 0.5x and q75, the longest at 0.72x and q80.
Writes a Markdown table (default bench/results/qr-latest.md) and prints it.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QR_READ = os.path.join(ROOT, "scripts", "qr-read")
CASES = [
    ("plain", {"pack": "workplace", "scores": {"c": 6, "s": -3, "e": 2, "a": -5}}, (0.5, 75)),
    ("typical", {"pack": "student", "scores": {"c": 9, "s": -5, "e": -2, "a": 4}, "nickname": "王小明同学呀🐶",
                 "fromScores": {"c": -3, "s": 4, "e": -6, "a": -1}, "fromNickname": "陈大壮学霸"}, (0.5, 75)),
    ("longest", {"pack": "student", "scores": {"c": -12, "s": 12, "e": -12, "a": 12}, "nickname": "卷" * 24,
                 "fromScores": {"c": 12, "s": -12, "e": 12, "a": -12}, "fromNickname": "摸鱼" * 12}, (0.72, 80)),
]


def qr_entries(layout):
    found = []
    def walk(elements):
        for element in elements:
            if element.get("type") == "qr":
                found.append(element)
            walk(element.get("children", []))
    walk(layout.get("elements", []))
    return found


def read(arguments):
    run = subprocess.run([sys.executable, QR_READ] + arguments, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in run.stdout.splitlines() if line]


def main(binary, out):
    themes = [line.split()[0] for line in subprocess.run([binary, "themes", "list"], capture_output=True, text=True,
                                                         check=True, cwd=ROOT).stdout.splitlines() if line.strip()]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        key = os.path.join(scratch, "key")
        with open(key, "w") as file:
            file.write("nmti qr bench key, not a secret!\n")
        for theme in themes:
            for name, result, goal in CASES:
                source = os.path.join(scratch, f"{name}.json")
                with open(source, "w") as file:
                    json.dump(result, file, ensure_ascii=False)
                poster = os.path.join(scratch, f"{theme}-{name}.png")
                layout_path = os.path.join(scratch, f"{theme}-{name}.json")
                subprocess.run([binary, "render", source, "--theme", theme, "--link-base", "https://nmti.example/",
                                "--link-key-file", key, "-o", poster, "--layout-json", layout_path],
                               capture_output=True, text=True, check=True, cwd=ROOT)
                with open(layout_path) as file:
                    codes = qr_entries(json.load(file))
                if not codes:
                    break  # a theme without a QR code (card)
                code = codes[0].get("qr", {})
                sweep = read(["--sweep", "75", poster])[0]
                at_goal = read([poster, f"{goal[0]}:{goal[1]}"])[0]
                text = sweep.get("text")
                met = bool(text) and all(at_goal[d] == [text] for d in ("wechat", "zxing", "zbar"))
                rows.append({"theme": theme, "case": name, "chars": len(text) if text else None, "code": code,
                             "box": codes[0].get("bounds", {}), "sweep": sweep, "goal": goal, "met": met})
    lines = ["| theme | link | characters | QR version (modules) | level | module px | box pt | smallest scale at JPEG q75: WeChat / zxing / zbar | goal | met |",
             "| --- | --- | ---: | --- | --- | ---: | ---: | --- | --- | --- |"]
    for row in rows:
        code, sweep = row["code"], row["sweep"]
        modules = code.get("modules")
        version = f"{code.get('version', (modules - 17) // 4)} ({modules})" if modules else "?"
        scales = " / ".join("—" if sweep.get(d) is None else f"{sweep[d]:g}x" for d in ("wechat", "zxing", "zbar"))
        goal = f"all three at {row['goal'][0]:g}x, q{row['goal'][1]}"
        lines.append(f"| {row['theme']} | {row['case']} | {row['chars'] or '—'} | {version} | {code.get('correction', '?')} | "
                     f"{code.get('modulePixels', '?')} | {row['box'].get('width', '?'):g} | {scales} | {goal} | {'yes' if row['met'] else '**no**'} |")
    table = "\n".join(lines) + "\n"
    with open(out, "w") as file:
        file.write(table)
    print(table, end="")
    return 0 if all(row["met"] for row in rows) else 1


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.exit(main(os.path.abspath(sys.argv[1]), sys.argv[2] if len(sys.argv) == 3 else os.path.join(ROOT, "bench", "results", "qr-latest.md")))
