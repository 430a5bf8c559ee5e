extension SVGSafety {
    /// The most dash segments a document may ask cairo to stroke (its total
    /// stroked length over the shortest dash period). Measured: one 80-byte
    /// path 4,000,000 units long with a 0.5 dash period took 5.4 s to draw.
    package static let maximumDashSegments = 1_000_000.0

    /// Dashing, bounded without following CSS inheritance: the shortest period
    /// of any `stroke-dasharray` in the document against an upper bound of the
    /// length of everything it draws (`<use>` copies and markers included).
    /// Lengths and periods are in the same user units whatever the transforms,
    /// so their ratio is the segment count. What would break that (a `<style>`
    /// sheet, `pathLength`, `vector-effect`, dash lengths in units or per cent)
    /// is refused when the document dashes at all.
    static func checkDashes(_ tree: SVGTree, drawnLength: Double) throws(Rejection) {
        var shortest = Double.infinity
        for element in tree.elements {
            let declared = element.values("stroke-dasharray") + element.values("style").compactMap(styleDashArray)
            for value in declared where value.xmlTrimmed.lowercased() != "none" {
                guard let lengths = dashLengths(value) else {
                    throw fail("stroke-dasharray '\(String(value.prefix(40)))' must be plain numbers (user units)")
                }
                let period = lengths.reduce(0, +)
                if period > 0, lengths.allSatisfy({ $0 >= 0 }) { shortest = min(shortest, period) }
            }
        }
        guard shortest.isFinite else { return }
        if let element = tree.elements.first(where: { !$0.values("pathlength").isEmpty || !$0.values("vector-effect").isEmpty
            || $0.values("style").contains { mentions($0, identifier: "vector-effect") } }) {
            throw fail("<\(String(element.name.prefix(40)))> sets pathLength or vector-effect in a document with dashed strokes; dash lengths must be in the shape's own units")
        }
        guard drawnLength.isFinite else {
            throw fail("has dashed strokes and text whose font size is relative (em, %, larger …) or set in a <style> sheet, so the length it strokes is unbounded; use plain font sizes")
        }
        let segments = drawnLength / shortest
        guard segments <= maximumDashSegments else {
            throw fail("dashes of period \(shortest) along up to \(Int(min(drawnLength, 1e15))) units of outline make more than \(Int(maximumDashSegments)) dash segments")
        }
    }

    /// The value of `stroke-dasharray` in a `style` attribute, if it sets one.
    static func styleDashArray(_ style: String) -> String? {
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased().xmlTrimmed == "stroke-dasharray" { return String(parts[1]) }
        }
        return style.lowercased().contains("dasharray") ? "unreadable" : nil
    }

    /// Dash lengths in user units (`px` allowed); nil for anything else.
    static func dashLengths(_ value: String) -> [Double]? {
        var lengths: [Double] = []
        for item in value.split(whereSeparator: { " ,\t\n\r".contains($0) }) {
            let number = item.lowercased().hasSuffix("px") ? item.dropLast(2) : item
            guard let length = Double(number), length.isFinite else { return nil }
            lengths.append(length)
        }
        return lengths
    }

    /// At least the length of the element's own outline: for path data, four
    /// times the sum of its numbers' magnitudes (every segment, arc and curve
    /// is shorter than that); for basic shapes, eight times their geometry's
    /// magnitudes; for text, 64 font sizes of outline per byte of text. Numbers
    /// with units count as if the unit were an inch (96 user units), the
    /// largest fixed one.
    static func lengthBound(_ element: SVGTree.Element, fontSize: Double) -> Double {
        func magnitude(_ names: [String]) -> Double {
            names.flatMap(element.values).reduce(0) { $0 + leadingNumbers($1).reduce(0) { $0 + abs($1) } }
        }
        var length = element.textBytes == 0 ? 0 : Double(element.textBytes) * 64 * fontSize
        switch element.key {
        case "path", "polyline", "polygon":
            length += 4 * magnitude(["d", "points"])
        case "rect", "circle", "ellipse", "line":
            length += 8 * magnitude(["x", "y", "width", "height", "r", "rx", "ry", "cx", "cy", "x1", "y1", "x2", "y2"])
        default:
            break
        }
        return length
    }

    /// The largest font size any element sets (16 if none), for `lengthBound`;
    /// nil if one is relative (`em`, `%`, `larger` …: they compound down the
    /// tree) or a `<style>` sheet sets one, which only matters for dashed documents.
    static func largestFontSize(_ tree: SVGTree) -> Double? {
        if tree.styleSheets.contains(where: { $0.css.lowercased().contains("font") }) { return nil }
        var largest = 16.0
        for element in tree.elements {
            let styles = element.values("style").filter { $0.lowercased().contains("font") }
            if styles.contains(where: { mentions($0, identifier: "font") || $0.lowercased().contains("font-size") }) { return nil }
            for value in element.values("font-size") {
                let text = value.xmlTrimmed.lowercased()
                guard !text.contains("em"), !text.contains("ex"), !text.contains("%"), !text.contains("larger"), !text.contains("smaller"),
                      !text.contains("ch") else { return nil }
                largest = max(largest, leadingNumbers(text).map(abs).max() ?? 0)
            }
        }
        return largest
    }

    /// Every number in a value, with a unit suffix scaled as an inch.
    static func leadingNumbers(_ value: String) -> [Double] {
        var numbers: [Double] = []
        var token = ""
        func flush() {
            guard !token.isEmpty else { return }
            if let number = Double(token), number.isFinite { numbers.append(number) }
            token = ""
        }
        var previous: Character = " "
        for character in value {
            if character.isNumber || character == "." || ((character == "-" || character == "+") && (token.isEmpty || previous == "e" || previous == "E"))
                || ((character == "e" || character == "E") && !token.isEmpty) {
                if (character == "-" || character == "+") && !token.isEmpty && previous != "e" && previous != "E" { flush() }
                token.append(character)
            } else {
                flush()
                if character.isLetter || character == "%", let last = numbers.popLast() { numbers.append(last * 96) }
            }
            previous = character
        }
        flush()
        return numbers
    }
}
