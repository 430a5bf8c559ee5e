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

    /// A `<style>` sheet: the CSS rules, and no `filter` at all. Which elements
    /// a selector matches is not worked out here, so a sheet that could put a
    /// filter on any number of elements is refused instead of counted.
    static func checkStyleSheet(_ css: String) throws(Rejection) {
        try checkCSS(css, in: "<style>")
        if css.lowercased().contains("filter") {
            throw fail("<style> sets a filter; a style sheet could filter any number of elements, so put filter='url(#…)' on the elements themselves")
        }
    }
}
