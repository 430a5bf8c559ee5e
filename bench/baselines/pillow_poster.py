#!/usr/bin/env python3
"""Baseline: the classic NMTI poster drawn with Python + Pillow.

Draws the same 750x1334 poster as Themes/classic for each of the 32 variants in
the JSON that `nmti-bench` writes (bench/results/variants.json): the accent header
with its vertical gradient, the type's emoji as a flat white watermark, the code and
title in Smiley Sans (the title with a hard drop shadow), the card with its shadow, the
slogan, tagline and wrapped Chinese description in Noto Sans CJK SC, the four
dimension bars, the SVG mark and a QR code of the poster's link. Same font files.

- QR: `qrcode` (PyPI), correction M, quiet zone 2, modules snapped to whole pixels.
- SVG: cairosvg rasterises the mark ONCE per process at its drawn size (60x60 px) and
  the raster is reused, just as the engine caches librsvg rasters per size. The
  one-time cost is inside the start-up time (and inside the fresh-process timing).
- Emoji: Noto Color Emoji at its 109 px strike, cached per emoji, scaled per poster
  (the engine also caches the strike bitmap and paints it scaled).
- Gradient: the vertical overlay is identical on every poster, so it is computed
  once per process with numpy and composited per poster. PNG: `Image.save(format="PNG")` with
  Pillow's defaults (zlib level 6), RGB like the engine's output.

Modes:
  --json          warm benchmark: warm-up rounds, then measured rounds; prints a JSON
                  report on stdout (per-poster draw/encode times, sizes, peak RSS).
  --once          render the 32 posters once into --out and exit (timed from outside
                  as a fresh process, like `nmti-poster batch`).
"""

import importlib.metadata
import io
import json
import os
import platform
import sys
import time

T_START = time.perf_counter()

import cairosvg  # noqa: E402
import numpy as np  # noqa: E402
import PIL  # noqa: E402
import qrcode  # noqa: E402
from PIL import Image, ImageDraw, ImageFilter, ImageFont  # noqa: E402

import rounds  # noqa: E402

S = 2  # device pixels per point, as the engine's PosterCanvas.scale
W, H = 375 * S, 667 * S

NOTO_REGULAR = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
NOTO_BOLD = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
NOTO_SC_INDEX = 2  # face 2 of the collection is "Noto Sans CJK SC"
SMILEY = "/usr/share/fonts/truetype/smiley-sans/SmileySans-Oblique.ttf"
EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
EMOJI_STRIKE = 109


def hex_color(text):
    """#RGB, #RRGGBB or #RRGGBBAA to an RGBA tuple."""
    text = text.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) == 6:
        text += "FF"
    return tuple(int(text[i:i + 2], 16) for i in range(0, 8, 2))


class Fonts:
    """ImageFont objects created on first use and kept, as Pango keeps its fonts."""

    def __init__(self):
        self.cache = {}
        self.emoji_cache = {}

    def get(self, kind, px):
        key = (kind, px)
        font = self.cache.get(key)
        if font is None:
            if kind == "smiley":
                font = ImageFont.truetype(SMILEY, px)
            else:
                path = NOTO_BOLD if kind == "bold" else NOTO_REGULAR
                font = ImageFont.truetype(path, px, index=NOTO_SC_INDEX)
            self.cache[key] = font
        return font

    def emoji(self, char):
        """The emoji drawn at the font's only bitmap strike, cropped to its ink."""
        bitmap = self.emoji_cache.get(char)
        if bitmap is None:
            font = self.cache.get("emoji")
            if font is None:
                font = self.cache["emoji"] = ImageFont.truetype(EMOJI, EMOJI_STRIKE)
            layer = Image.new("RGBA", (EMOJI_STRIKE * 2, EMOJI_STRIKE * 2), (0, 0, 0, 0))
            ImageDraw.Draw(layer).text((0, 0), char, font=font, embedded_color=True)
            bitmap = layer.crop(layer.getbbox() or (0, 0, 1, 1))
            self.emoji_cache[char] = bitmap
        return bitmap


def spaced_text(draw, xy, text, font, fill, spacing):
    """Pillow has no letter spacing: draw character by character."""
    x, y = xy
    for char in text:
        draw.text((x, y), char, font=font, fill=fill)
        x += font.getlength(char) + spacing


def wrap(text, font, width, max_lines):
    """Greedy character wrap (Chinese breaks anywhere), ellipsised past max_lines."""
    lines, line, line_width = [], "", 0.0
    widths = {}
    for char in text:
        w = widths.get(char)
        if w is None:
            w = widths[char] = font.getlength(char)
        if line and line_width + w > width:
            lines.append(line)
            line, line_width = "", 0.0
        line += char
        line_width += w
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][:-1] + "…"
    return lines


def fit_one_line(text, fonts, kind, size, min_size, width):
    """Shrink in half-point steps until the text fits one line, as the theme's minSize does."""
    px = size * S
    while px > min_size * S and fonts.get(kind, int(px)).getlength(text) > width:
        px -= 1
    return fonts.get(kind, int(px))


def line_height(font, factor=1.0):
    ascent, descent = font.getmetrics()
    return (ascent + descent) * factor


class Gradient:
    """The header's 180-degree (top to bottom) overlay: #FFFFFF22 -> #00000000 -> #00000040."""

    def __init__(self, width, height, angle=180):
        self.width, self.height, self.angle = width, height, angle

    def render(self):
        import math
        rad = math.radians(self.angle)
        dx, dy = math.sin(rad), -math.cos(rad)  # CSS convention: 0deg points up
        half = (abs(self.width * dx) + abs(self.height * dy)) / 2
        xs = np.arange(self.width, dtype=np.float32) - self.width / 2 + 0.5
        ys = np.arange(self.height, dtype=np.float32) - self.height / 2 + 0.5
        t = (xs[None, :] * dx + ys[:, None] * dy) / (2 * half) + 0.5
        t = np.clip(t, 0.0, 1.0)
        stops = np.array([hex_color("#FFFFFF22"), hex_color("#00000000"), hex_color("#00000040")], dtype=np.float32)
        first = t < 0.5
        u = np.where(first, t * 2, (t - 0.5) * 2)[..., None]
        lower = np.where(first[..., None], stops[0], stops[1])
        upper = np.where(first[..., None], stops[1], stops[2])
        rgba = lower + (upper - lower) * u
        return Image.fromarray(np.rint(rgba).astype(np.uint8), "RGBA")


def shadow(img, box, radius, offset, blur, color, text=None, font=None):
    """A blurred silhouette (rounded box, or text) composited under an item."""
    x0, y0, x1, y1 = box
    margin = blur * 2
    left, top = int(x0 - margin), int(y0 - margin)
    size = (int(x1 - x0 + 2 * margin), int(y1 - y0 + 2 * margin))
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    if text is None:
        d.rounded_rectangle((margin, margin, margin + x1 - x0, margin + y1 - y0), radius=radius, fill=255)
    else:
        d.text((margin, margin), text, font=font, fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(blur / 2))
    r, g, b, a = color
    mask = mask.point(lambda v: v * a // 255)
    solid = Image.new("RGB", size, (r, g, b))
    img.paste(solid, (left + offset[0], top + offset[1]), mask)


class Poster:
    def __init__(self, icon_path):
        self.fonts = Fonts()
        # The SVG mark, rasterised once at its drawn size (30 pt = 60 px).
        png = cairosvg.svg2png(url=icon_path, output_width=30 * S, output_height=30 * S)
        self.icon = Image.open(io.BytesIO(png)).convert("RGBA")
        self.icon.load()
        # The header's overlay is the same on every poster: computed once (numpy) and reused.
        self.overlay = Gradient(W, 270 * S).render()

    def draw(self, v, positions):
        f = self.fonts
        accent = hex_color(v["accent"])
        img = Image.new("RGB", (W, H), hex_color("#F4EFE6")[:3])
        d = ImageDraw.Draw(img, "RGBA")

        # Header: accent block, gradient overlay, the emoji as a flat white watermark at 16%.
        d.rectangle((0, 0, W, 270 * S), fill=accent)
        img.paste(self.overlay, (0, 0), self.overlay)
        emoji = f.emoji(v["emoji"])
        scale = 140 * S / EMOJI_STRIKE
        motif = emoji.resize((int(emoji.width * scale), int(emoji.height * scale)), Image.BILINEAR)
        alpha = motif.getchannel("A").point(lambda a: a * 41 // 255)
        motif = Image.new("RGBA", motif.size, (255, 255, 255, 0))
        motif.putalpha(alpha)
        clip = (205 * S, 30 * S, 375 * S, 210 * S)
        mx = 205 * S + (190 * S - motif.width) // 2
        my = 30 * S + 20 * S
        region = motif.crop((clip[0] - mx, clip[1] - my, clip[2] - mx, clip[3] - my))
        img.paste(region, clip[:2], region)

        spaced_text(d, (24 * S, 26 * S), "NMTI 人格鉴定报告", f.get("bold", 11 * S), hex_color("#FFFFFFCC"), 2 * S)
        d.rounded_rectangle((263 * S, 21 * S, 351 * S, 45 * S), radius=12 * S, fill=hex_color("#FFFFFF33"))
        pack_font = f.get("bold", 11 * S)
        d.text((307 * S, 33 * S), v["packName"], font=pack_font, fill=(255, 255, 255, 255), anchor="mm")
        spaced_text(d, (22 * S, 44 * S), v["code"], f.get("smiley", 72 * S), (255, 255, 255, 255), 4 * S)
        spaced_text(d, (26 * S, 124 * S), "aka " + v["alias"], f.get("regular", 12 * S), hex_color("#FFFFFFB3"), int(1.5 * S))
        title_font = fit_one_line(v["title"], f, "smiley", 42, 32, 327 * S)
        # A hard drop shadow: the title once more, 2 pt lower, in #00000030.
        d.text((24 * S, 142 * S), v["title"], font=title_font, fill=hex_color("#00000030"))
        d.text((24 * S, 140 * S), v["title"], font=title_font, fill=(255, 255, 255, 255))

        # The card and its shadow.
        card = (16 * S, 216 * S, 359 * S, 586 * S)
        shadow(img, card, 18 * S, (0, 6 * S), 14 * S, hex_color("#5A3C1E26"))
        d.rounded_rectangle(card, radius=18 * S, fill=hex_color("#FFFDF8"))

        # Slogan, tagline, description, dashed rule, stacked with 8 pt gaps.
        x, y, width = 36 * S, 230 * S, 303 * S
        slogan_font = f.get("bold", 18 * S)
        for line in wrap("“" + v["slogan"] + "”", slogan_font, width, 2):
            d.text((x, y), line, font=slogan_font, fill=accent)
            y += line_height(slogan_font)
        y += 8 * S
        tagline_font = fit_one_line(v["tagline"], f, "regular", 12.5, 11, width)
        d.text((x, y), v["tagline"], font=tagline_font, fill=hex_color("#8C8273"))
        y += line_height(tagline_font) + 8 * S
        body = f.get("regular", 13 * S)
        for line in wrap(v["description"], body, width, 6):
            d.text((x, y), line, font=body, fill=hex_color("#2B2620"))
            y += line_height(body, 1.1)
        y += 8 * S + 2 * S
        dash = hex_color("#E4DCCD")
        for dx in range(0, width, 6 * S):
            d.line((x + dx, y, x + min(dx + 3 * S, width), y), fill=dash, width=S)
        y += 8 * S

        # The four dimension bars.
        label_width, bar_h = 52 * S, 6 * S
        bar_left, bar_width = x + label_width, width - 2 * label_width
        caption_font = f.get("regular", int(8.5 * S))
        label_regular, label_bold = f.get("regular", 11 * S), f.get("bold", 11 * S)
        label_color = hex_color("#A39A8A")
        for index, key in enumerate("csea"):
            if index:
                y += 3 * S
            pole = v["pole." + key]
            caption = "%s · %s %s%%" % (v["dimension." + key], pole, v["percent." + key])
            d.text((bar_left + bar_width / 2, y), caption, font=caption_font, fill=label_color, anchor="ma")
            y += line_height(caption_font) + 2 * S
            row_h = max(11 * 1.5, 6 * 2) * S
            bar_y = y + (row_h - bar_h) / 2
            for positive in (True, False):
                name = v[("positivePole." if positive else "negativePole.") + key]
                active = name == pole
                font = label_bold if active else label_regular
                color = accent if active else label_color
                if positive:
                    d.text((x, y + row_h / 2), name, font=font, fill=color, anchor="lm")
                else:
                    d.text((x + width, y + row_h / 2), name, font=font, fill=color, anchor="rm")
            d.rounded_rectangle((bar_left, bar_y, bar_left + bar_width, bar_y + bar_h), radius=bar_h / 2,
                                fill=hex_color("#EEE7DA"))
            marker = bar_left + bar_width * (1 - positions[key])
            centre = bar_left + bar_width / 2
            if abs(marker - centre) > 0:
                d.rounded_rectangle((min(marker, centre), bar_y, max(marker, centre), bar_y + bar_h), radius=bar_h / 2,
                                    fill=accent)
            dot = bar_h * 1.8
            cy = bar_y + bar_h / 2
            d.ellipse((marker - dot / 2, cy - dot / 2, marker + dot / 2, cy + dot / 2), fill=accent,
                      outline=(255, 255, 255, 255), width=3)
            y += row_h

        # Footer: SVG mark, call to action, QR code of the link.
        img.paste(self.icon, (24 * S, 608 * S), self.icon)
        d.text((62 * S, 606 * S), v["cta"], font=f.get("bold", 13 * S), fill=hex_color("#2B2620"))
        d.text((62 * S, 625 * S), "NMTI · 冒犯但准的人格测试", font=f.get("regular", 10 * S), fill=hex_color("#8C8273"))
        qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
        qr.add_data(v["link"])
        qr.make(fit=True)
        matrix = qr.get_matrix()
        side = 64 * S
        modules = len(matrix) + 4
        px = max(1, side // modules)
        left = 287 * S + (side - px * modules) // 2 + 2 * px
        top = 594 * S + (side - px * modules) // 2 + 2 * px
        d.rectangle((287 * S, 594 * S, 287 * S + side - 1, 594 * S + side - 1), fill=hex_color("#FFFDF8"))
        ink = hex_color("#2B2620")
        for row, cells in enumerate(matrix):
            column = 0
            while column < len(cells):
                if not cells[column]:
                    column += 1
                    continue
                start = column
                while column < len(cells) and cells[column]:
                    column += 1
                d.rectangle((left + start * px, top + row * px, left + column * px - 1, top + row * px + px - 1), fill=ink)
        return img


def encode(img):
    buffer = io.BytesIO()
    img.save(buffer, format="PNG")
    return buffer.getvalue()


def main():
    args = rounds.arguments(__doc__, [("--once", {"action": "store_true"})])
    spec = rounds.load_variants(args.variants)
    variants = spec["variants"]
    poster = Poster(spec["icon"])
    os.makedirs(args.out, exist_ok=True)

    if args.once:
        for variant in variants:
            png = encode(poster.draw(variant["values"], variant["positions"]))
            rounds.write_png(os.path.join(args.out, variant["file"] + ".png"), png)
        return

    startup_ms = (time.perf_counter() - T_START) * 1000
    timings = rounds.measure("pillow", variants, args,
                             lambda variant: poster.draw(variant["values"], variant["positions"]), encode)

    report = {
        "name": "pillow",
        "description": "Python + Pillow (qrcode; cairosvg mark and numpy gradient made once per process)",
        "versions": {"python": platform.python_version(), "Pillow": PIL.__version__, "numpy": np.__version__,
                     "qrcode": importlib.metadata.version("qrcode"), "cairosvg": cairosvg.__version__},
        "startupMs": startup_ms,
        **timings,
        "maxRSSKiB": rounds.high_water_kib(),
    }
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
