#!/usr/bin/env python3
"""Typography comparison harness: the engine against headless Chromium.

Lays out every paragraph of corpus.json at every width with the engine
(nmti-bench --typography-lines) and with Debian's chromium (same font, size
and box; `line-break: strict; text-align: justify; overflow-wrap: break-word`,
since a poster's box cannot overflow), and reports where they
break differently and which side breaks a rule. Writes results/latest.json
and results/latest.md (the table docs/typography.md quotes).

With `--corpus words.json` it also counts the words each side splits across
lines, judged by jieba (a segmentation the engine does not use): all word
splits, reduplications split (默/默, 安安/静静, 乐/呵呵) and words split at a
paragraph's last break. `--segmenter budoux` lays the engine out with BudouX's
phrase boundaries instead of ICU's words, and `--no-keep-words` with the
engine's character breaking (keepWords: false), to measure the candidates
against each other.

Usage: bench/typography/compare.py [--bench .build/release/nmti-bench] [--chromium chromium] [--corpus corpus.json]
Setup: bench/typography/setup (installs chromium, jieba and budoux).
"""
import argparse, html, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
NO_START = set("）〕］｝〉》」』】〗”’，、。．：；！？·・…‥～〜‐–゠ー々〻ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)]}>,.;:!?%％‰℃°")
NO_END = set("（〔［｛〈《「『【〖“‘([{")
UNITS_AFTER_NUMBER = set("年月日时分秒号点元页个天周次名版期届岁度")


WORD_BREAK_AFTER = "-?&"


def is_word(c):
    return c.isascii() and (c.isalnum() or c in "._-/:?=&%@#+")


def unbreakable_runs(text):
    """Maximal runs of word characters that neither side may break inside."""
    runs, current = [], ""
    for c in text:
        if is_word(c):
            current += c
            if c in WORD_BREAK_AFTER:
                runs.append(current)
                current = ""
        else:
            if current:
                runs.append(current)
            current = ""
    if current:
        runs.append(current)
    return [r for r in runs if len(r) > 1]


def run_at(text, position):
    """The unbreakable run around the split before `position`."""
    start = position
    while start > 0 and is_word(text[start - 1]) and text[start - 1] not in WORD_BREAK_AFTER:
        start -= 1
    end = position
    while end < len(text) and is_word(text[end]):
        end += 1
        if text[end - 1] in WORD_BREAK_AFTER:
            break
    return text[start:end]


def rule_breaks(source, lines, width=None, word_widths=None, overflow=False):
    """The rules a set of lines breaks: (rule, line index) pairs. A word split is
    forced (not a rule break) when the word alone is wider than the box."""
    problems = []
    position = 0
    text = source
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            continue
        start = text.find(stripped, position)
        if start < 0:
            start = position
        end = start + len(stripped)
        if index > 0 and stripped[0] in NO_START:
            problems.append(("line starts with " + stripped[0], index))
        if index < len(lines) - 1 and stripped[-1] in NO_END:
            problems.append(("line ends with " + stripped[-1], index))
        if index < len(lines) - 1 and end < len(text):
            before, after = text[end - 1], text[end]
            if is_word(before) and is_word(after) and before not in WORD_BREAK_AFTER:
                word = run_at(text, end)
                if word_widths is None or width is None or word_widths.get(word, 0) <= width:
                    problems.append(("Latin word or number split", index))
            if before.isdigit() and after in UNITS_AFTER_NUMBER:
                problems.append(("number split from its unit", index))
            if before == after and before in "—…":
                problems.append(("split " + before * 2, index))
        position = end
    if overflow:
        problems.append(("overflows the box", 0))
    return problems


def split_positions(source, lines):
    """The character index in `source` where each line after the first starts."""
    positions, position = [], 0
    for index, line in enumerate(lines):
        stripped = line.strip()
        start = source.find(stripped, position) if stripped else position
        if start < 0:
            start = position
        if index > 0:
            positions.append(start)
        position = start + len(stripped)
    return positions


def is_han(c):
    return "\u4e00" <= c <= "\u9fff"


def word_spans(text):
    """jieba's words of two or more Han characters, as (start, end) spans."""
    import jieba
    spans, position = [], 0
    for word in jieba.cut(text):
        end = position + len(word)
        if len(word) >= 2 and all(is_han(c) for c in word):
            spans.append((position, end))
        position = end
    return spans


def word_splits(text, lines, spans):
    """(word splits, reduplications split, words split at the last break) of one layout."""
    positions = split_positions(text, lines)
    words = redups = last = 0
    for number, p in enumerate(positions):
        inside = [(a, b) for a, b in spans if a < p < b]
        doubled = p > 0 and p < len(text) and text[p - 1] == text[p] and is_han(text[p])
        if inside or doubled:
            words += 1
            word = text[inside[0][0]:inside[0][1]] if inside else text[p - 1:p + 1]
            if doubled or any(word[i] == word[i + 1] for i in range(len(word) - 1)):
                redups += 1
            if number == len(positions) - 1:
                last += 1
    return words, redups, last


def budoux_starts(paragraphs):
    """For each paragraph, whether BudouX's Simplified Chinese model starts a phrase at each character."""
    import budoux
    parser = budoux.load_default_simplified_chinese_parser()
    result = []
    for text in paragraphs:
        starts, position = [False] * len(text), 0
        for phrase in parser.parse(text):
            if position < len(text):
                starts[position] = True
            position += len(phrase)
        if starts:
            starts[0] = True
        result.append(starts)
    return result


def engine_lines(bench, corpus):
    request = json.dumps(corpus).encode()
    out = subprocess.run([bench, "--typography-lines"], input=request, capture_output=True, check=True).stdout
    return {(item["paragraph"], item["width"]): item["lines"] for item in json.loads(out)}


PAGE = """<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
body {{ margin: 0; }}
div.p {{ font-family: "{font}"; font-size: {size}px; line-height: 2; line-break: strict; text-align: justify;
        word-break: normal; overflow-wrap: {wrap}; white-space: normal; margin: 0 0 8px 0; padding: 0; }}
span.w {{ font-family: "{font}"; font-size: {size}px; white-space: nowrap; position: absolute; left: 0; top: 0; visibility: hidden; }}
</style></head><body>{divs}{words}<pre id="out"></pre><script>
const result = [];
const words = {{}};
for (const span of document.querySelectorAll('span.w')) words[span.textContent] = span.getBoundingClientRect().width;
for (const div of document.querySelectorAll('div.p')) {{
  const lines = []; let top = null; let current = ''; let right = 0;
  const left = div.getBoundingClientRect().left;
  const walker = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {{
    const text = node.textContent;
    for (let i = 0; i < text.length; ) {{
      const code = text.codePointAt(i); const len = code > 0xFFFF ? 2 : 1;
      const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + len);
      const rects = Array.from(range.getClientRects()).filter(r => r.width > 0 || r.height > 0);
      const ch = text.slice(i, i + len);
      if (rects.length) {{
        const y = Math.round(rects[rects.length - 1].top);
        if (!/\s/.test(ch)) right = Math.max(right, rects[rects.length - 1].right - left);
        if (top !== null && Math.abs(y - top) > 4) {{ lines.push(current); current = ''; }}
        top = y;
      }}
      current += ch; i += len;
    }}
  }}
  lines.push(current);
  result.push({{ paragraph: +div.dataset.p, width: +div.dataset.w, overflow: right > +div.dataset.w + 0.5, lines: lines.map(l => l.replace(/\\s+$/, '').replace(/^\\s+/, '')) }});
}}
document.getElementById('out').textContent = JSON.stringify({{ result, words }});
</script></body></html>"""


def chromium_lines(chromium, corpus, wrap):
    divs = []
    for p, text in enumerate(corpus["paragraphs"]):
        for w in corpus["widths"]:
            divs.append('<div class="p" data-p="%d" data-w="%s" style="width:%spx">%s</div>' % (p, w, w, html.escape(text)))
    words = sorted({w for text in corpus["paragraphs"] for w in unbreakable_runs(text)})
    spans = "".join('<span class="w">%s</span>' % html.escape(w) for w in words)
    page = PAGE.format(font=corpus["font"], size=corpus["size"], divs="".join(divs), words=spans, wrap=wrap)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "corpus.html")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(page)
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                              "--dump-dom", "file://" + path], capture_output=True, check=True, text=True).stdout
    start = dom.index('<pre id="out">') + len('<pre id="out">')
    payload = html.unescape(dom[start:dom.index("</pre>", start)])
    data = json.loads(payload)
    layouts = {(item["paragraph"], float(item["width"])): item for item in data["result"]}
    return layouts, data["words"]


def version(chromium):
    try:
        return subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", default=".build/release/nmti-bench")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    # A poster's text box cannot overflow, so the reference may not either: break-word
    # breaks a word only when it is wider than the whole line, as the engine does.
    # `--overflow-wrap normal` gives Chromium's default, which lets such a word overflow.
    parser.add_argument("--overflow-wrap", default="break-word", choices=["break-word", "anywhere", "normal"])
    parser.add_argument("--corpus", default="corpus.json", help="a corpus file in bench/typography")
    parser.add_argument("--segmenter", default="icu", choices=["icu", "budoux"],
                        help="the engine's word boundaries: ICU's (the engine's own) or BudouX's phrases")
    parser.add_argument("--no-keep-words", action="store_true", help="the engine breaks between any two characters")
    args = parser.parse_args()
    with open(os.path.join(HERE, args.corpus), encoding="utf-8") as handle:
        corpus = json.load(handle)
    corpus["widths"] = [float(w) for w in corpus["widths"]]
    corpus["keepWords"] = not args.no_keep_words
    if args.segmenter == "budoux":
        corpus["wordStarts"] = budoux_starts(corpus["paragraphs"])
    engine = engine_lines(args.bench, corpus)
    browser, word_widths = chromium_lines(args.chromium, corpus, args.overflow_wrap)
    rows = []
    for p, text in enumerate(corpus["paragraphs"]):
        for w in corpus["widths"]:
            e, c = engine[(p, w)], browser[(p, w)]["lines"]
            rows.append({"paragraph": p, "width": w, "engine": e, "chromium": c,
                         "same": [l.strip() for l in e] == [l.strip() for l in c],
                         "engineRules": rule_breaks(text, e, w, word_widths),
                         "chromiumRules": rule_breaks(text, c, w, word_widths, browser[(p, w)]["overflow"])})
    spans = [word_spans(text) for text in corpus["paragraphs"]]
    for r in rows:
        text = corpus["paragraphs"][r["paragraph"]]
        r["engineWords"] = word_splits(text, r["engine"], spans[r["paragraph"]])
        r["chromiumWords"] = word_splits(text, r["chromium"], spans[r["paragraph"]])
    total = len(rows)
    different = [r for r in rows if not r["same"]]
    more = [r for r in rows if len(r["engine"]) > len(r["chromium"])]
    fewer = [r for r in rows if len(r["engine"]) < len(r["chromium"])]
    engine_bad = [r for r in rows if r["engineRules"]]
    chromium_bad = [r for r in rows if r["chromiumRules"]]
    os.makedirs(args.out, exist_ok=True)
    stem = "latest" if args.corpus == "corpus.json" else "latest-" + os.path.splitext(args.corpus)[0]
    with open(os.path.join(args.out, stem + ".json"), "w", encoding="utf-8") as handle:
        json.dump({"chromium": version(args.chromium), "rows": rows}, handle, ensure_ascii=False, indent=1)
    md = []
    md.append("Engine: %s, %s." % ("word-aware breaking" if corpus["keepWords"] else "character breaking (keepWords: false)",
                                  "BudouX phrases" if args.segmenter == "budoux" else "ICU words"))
    md.append("Corpus: %d paragraphs × %d widths (%s–%s pt) = %d layouts, %s %s pt, justified; %s, `overflow-wrap: %s`."
              % (len(corpus["paragraphs"]), len(corpus["widths"]), int(min(corpus["widths"])), int(max(corpus["widths"])),
                 total, corpus["font"], corpus["size"], version(args.chromium), args.overflow_wrap))
    md.append("")
    def count(side, prefix):
        return sum(1 for r in rows if any(x[0].startswith(prefix) for x in r[side + "Rules"]))
    overflowing = [r for r in more if any(x[0] == "overflows the box" for x in r["chromiumRules"])]
    md.append("| measure | engine | Chromium |")
    md.append("| --- | --- | --- |")
    md.append("| layouts that break differently | %d of %d | |" % (len(different), total))
    md.append("| needs more lines than the other side | %d (%d of them where Chromium overflows the box) | %d |"
              % (len(more), len(overflowing), len(fewer)))
    md.append("| a line starts with a mark that must not start one | %d | %d |" % (count("engine", "line starts"), count("chromium", "line starts")))
    md.append("| a line ends with an opening mark | %d | %d |" % (count("engine", "line ends"), count("chromium", "line ends")))
    md.append("| a Latin word or number split that fits the box | %d | %d |" % (count("engine", "Latin"), count("chromium", "Latin")))
    md.append("| a number split from its unit or date | %d | %d |" % (count("engine", "number split"), count("chromium", "number split")))
    md.append("| `——` or `……` split | %d | %d |" % (count("engine", "split —"), count("chromium", "split —") + count("chromium", "split …")))
    md.append("| text overflows the box | 0 | %d |" % count("chromium", "overflows"))
    for index, label in enumerate(["words split across lines (jieba)", "reduplications split",
                                   "words split at the last break"]):
        md.append("| %s | %d | %d |" % (label, sum(r["engineWords"][index] for r in rows),
                                        sum(r["chromiumWords"][index] for r in rows)))
    where = [r for r in rows if not any(x[0] == "overflows the box" for x in r["chromiumRules"])]
    md.append("| lines in all (where Chromium does not overflow) | %d | %d |"
              % (sum(len(r["engine"]) for r in where), sum(len(r["chromium"]) for r in where)))
    md.append("")
    md.append("Layouts where a side breaks a rule, or the line counts differ:")
    md.append("")
    md.append("| # | width | engine | Chromium | rule broken |")
    md.append("| --- | --- | --- | --- | --- |")
    for r in rows:
        if r["engineRules"] or r["chromiumRules"] or len(r["engine"]) != len(r["chromium"]) or r["engineWords"][0]:
            rules = ["engine: " + x[0] for x in r["engineRules"]] + ["Chromium: " + x[0] for x in r["chromiumRules"]]
            rules += ["engine splits %d words" % r["engineWords"][0]] if r["engineWords"][0] else []
            rules += ["Chromium splits %d words" % r["chromiumWords"][0]] if r["chromiumWords"][0] else []
            md.append("| %d | %d | %s | %s | %s |" % (r["paragraph"] + 1, r["width"], " / ".join(r["engine"]).replace("|", "\\|"),
                                                  " / ".join(r["chromium"]).replace("|", "\\|"), "; ".join(rules) or "—"))
    with open(os.path.join(args.out, stem + ".md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(md) + "\n")
    print("\n".join(md[:20]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
