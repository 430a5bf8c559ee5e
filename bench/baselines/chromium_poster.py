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

import rounds  # noqa: E402

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


def main():
    args = rounds.arguments(__doc__, [("--chromium", {"default": "/usr/bin/chromium"}),
                                      ("--driver", {"default": "/usr/bin/chromedriver"})])
    spec = rounds.load_variants(args.variants)
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

        def draw(variant):
            svg = qr_svg(variant["values"]["link"])
            driver.execute_script("return renderPoster(arguments[0], arguments[1], arguments[2]);",
                                  variant["values"], variant["positions"], svg)

        def capture(_):
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
            return base64.b64decode(shot["data"])

        timings = rounds.measure("chromium", variants, args, draw, capture)
        browser = driver.service.process.pid
        rss = sum(rounds.high_water_kib(pid) for pid in rounds.descendants(browser))
        report = {
            "name": "chromium",
            "description": "HTML page, one warm headless Chromium via selenium, DevTools screenshot at 2x",
            "versions": {"python": platform.python_version(), "chromium": driver.capabilities.get("browserVersion", "?"),
                         "selenium": importlib.metadata.version("selenium"), "qrcode": importlib.metadata.version("qrcode"),
                         "browser launch ms": "%.0f" % launched_ms},
            "startupMs": startup_ms,
            **timings,
            # Sum of the peak RSS of every browser process (an upper bound: shared pages count once per process).
            "maxRSSKiB": rss,
        }
    finally:
        driver.quit()
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
