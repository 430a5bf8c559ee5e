import PosterDisplay

extension TextShaper {
    /// Shapes `text` into a box `width` wide and at most `maxHeight` tall:
    /// shrinks toward the style's minimum size first, then cuts it as the style's
    /// `overflow` says, counting lines over the whole text (newlines included).
    /// Lines are broken by the typesetter (`layout`), which also keeps a
    /// paragraph's last line from holding a lone ideograph.
    package func shape(_ text: String, style: TextStyle, width: Double?, maxHeight: Double? = nil) -> ShapedText {
        // Hostile input is cut before shaping; a cut text ends with an ellipsis, like any text that does not fit.
        var (text, wasCut) = Self.bounded(text)
        // A single-line element shows a nickname typed with a newline on one line.
        if style.maxLines == 1 { text = Self.joiningLines(text) }
        text = Self.latinMiddleDots(text)
        let ceiling = style.size
        let floor = min(style.minimumSize ?? ceiling, ceiling)
        func fits(_ layout: PangoLayoutBox) -> Bool {
            if let maxLines = style.maxLines, layout.lineCount > maxLines { return false }
            if let maxHeight, layout.size.height > maxHeight + 0.01 { return false }
            if let width, layout.widestLine > width + Self.finalSlack + 0.01 { return false }
            return true
        }
        let first = layout(text, style: style, size: ceiling, width: width)
        if fits(first) {
            return ShapedText(layout: first, emoji: emoji,
                              fit: TextFit(size: ceiling, shrunk: false, ellipsised: wasCut, overflowed: false))
        }
        // Shrink in quarter-point steps, binary-searching the largest size that fits.
        var low = Int((floor * 4).rounded(.up))
        var high = Int((ceiling * 4).rounded(.down)) - 1
        var best: (PangoLayoutBox, Double)?
        while low <= high {
            let middle = (low + high) / 2
            let size = Double(middle) / 4
            let candidate = layout(text, style: style, size: size, width: width)
            if fits(candidate) {
                best = (candidate, size)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        if let (layout, size) = best {
            return ShapedText(layout: layout, emoji: emoji,
                              fit: TextFit(size: size, shrunk: true, ellipsised: wasCut, overflowed: false))
        }
        if style.overflow == .sentence,
           let cut = sentenceCut(text, style: style, size: floor, width: width, fits: fits) {
            return cut
        }
        return ellipsised(text, style: style, size: floor, width: width, fits: fits)
    }

    /// The text cut to at most `maximumCharacters` characters and `maximumScalars`
    /// Unicode scalars, with at most `maximumScalarsPerCharacter` scalars in any one
    /// character (a letter under thousands of combining marks is one character);
    /// a cut text ends with "…". Also whether anything was cut.
    static func bounded(_ text: String) -> (text: String, wasCut: Bool) {
        // No more bytes than the per-character scalar limit: no limit can be reached.
        if text.utf8.count <= maximumScalarsPerCharacter { return (text, false) }
        // Most texts are within every limit: check before copying anything.
        var scalarsSeen = 0
        var charactersSeen = 0
        var withinLimits = true
        for character in text {
            let count = character.unicodeScalars.count
            scalarsSeen += count
            charactersSeen += 1
            if charactersSeen > maximumCharacters || count > maximumScalarsPerCharacter || scalarsSeen > maximumScalars {
                withinLimits = false
                break
            }
        }
        if withinLimits { return (text, false) }
        var kept = String.UnicodeScalarView()
        var keptScalars = 0
        var characters = 0
        var wasCut = false
        for character in text {
            guard characters < maximumCharacters else {
                wasCut = true
                break
            }
            let scalars = character.unicodeScalars
            let count = scalars.count
            var allowed = min(count, maximumScalarsPerCharacter, maximumScalars - keptScalars)
            if allowed < count { wasCut = true }
            guard allowed > 0 else { break }
            keptScalars += allowed
            for scalar in scalars {
                guard allowed > 0 else { break }
                kept.append(scalar)
                allowed -= 1
            }
            characters += 1
        }
        guard wasCut else { return (text, false) }
        return (String(kept) + "…", true)
    }

    /// The first `bytes` UTF-8 bytes of `text`, never splitting a character.
    static func prefix(_ text: String, bytes: Int) -> String {
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: min(bytes, utf8.count))
        while index > utf8.startIndex, String.Index(index, within: text) == nil {
            index = utf8.index(before: index)
        }
        return String(text[..<index])
    }

}
