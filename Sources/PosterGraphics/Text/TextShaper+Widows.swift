import PosterDisplay
import CPangoCairo

/// Keeping a paragraph's last line from holding a single character (a widow, 孤字).
extension TextShaper {
    /// Closing punctuation that may follow the last character without counting as one.
    static let trailingPunctuation: Set<Character> = [
        "。", "，", "、", "；", "：", "？", "！", "）", "」", "』", "”", "’", "…", ".", ",", "!", "?", ")",
    ]
    /// Openers a line must not end with when characters are moved to the next line.
    static let openingPunctuation: Set<Character> = ["（", "「", "『", "“", "‘", "(", "《", "〈"]

    /// `shaped`, or the same text with one or two characters moved from the
    /// second-to-last line down to a last line that held a single ideograph and
    /// its punctuation (“你在角落默默充 / 电。” becomes “你在角落默默 / 充电。”).
    ///
    /// The earlier break is a U+2028 line separator, which Pango breaks at without
    /// ending the paragraph, so a justified line before it is still justified. The
    /// change is kept only when the text still fits in as many lines.
    func avoidingWidow(
        _ shaped: ShapedText, style: TextStyle, width: Double?, fits: (PangoLayoutBox) -> Bool
    ) -> ShapedText {
        guard width != nil, shaped.lineCount >= 2, !shaped.fit.ellipsised,
              let lastStart = Self.lineStart(shaped.layout, line: shaped.lineCount - 1),
              let breakIndex = String.Index(utf8Offset(lastStart, in: shaped.text), within: shaped.text)
        else { return shaped }
        let text = shaped.text
        let lastLine = text[breakIndex...]
        guard Self.coreCount(lastLine) == 1, lastLine.first?.isIdeograph == true,
              breakIndex > text.startIndex, !"\n\r\u{2028}\u{2029}".contains(text[text.index(before: breakIndex)])
        else { return shaped }
        var newBreak = breakIndex
        for _ in 1...2 {
            guard newBreak > text.startIndex else { break }
            newBreak = text.index(before: newBreak)
            guard text[newBreak].isIdeograph, newBreak > text.startIndex,
                  !Self.openingPunctuation.contains(text[text.index(before: newBreak)])
            else { continue }
            let candidateText = String(text[..<newBreak]) + "\u{2028}" + String(text[newBreak...])
            let candidate = layout(candidateText, style: style, size: shaped.fit.size, width: width)
            guard fits(candidate), candidate.lineCount == shaped.lineCount else { continue }
            return ShapedText(layout: candidate, emoji: emoji, text: candidateText, fit: shaped.fit)
        }
        return shaped
    }

    /// Characters in `line` that are not whitespace or trailing punctuation.
    static func coreCount(_ line: Substring) -> Int {
        line.filter { !$0.isWhitespace && !trailingPunctuation.contains($0) }.count
    }

    /// The UTF-8 offset where a line of `layout` starts.
    static func lineStart(_ layout: PangoLayoutBox, line: Int) -> Int? {
        guard let handle = pango_layout_get_line_readonly(layout.handle, Int32(line)) else { return nil }
        return Int(handle.pointee.start_index)
    }

    private func utf8Offset(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: min(offset, text.utf8.count))
    }
}

extension Character {
    /// Whether this is a CJK ideograph, between any two of which a line may break.
    var isIdeograph: Bool { unicodeScalars.first?.properties.isIdeographic == true }
}
