import PosterDisplay

/// A text shaped and fitted into its box, ready to draw.
///
/// Holds Pango objects: draw it on the thread whose `TextShaper` made it.
package final class ShapedText: @unchecked Sendable {
    let layout: PangoLayoutBox
    let emoji: EmojiRenderer
    /// The text as drawn (cut and ellipsised when it did not fit).
    package let text: String
    /// The logical size of the shaped text in points.
    package let size: Size
    /// The number of lines drawn.
    package let lineCount: Int
    /// How the text was fitted.
    package let fit: TextFit

    init(layout: PangoLayoutBox, emoji: EmojiRenderer, text: String, fit: TextFit) {
        self.layout = layout
        self.emoji = emoji
        self.text = text
        self.size = layout.size
        self.lineCount = layout.lineCount
        self.fit = fit
    }
}

extension TextShaper {
    /// Shapes `text` into a box `width` wide and at most `maxHeight` tall:
    /// shrinks toward the style's minimum size first, then cuts it as the style's
    /// `overflow` says, counting lines over the whole text (newlines included).
    /// A paragraph's last line never holds a lone ideograph when the text can
    /// avoid it in as many lines (`avoidingWidow`).
    package func shape(_ text: String, style: TextStyle, width: Double?, maxHeight: Double? = nil) -> ShapedText {
        // Hostile input is cut before shaping; a cut text ends with an ellipsis, like any text that does not fit.
        let (text, wasCut) = Self.bounded(text)
        let ceiling = style.size
        let floor = min(style.minimumSize ?? ceiling, ceiling)
        func fits(_ layout: PangoLayoutBox) -> Bool {
            if let maxLines = style.maxLines, layout.lineCount > maxLines { return false }
            if let maxHeight, layout.size.height > maxHeight + 0.01 { return false }
            if let width, layout.widestLine > width + 0.01 { return false }
            return true
        }
        let first = layout(text, style: style, size: ceiling, width: width)
        if fits(first) {
            let shaped = ShapedText(layout: first, emoji: emoji, text: text,
                                    fit: TextFit(size: ceiling, shrunk: false, ellipsised: wasCut, overflowed: false))
            return avoidingWidow(shaped, style: style, width: width, fits: fits)
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
            let shaped = ShapedText(layout: layout, emoji: emoji, text: text,
                                    fit: TextFit(size: size, shrunk: true, ellipsised: wasCut, overflowed: false))
            return avoidingWidow(shaped, style: style, width: width, fits: fits)
        }
        if style.overflow == .sentence,
           let cut = sentenceCut(text, style: style, size: floor, width: width, fits: fits) {
            return avoidingWidow(cut, style: style, width: width, fits: fits)
        }
        return ellipsised(text, style: style, size: floor, width: width, fits: fits)
    }

    /// Cuts the text at the smallest size so it fits, ending it with "…".
    private func ellipsised(
        _ text: String, style: TextStyle, size: Double, width: Double?, fits: (PangoLayoutBox) -> Bool
    ) -> ShapedText {
        let full = layout(text, style: style, size: size, width: width)
        // Keep at most the allowed lines; the search below also honours the height limit.
        let keptLines = max(1, min(style.maxLines ?? full.lineCount, full.lineCount))
        // Search one line further: a word that wrapped to the next line may still
        // fit partly before the ellipsis ("写给 @WWWW…" rather than "写给…").
        let searchLines = min(keptLines + 1, full.lineCount)
        let kept = Array(Self.prefix(text, bytes: full.endOfLine(searchLines - 1)))
        // Binary-search how many characters of the kept lines still fit with the ellipsis.
        var low = 0
        var high = kept.count
        var best: (PangoLayoutBox, String)?
        while low <= high {
            let middle = (low + high) / 2
            let candidateText = Self.trimmed(String(kept[..<middle])) + "…"
            let candidate = layout(candidateText, style: style, size: size, width: width)
            if fits(candidate) {
                best = (candidate, candidateText)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        let shrunk = size < style.size
        if let (layout, drawn) = best {
            return ShapedText(layout: layout, emoji: emoji, text: drawn,
                              fit: TextFit(size: size, shrunk: shrunk, ellipsised: true, overflowed: false))
        }
        let lone = layout("…", style: style, size: size, width: width)
        return ShapedText(layout: lone, emoji: emoji, text: "…",
                          fit: TextFit(size: size, shrunk: shrunk, ellipsised: true, overflowed: !fits(lone)))
    }

    /// The text cut to at most `maximumCharacters` characters and `maximumScalars`
    /// Unicode scalars, with at most `maximumScalarsPerCharacter` scalars in any one
    /// character (a letter under thousands of combining marks is one character);
    /// a cut text ends with "…". Also whether anything was cut.
    static func bounded(_ text: String) -> (text: String, wasCut: Bool) {
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

    /// Drops trailing whitespace, newlines and openers that must not end a line before an ellipsis.
    static func trimmed(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last.isWhitespace || "，、；：（「『“‘".contains(last) {
            result = result.dropLast()
        }
        return String(result)
    }
}
