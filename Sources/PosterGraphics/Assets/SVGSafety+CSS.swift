extension SVGSafety {
    /// CSS from a `style` attribute, a `<style>` sheet or a presentation attribute:
    /// no escapes (the tokenizer decodes them, so they could spell anything), no
    /// `@import`, and every `url(…)` a same-document `#id`.
    static func checkCSS(_ css: String, in place: String) throws(Rejection) {
        let lower = css.lowercased()
        if lower.contains("\\") {
            throw fail("\(place) uses CSS escapes, which are not allowed in SVG assets")
        }
        if lower.contains("@import") {
            throw fail("\(place) uses @import, which loads an external stylesheet")
        }
        for target in urlArguments(css) where !target.hasPrefix("#") {
            throw fail("\(place) refers to url(\(String(target.lowercased().prefix(80)))) outside the document; an SVG asset must be self-contained (only url(#id))")
        }
    }

    /// The arguments of every `url(…)` in `css` (found in any letter case; the
    /// argument keeps its case), without white space or quotes.
    static func urlArguments(_ css: String) -> [String] {
        let bytes = Array(css.utf8)
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }  // ASCII only, so offsets stay the same
        let opening = Array("url(".utf8)
        var arguments: [String] = []
        var index = 0
        while index + opening.count <= lower.count {
            guard lower[index..<index + opening.count].elementsEqual(opening) else {
                index += 1
                continue
            }
            var end = index + opening.count
            while end < bytes.count, bytes[end] != UInt8(ascii: ")") { end += 1 }
            let argument = bytes[(index + opening.count)..<end].filter { !" \t\n\r\u{0C}\"'".utf8.contains($0) }
            arguments.append(String(decoding: argument, as: UTF8.self))
            index = end
        }
        return arguments
    }

    /// A `<style>` sheet: the CSS rules, no `filter` anywhere in it, and none of
    /// the other properties that cost an offscreen surface (`mask`, `opacity`,
    /// `mix-blend-mode`, `isolation`). Which elements a selector matches is not
    /// worked out here, so a sheet that could apply them to any number of
    /// elements is refused instead of counted.
    static func checkStyleSheet(_ css: String) throws(Rejection) {
        try checkCSS(css, in: "<style>")
        if css.lowercased().contains("dasharray") {
            throw fail("<style> sets stroke-dasharray; a style sheet could dash any number of outlines, so set it on the elements themselves")
        }
        if css.lowercased().contains("marker") {
            throw fail("<style> sets a marker; a style sheet could put markers on any number of shapes, so set marker-start/mid/end on the shapes themselves")
        }
        if css.lowercased().contains("filter") {
            throw fail("<style> sets a filter; a style sheet could filter any number of elements, so put filter='url(#…)' on the elements themselves")
        }
        if let property = offscreenProperties.first(where: { mentions(css, identifier: $0) }) {
            throw fail("<style> sets \(property); a style sheet could apply it to any number of elements, each drawn through an offscreen surface, so set it on the elements themselves")
        }
    }
}
