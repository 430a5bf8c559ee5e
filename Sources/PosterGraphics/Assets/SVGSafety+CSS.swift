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
        var rest = Substring(lower)
        while let range = rest.range(of: "url(") {
            let after = rest[range.upperBound...]
            let argument = after.prefix { $0 != ")" }
            let target = String(argument.unicodeScalars.filter { !" \t\n\r\u{0C}\"'".unicodeScalars.contains($0) })
            guard target.hasPrefix("#") else {
                throw fail("\(place) refers to url(\(String(target.prefix(80)))) outside the document; an SVG asset must be self-contained (only url(#id))")
            }
            rest = after.dropFirst(argument.count)
        }
    }

    /// A `<style>` sheet: the CSS rules, no `filter` anywhere in it, and none of
    /// the other properties that cost an offscreen surface (`mask`, `opacity`,
    /// `mix-blend-mode`, `isolation`). Which elements a selector matches is not
    /// worked out here, so a sheet that could apply them to any number of
    /// elements is refused instead of counted.
    static func checkStyleSheet(_ css: String) throws(Rejection) {
        try checkCSS(css, in: "<style>")
        if css.lowercased().contains("filter") {
            throw fail("<style> sets a filter; a style sheet could filter any number of elements, so put filter='url(#…)' on the elements themselves")
        }
        if let property = offscreenProperties.first(where: { mentions(css, identifier: $0) }) {
            throw fail("<style> sets \(property); a style sheet could apply it to any number of elements, each drawn through an offscreen surface, so set it on the elements themselves")
        }
    }
}
