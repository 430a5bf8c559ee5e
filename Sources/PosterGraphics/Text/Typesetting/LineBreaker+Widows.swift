/// Keeping a paragraph's last line from holding a single character (a widow, 孤字).
extension LineBreaker {
    /// The most a widow fix may add between two characters of the line it
    /// takes characters from, as a fraction of the font size: moving characters
    /// down leaves that line short, and a justified line spreads the gap.
    static let widowSpreadLimit = 0.25

    /// Closing punctuation that may follow the last character without counting as one.
    static let trailingPunctuation: Set<Character> = [
        "。", "，", "、", "；", "：", "？", "！", "）", "」", "』", "”", "’", "…", ".", ",", "!", "?", ")",
    ]

    /// `lines`, or the same lines with one or two characters moved from the
    /// second-to-last line down to a last line that held a single ideograph and
    /// its punctuation (“你在角落默默充 / 电。” becomes “你在角落默默 / 充电。”),
    /// when the last line still fits and the shortened line's spacing stays
    /// within `widowSpreadLimit` em per gap.
    func avoidingWidow(_ lines: [TypesetLine], in range: Range<Int>) -> [TypesetLine] {
        guard lines.count >= 2, let last = lines.last else { return lines }
        let core = characters[last.start..<last.end].filter {
            !$0.isSpace && !Self.trailingPunctuation.contains($0.character)
        }
        guard core.count == 1, characters[last.start].character.isIdeograph else { return lines }
        let previous = lines[lines.count - 2]
        let size = fontSize
        for moved in 1...2 {
            let breakAt = last.start - moved
            guard breakAt > previous.start, allowed(breakAt) else { continue }
            let shortened = line(from: previous.start, to: breakAt)
            let widow = line(from: breakAt, to: range.upperBound)
            guard fits(shortened), fits(widow), shortened.end > shortened.start else { continue }
            let gaps = max(1, shortened.end - shortened.start - 1)
            guard !justifies || (width - shortened.width) / Double(gaps) <= Self.widowSpreadLimit * size else { continue }
            var fixed = shortened
            fixed.next = breakAt
            var widowLine = widow
            widowLine.next = last.next
            return Array(lines.dropLast(2)) + [fixed, widowLine]
        }
        return lines
    }
}
