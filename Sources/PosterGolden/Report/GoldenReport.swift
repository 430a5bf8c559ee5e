import PosterKit
import Foundation
import PosterFiles

/// One static HTML page for a whole golden run: changed, new, missing and obsolete
/// goldens (and cases that could not be checked), each with its message, the diff,
/// the side-by-side image and an overlay of golden and render with a slider and a
/// blink switch. Plain HTML, CSS and a few lines of JS; images are referenced by
/// paths relative to the page, so the artifacts folder can be opened or zipped as is.
public enum GoldenReport {
    /// The page's file name inside the artifacts folder.
    public static let fileName = "report.html"

    /// The sections, in page order, with their headings.
    static let sections: [(GoldenOutcome.Status, String)] = [
        (.changed, "Changed"), (.error, "Could not be checked"), (.missing, "Missing"),
        (.new, "New (recorded in this run)"), (.obsolete, "Obsolete"),
    ]

    /// The page for a run's outcomes.
    public static func html(
        _ outcomes: [GoldenOutcome], title: String, environmentNote: String?, mode: GoldenRecordMode, goldens: String
    ) -> String {
        let sorted = outcomes.sorted { $0.id < $1.id }
        var counts: [GoldenOutcome.Status: Int] = [:]
        for outcome in sorted { counts[outcome.status, default: 0] += 1 }
        let failures = sorted.filter(\.failed).count

        var body = "<h1>\(escape(title))</h1>\n"
        body += "<p class=\"summary \(failures == 0 ? "ok" : "bad")\">\(sorted.count) goldens: "
        body += ([(GoldenOutcome.Status.passed, "passed")] + sections.map { ($0.0, $0.0.rawValue) })
            .map { "<span class=\"badge \($0.0.rawValue)\">\(counts[$0.0] ?? 0) \($0.1)</span>" }
            .joined(separator: " ")
        body += "</p>\n<p class=\"meta\">goldens: <code>\(escape(goldens))</code> · record mode: <code>\(mode)</code></p>\n"
        if let environmentNote { body += "<p class=\"environment\">\(escape(environmentNote))</p>\n" }
        if failures > 0 {
            body += "<nav>" + sorted.filter(\.failed).map {
                "<a href=\"#\(anchor($0.id))\" class=\"badge \($0.status.rawValue)\">\(escape($0.id))</a>"
            }.joined(separator: " ") + "</nav>\n"
        }

        for (status, heading) in sections {
            let group = sorted.filter { $0.status == status }
            guard !group.isEmpty else { continue }
            body += "<h2>\(heading) (\(group.count))</h2>\n"
            for outcome in group { body += entry(outcome) }
        }
        let passed = sorted.filter { !$0.failed }
        if !passed.isEmpty {
            body += "<details><summary>Passed (\(passed.count))</summary><ul class=\"passed\">"
            body += passed.map { "<li>\(escape($0.id)) <span class=\"note\">\(escape($0.summary))</span></li>" }.joined()
            body += "</ul></details>\n"
        }
        return page(title: title, body: body)
    }

    /// One failure: heading, message, and the images it has.
    static func entry(_ outcome: GoldenOutcome) -> String {
        let a = outcome.artifacts
        var html = "<section class=\"case\" id=\"\(anchor(outcome.id))\">\n"
        html += "<h3><span class=\"badge \(outcome.status.rawValue)\">\(outcome.status.rawValue)</span> \(escape(outcome.id))"
        if let action = outcome.action { html += " <span class=\"note\">(\(action.rawValue) in this run)</span>" }
        html += "</h3>\n<pre>\(escape(outcome.message))</pre>\n"
        if let accept = outcome.acceptCommand {
            html += "<p class=\"accept\">accept: <code>\(escape(accept))</code></p>\n"
        }
        html += "<div class=\"views\">\n"
        if let expected = a.expected, let actual = a.actual {
            html += """
                <figure class="compare">
                <figcaption>overlay: render left of the line, golden right
                <label><input type="checkbox" class="blink"> blink</label></figcaption>
                <div class="stack"><img src="\(attribute(expected))" alt="golden"><img class="top" src="\(attribute(actual))" alt="render"><div class="handle"></div></div>
                <input type="range" min="0" max="100" value="50" aria-label="slider">
                </figure>

                """
        }
        if let diff = a.diff {
            html += figure(diff, caption: "diff: <b class=\"darker\">darker</b> · <b class=\"lighter\">lighter</b> · <b class=\"box\">clusters</b>")
        }
        if let side = a.sideBySide { html += figure(side, caption: "side by side: golden | render", wide: true) }
        if a.expected != nil && a.actual == nil { html += figure(a.expected!, caption: "golden") }
        if a.actual != nil && a.expected == nil { html += figure(a.actual!, caption: "render") }
        html += "</div>\n</section>\n"
        return html
    }

    static func figure(_ path: String, caption: String, wide: Bool = false) -> String {
        let src = attribute(path)
        return "<figure\(wide ? " class=\"wide\"" : "")><figcaption>\(caption)</figcaption>"
            + "<a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(escape(path))\"></a></figure>\n"
    }

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(title))</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
        h1 { margin: 0 0 8px; } h2 { margin-top: 32px; border-bottom: 2px solid #ddd; }
        .summary.ok { color: #1a7f37; } .summary.bad { color: #b42318; }
        .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; background: #777;
                 font-size: 12px; text-decoration: none; margin: 2px 0; }
        .badge.passed { background: #1a7f37; } .badge.changed { background: #b42318; } .badge.error { background: #6b21a8; }
        .badge.missing { background: #b45309; } .badge.new { background: #0369a1; } .badge.obsolete { background: #57534e; }
        .environment { background: #fff4ce; border: 1px solid #e0b400; padding: 8px 12px; font-weight: 600; }
        .meta, .note { color: #666; }
        .case { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
        .case h3 { margin: 0 0 8px; }
        pre { white-space: pre-wrap; background: #f3f3f3; padding: 8px; border-radius: 4px; font-size: 12px; }
        .views { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; width: 360px; } figure.wide { width: 740px; }
        figure img { width: 100%; display: block; border: 1px solid #ccc; }
        figcaption { font-size: 12px; color: #444; margin-bottom: 4px; }
        .darker { color: rgb(220, 20, 60); } .lighter { color: rgb(0, 110, 255); } .box { color: rgb(230, 150, 0); }
        .stack { position: relative; }
        .stack img { border: 1px solid #ccc; }
        .stack .top { position: absolute; left: 0; top: 0; }
        .stack .handle { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #ff00aa; }
        .compare input[type=range] { width: 100%; }
        .compare.blinking .top { clip-path: none !important; animation: blink 1s steps(1) infinite; }
        .compare.blinking .handle { display: none; }
        @keyframes blink { 50% { opacity: 0; } }
        ul.passed { columns: 3; font-size: 12px; }
        </style>
        </head>
        <body>
        \(body)
        <script>
        for (const c of document.querySelectorAll('.compare')) {
          const top = c.querySelector('.top'), handle = c.querySelector('.handle');
          const range = c.querySelector('input[type=range]'), blink = c.querySelector('.blink');
          const update = () => {
            top.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)';
            handle.style.left = range.value + '%';
          };
          range.addEventListener('input', update);
          blink.addEventListener('change', () => c.classList.toggle('blinking', blink.checked));
          update();
        }
        </script>
        </body>
        </html>

        """
    }

    /// Text for HTML element content.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A relative path for a `src`/`href` attribute, or nil when the path is not a plain
    /// relative path inside the artifacts folder (absolute, `..`, `.`, empty components).
    /// Every byte outside `A-Z a-z 0-9 - . _ ~ /` is percent-encoded, so a `:` can never
    /// start a scheme (`javascript:` becomes `javascript%3A`, a relative file name), and
    /// the result is HTML-escaped too.
    static func relativeURL(_ path: String) -> String? {
        guard (try? OutputFolder.components(of: path)) != nil else { return nil }
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return escape(out)
    }

    /// `relativeURL`, or `#` (a link to the page itself) for a path that is not safe.
    static func attribute(_ path: String) -> String {
        relativeURL(path) ?? "#"
    }

    /// An element id from a golden id.
    static func anchor(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }
}
