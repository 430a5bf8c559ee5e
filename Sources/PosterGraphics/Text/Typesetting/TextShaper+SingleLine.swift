import PosterDisplay
import CPangoCairo

/// The typesetter's shortcut for the commonest text, one that fits on one line:
/// shaped once, as its final layout, and taken as final without measuring its
/// characters when nothing in it can be compressed, spaced or dropped.
extension TextShaper {
    /// The layout a text that fits on one line gets in the end, made before
    /// measuring so that it is shaped once: the text with no letter spacing (so
    /// its glyphs are those `measure` reads) and no attributes, at the wrap width
    /// a plain one-line plan gets. Nil when it would not serve: letter spacing,
    /// several paragraphs, a text clearly too wide, or Pango breaking it (a line
    /// it breaks is shaped in pieces, so its glyphs are not the unwrapped ones).
    func singleLineLayout(
        _ text: String, style: TextStyle, size: Double, width: Double?, alignsWithinWidth: Bool
    ) -> (box: PangoLayoutBox, wrapWidth: Double?)? {
        guard style.letterSpacing == 0 else { return nil }
        let wrapWidth = width.map { alignsWithinWidth ? $0 + Self.finalSlack : $0 + size }
        var narrowest = 0.0
        for scalar in text.unicodeScalars {
            if scalar == "\n" { return nil }
            // At least a quarter em a scalar, a full em for wide ones: an estimate,
            // which only spares shaping a text twice that is sure to wrap.
            narrowest += scalar.value >= 0x1100 ? size : size / 4
        }
        if let wrapWidth, narrowest > wrapWidth * 1.25 { return nil }
        let box = pangoLayout(text, style: style, size: size, width: wrapWidth)
        guard box.lineCount == 1 else { return nil }
        return (box, wrapWidth)
    }

    /// Whether a one-line layout from `singleLineLayout` is already the final one,
    /// known without measuring its characters: nothing in it can be compressed,
    /// spaced or dropped (no full-width mark under compression, no autospace, no
    /// space at its end), and the line fits the width as the line breaker measures
    /// it (the sum of its glyphs' advances, which is the line's logical width). The
    /// typesetter would then plan this very line with no attributes and reuse the
    /// layout; this answers the same without the plan.
    static func isFinal(_ box: PangoLayoutBox, text: String, style: TextStyle, width: Double?) -> Bool {
        guard !style.autospace, let last = text.last, !last.isWhitespace else { return false }
        if style.punctuation == .compress, text.unicodeScalars.contains(where: { PunctuationKind.marks.contains($0) }) {
            return false
        }
        guard let width else { return true }
        guard let line = pango_layout_get_line_readonly(box.handle, 0) else { return false }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE) <= width + LineBreaker.tolerance
    }
}
