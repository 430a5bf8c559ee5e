import PosterDisplay

/// Cutting a text that does not fit at a sentence end (`TextOverflow.sentence`).
extension TextShaper {
    /// Characters that end a sentence; a run of them ends one sentence ("？！").
    static let sentenceTerminators: Set<Character> = ["。", "！", "？", "!", "?"]
    /// Closing quotes and brackets that belong to the sentence they follow (“…。”).
    static let sentenceClosers: Set<Character> = ["”", "’", "」", "』", "）", ")", "\"", "'"]

    /// The longest run of whole sentences from the start of `text` that fits, at
    /// `size`; nil when not even the first sentence fits or the text has no
    /// sentence end before its last character.
    func sentenceCut(
        _ text: String, style: TextStyle, size: Double, width: Double?, fits: (PangoLayoutBox) -> Bool
    ) -> ShapedText? {
        // Only ends with more text after them: cutting at the last one would keep everything.
        guard let lastContent = text.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        let properEnds = Self.sentenceEnds(in: text).filter { $0 <= lastContent }
        guard !properEnds.isEmpty else { return nil }
        let total = properEnds.count + 1
        // Binary search: a longer run of sentences never fits where a shorter one does
        // not, and a hostile text may have a thousand sentences.
        var low = 0
        var high = properEnds.count - 1
        var best: ShapedText?
        while low <= high {
            let middle = (low + high) / 2
            var kept = Substring(text[..<properEnds[middle]])
            while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
            let candidate = layout(String(kept), style: style, size: size, width: width)
            if fits(candidate) {
                let fit = TextFit(size: size, shrunk: size < style.size, ellipsised: false, overflowed: false,
                                  keptSentences: middle + 1, totalSentences: total)
                best = ShapedText(layout: candidate, emoji: emoji, fit: fit)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }

    /// Where each sentence of `text` ends: just after a run of terminators and
    /// any closing quotes or brackets that follow it.
    static func sentenceEnds(in text: String) -> [String.Index] {
        var ends: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard sentenceTerminators.contains(text[index]) else {
                index = text.index(after: index)
                continue
            }
            index = text.index(after: index)
            while index < text.endIndex, sentenceTerminators.contains(text[index]) || sentenceClosers.contains(text[index]) {
                index = text.index(after: index)
            }
            ends.append(index)
        }
        return ends
    }
}
