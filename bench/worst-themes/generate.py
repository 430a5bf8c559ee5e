#!/usr/bin/env python3
"""Writes the benchmark's worst-case themes (bench/worst-themes/<case>/) and their
over-budget twins (Fixtures/bad-themes/cost-<case>/): each worst theme sits just
under one line of the render-cost budget (docs/limits.md) on the largest canvas;
its twin adds enough of the same element to go over and must be refused (78).

    python3 bench/worst-themes/generate.py      # from the repository root
"""
import json, os, struct, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CANVAS = {"width": 2048, "height": 2048, "background": "#F4F1EA"}

def png(width, height):
    rows = b"".join(b"\x00" + bytes([(x * 7) % 256 for x in range(width)]) * 0 + bytes(
        v for x in range(width) for v in ((x + y) % 256, (x * 3) % 256, (y * 5) % 256, 255)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))

def flat_png(width, height):
    """A one-colour PNG: large in pixels, a few KB on disk."""
    rows = (b"\x00" + bytes((232, 80, 58, 255)) * width) * height
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

CIRCLE = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='100' height='100'><circle cx='50' cy='50' r='45' fill='#E8503A'/></svg>\n"

def text_shadow(i, blur=26):
    return {"type": "text", "text": "阴影", "x": (i % 20) * 100, "y": (i // 20) * 80, "width": 100, "size": 16,
            "maxLines": 1, "shadow": {"blur": blur, "color": "#0008"}}

def text_shadow_over(i):
    return text_shadow(i, blur=40)

def big_shadow(i):
    return {"type": "text", "text": "长" * 20, "width": 2048, "height": 2048, "size": 400, "shadow": {"blur": 100, "x": i}}

def dashed_rect(i):
    return {"type": "shape", "shape": "rect", "width": 2048, "height": 2048, "stroke": {"color": "#333", "width": 1, "dash": [0.01, 0.01]}}

def dashed_text(i):
    return {"type": "text", "text": "长" * 60, "y": i * 10, "width": 2048, "size": 400, "maxLines": 3,
            "stroke": {"color": "#333", "width": 1, "dash": [0.1, 0.1]}}

def layer(i):
    return {"type": "group", "opacity": 0.9, "children": [{"type": "shape", "x": i * 8, "width": 8, "height": 8, "fill": "#E8503A"}]}

def radial(i):
    return {"type": "shape", "width": 2048, "height": 2048, "fill": {"type": "radial", "stops": ["#E8503A80", "#1B1B1B00"]}}

def fitted_text(i):
    return {"type": "text", "text": "{nickname}", "y": i * 120, "width": 2000, "size": 40, "minSize": 4, "maxLines": 3}

def png_image(i):
    return {"type": "image", "src": "assets/photo.png", "width": 2048, "height": 2048, "fit": "cover", "opacity": 0.5}

def png_thumbnail(i):
    return {"type": "image", "src": "assets/flat.png", "x": (i % 40) * 50, "y": (i // 40) * 50, "width": 40, "height": 40}

def svg_image(i):
    return {"type": "image", "src": f"assets/mark{i}.svg", "width": 1950, "height": 1950}

SVG_HEAD = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='100' height='100'>"

def svg_filter(primitives, body="<rect width='100' height='100' fill='#E8503A' filter='url(#f)'/>"):
    """An SVG whose content is one filter applied to what `body` draws (the filter region is the whole picture)."""
    return (SVG_HEAD + "<defs><filter id='f' x='0' y='0' width='1' height='1'>" + primitives + "</filter></defs>"
            + body + "</svg>\n").encode()

# Each drawn over the whole raster: what the weights of SVGContentCost were measured with.
SVG_CONTENT = {
    "assets/turbulence.svg": svg_filter("<feTurbulence baseFrequency='0.02' numOctaves='10' type='fractalNoise'/>"),
    "assets/filtered.svg": (SVG_HEAD + "<defs><filter id='f'><feGaussianBlur stdDeviation='8'/></filter></defs>"
        + "".join(f"<rect x='{i % 8}' y='{i // 8}' width='92' height='92' fill='#E8503A' fill-opacity='0.5' filter='url(#f)'/>" for i in range(64))
        + "</svg>\n").encode(),
    "assets/chain.svg": svg_filter(
        "<feTurbulence baseFrequency='0.05' numOctaves='1' result='n'/>"
        "<feDisplacementMap in='SourceGraphic' in2='n' scale='0' xChannelSelector='R' yChannelSelector='G' result='d'/>"
        "<feConvolveMatrix in='d' order='5' kernelMatrix='" + " ".join(["1"] * 25) + "' result='c'/>"
        "<feSpecularLighting in='c' surfaceScale='5' specularExponent='20' result='s'><feSpotLight x='50' y='50' z='20' pointsAtX='0' limitingConeAngle='30'/></feSpecularLighting>"
        "<feDiffuseLighting in='c' surfaceScale='5' result='l'><fePointLight x='50' y='50' z='20'/></feDiffuseLighting>"
        "<feComposite in='s' in2='l' operator='arithmetic' k1='1' k2='1'/>"),
    "assets/gradients.svg": (SVG_HEAD + "<defs><radialGradient id='g'><stop offset='0' stop-color='#E8503A'/><stop offset='1' stop-color='#1B1B1B' stop-opacity='0.5'/></radialGradient></defs>"
        + "<circle cx='50' cy='50' r='71' fill='url(#g)'/>" * 2000 + "</svg>\n").encode(),
}

# 2,040 bytes of CJK in one <text> (the per-element limit is 2,048), drawn 23 times through <use>.
SVG_CONTENT["assets/text.svg"] = (SVG_HEAD + "<defs><text id='t' y='10' font-size='3'>" + "排版" * 340 + "</text></defs>"
    + "".join(f"<use href='#t' y='{3 * i}'/>" for i in range(22)) + "</svg>\n").encode()

def svg_text(i):
    """The text SVG at a size of its own per element: each size is one more raster, shaped again."""
    return {"type": "image", "src": "assets/text.svg", "x": i * 300, "width": 200 + i, "height": 200 + i, "fit": "fill"}

def svg_content(src, side):
    def maker(i):
        return {"type": "image", "src": src, "width": side, "height": side, "fit": "fill"}
    maker.__name__ = f"svg_content_{side}pt"
    return maker

def qr_code(i):
    # 96 pt: a version-36 code with its 4-module quiet zone fits at 1 px a module.
    return {"type": "qr", "data": "x" * 1020 + "{code}", "correction": "H", "x": (i % 20) * 100, "y": (i // 20) * 100,
            "width": 96}

# case: (element maker, count under the budget, count over it (or count and maker), files, the line it fills)
CASES = {
    # 500 is the element limit: the twin blurs more instead of adding elements.
    "text-shadows": (text_shadow, 500, (500, text_shadow_over), {}, "blurred area: 500 small blurred text shadows"),
    "canvas-shadows": (big_shadow, 4, 5, {}, "blurred area: canvas-sized text shadows"),
    "tiny-dashes": (dashed_rect, 9, 10, {}, "dash segments: canvas-sized rectangles dashed every 0.02 pt"),
    "dashed-text": (dashed_text, 1, 2, {}, "dash segments and stroked outline: 400 pt glyph outlines dashed every 0.2 pt"),
    "opacity-layers": (layer, 22, 24, {}, "layer area: unclipped semi-transparent groups"),
    "radial-fills": (radial, 5, 6, {}, "drawn area: canvas-sized radial gradients"),
    "fitted-texts": (fitted_text, 1, 2, {}, "laid-out characters: a text shrinking 40 -> 4 pt and cutting a 2,000-character nickname"),
    "png-images": (png_image, 9, 10, {"assets/photo.png": None}, "drawn area: a 1000x1000 PNG painted over the canvas"),
    "png-thumbnails": (png_thumbnail, 62, 70, {"assets/flat.png": None}, "drawn area: a 2000x2000 PNG scaled down into 40 pt boxes"),
    "svg-rasters": (svg_image, 3, 4, {}, "drawn area: SVGs rasterised at 3900x3900 pixels"),
    "qr-codes": (qr_code, 170, 200, {}, "QR data: 1,024-byte codes at correction H (version 40)"),
    # SVG content: one element each, the raster as large as the budget allows for what the document draws.
    "svg-turbulence": (svg_content("assets/turbulence.svg", 405), 1, (1, svg_content("assets/turbulence.svg", 460)),
                       {"assets/turbulence.svg": SVG_CONTENT["assets/turbulence.svg"]}, "SVG content: a 10-octave turbulence over the raster"),
    "svg-filtered-elements": (svg_content("assets/filtered.svg", 125), 1, (1, svg_content("assets/filtered.svg", 150)),
                              {"assets/filtered.svg": SVG_CONTENT["assets/filtered.svg"]}, "SVG content: 64 blurred elements (the offscreen limit)"),
    "svg-filter-chain": (svg_content("assets/chain.svg", 262), 1, (1, svg_content("assets/chain.svg", 300)),
                         {"assets/chain.svg": SVG_CONTENT["assets/chain.svg"]}, "SVG content: turbulence, displacement map, 5x5 convolution, two lightings"),
    "svg-gradients": (svg_content("assets/gradients.svg", 78), 1, (1, svg_content("assets/gradients.svg", 85)),
                      {"assets/gradients.svg": SVG_CONTENT["assets/gradients.svg"]}, "SVG content: 2,000 radial-gradient circles over the raster"),
    "svg-text": (svg_text, 1, 2, {"assets/text.svg": SVG_CONTENT["assets/text.svg"]},
                 "SVG content: 46,920 bytes of SVG text (23 <use> copies of a 2,040-byte <text>), shaped on every draw"),
}

def write(folder, name, maker, count, files):
    os.makedirs(folder, exist_ok=True)
    theme = {"name": name, "description": f"worst case: {count} x {maker.__name__}", "canvas": CANVAS,
             "elements": [maker(i) for i in range(count)]}
    with open(os.path.join(folder, "theme.json5"), "w") as out:
        out.write(json.dumps(theme, ensure_ascii=False, indent=1) + "\n")
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
        with open(os.path.join(folder, path), "wb") as out:
            out.write(data)

for case, (maker, under, over, files, _) in CASES.items():
    assets = {path: data if isinstance(data, bytes) else (flat_png(2000, 2000) if path.endswith("flat.png") else png(1000, 1000))
              for path, data in files.items()}
    if maker is svg_image:
        assets = {f"assets/mark{i}.svg": CIRCLE.encode() for i in range(max(under, over))}
    write(os.path.join(ROOT, "bench", "worst-themes", case), f"worst-{case}", maker, under, assets)
    over_count, over_maker = over if isinstance(over, tuple) else (over, maker)
    write(os.path.join(ROOT, "Fixtures", "bad-themes", f"cost-{case}"), f"cost-{case}", over_maker, over_count, assets)
