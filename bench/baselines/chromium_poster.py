#!/usr/bin/env python3
"""Baseline: the classic NMTI poster as HTML, captured by one warm headless Chromium.

One Chromium (Debian's `chromium` + `chromium-driver`, driven by `selenium` from
PyPI) loads chromium_poster.html once. For each of the 32 variants in the JSON
that `nmti-bench` writes, the page is refilled by a script call (texts, accent
colour, bars, and a QR code of the link made with `qrcode` as inline SVG), then
captured with the DevTools `Page.captureScreenshot` at device scale factor 2:
750x1334 pixels, PNG, like the engine's. Same font files (by family name through
fontconfig); the SVG mark is the theme's file, decoded once by the browser.

Per poster, "draw" is building the QR SVG plus the DOM update and forced layout;
"encode" is the capture (paint, PNG encoding, transfer and base64 decoding). The
browser start-up and first page load are reported separately and not included.

Usage: chromium_poster.py --variants FILE --out DIR [--warmup N] [--rounds N] --json
"""

import argparse
import base64
import importlib.metadata
import json
import os
import platform
import sys
import time

T_START = time.perf_counter()

import qrcode  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def qr_svg(link):
    """The link as an SVG QR code: correction M, quiet zone 2, one path of row runs."""
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    qr.add_data(link)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    n = len(matrix)
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        while x < n:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < n and row[x]:
                x += 1
            parts.append("M%d %dh%dv1h-%dz" % (start, y, x - start, x - start))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d"><path fill="#2B2620" d="%s"/></svg>'
            % (n, n, "".join(parts)))


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


def high_water_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--driver", default="/usr/bin/chromedriver")
    args = parser.parse_args()

    with open(args.variants, encoding="utf-8") as handle:
        spec = json.load(handle)
    variants = spec["variants"]
    canvas = spec["canvas"]

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--force-device-scale-factor=%g" % canvas["scale"], "--window-size=%d,%d" % (canvas["width"], canvas["height"]),
                 "--font-render-hinting=none", "--disable-extensions", "--mute-audio"):
        options.add_argument(flag)
    launch = time.perf_counter()
    driver = webdriver.Chrome(options=options, service=Service(args.driver))
    launched_ms = (time.perf_counter() - launch) * 1000
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": canvas["width"], "height": canvas["height"], "deviceScaleFactor": canvas["scale"], "mobile": False})
        driver.get("file://" + os.path.join(HERE, "chromium_poster.html"))
        driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const mark = document.getElementById("mark");
            mark.onload = () => document.fonts.ready.then(() => done(true));
            mark.src = arguments[0];
        """, "file://" + spec["icon"])
        startup_ms = (time.perf_counter() - T_START) * 1000

        os.makedirs(args.out, exist_ok=True)
        draw_ms, encode_ms, render_ms, round_ms, sizes = [], [], [], [], []
        for round_index in range(args.warmup + args.rounds):
            measured = round_index >= args.warmup
            round_start = time.perf_counter()
            for variant in variants:
                t0 = time.perf_counter()
                svg = qr_svg(variant["values"]["link"])
                driver.execute_script("return renderPoster(arguments[0], arguments[1], arguments[2]);",
                                      variant["values"], variant["positions"], svg)
                t1 = time.perf_counter()
                shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
                png = base64.b64decode(shot["data"])
                t2 = time.perf_counter()
                if measured:
                    draw_ms.append((t1 - t0) * 1000)
                    encode_ms.append((t2 - t1) * 1000)
                    render_ms.append((t2 - t0) * 1000)
                if round_index == 0:
                    sizes.append(len(png))
                    path = os.path.join(args.out, "chromium", variant["file"] + ".png")
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "wb") as handle:
                        handle.write(png)
                    round_start += time.perf_counter() - t2
            if measured:
                round_ms.append((time.perf_counter() - round_start) * 1000)
            print("chromium: round %d/%d done" % (round_index + 1, args.warmup + args.rounds), file=sys.stderr)

        browser = driver.service.process.pid
        rss = sum(high_water_kib(pid) for pid in descendants(browser))
        report = {
            "name": "chromium",
            "description": "HTML page, one warm headless Chromium via selenium, DevTools screenshot at 2x",
            "versions": {"python": platform.python_version(), "chromium": driver.capabilities.get("browserVersion", "?"),
                         "selenium": importlib.metadata.version("selenium"), "qrcode": importlib.metadata.version("qrcode"),
                         "browser launch ms": "%.0f" % launched_ms},
            "startupMs": startup_ms,
            "drawMs": draw_ms, "encodeMs": encode_ms, "renderMs": render_ms, "roundMs": round_ms,
            "bytes": sizes,
            # Sum of the peak RSS of every browser process (an upper bound: shared pages count once per process).
            "maxRSSKiB": rss,
        }
    finally:
        driver.quit()
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
