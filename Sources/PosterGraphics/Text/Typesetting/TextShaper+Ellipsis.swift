import PosterDisplay

/// Cutting a text that does not fit with an ellipsis, by Chinese conventions.
extension TextShaper {
    /// Openers and the closer each one needs.
    static let bracketPairs: [Character: Character] = [
        "（": "）", "「": "」", "『": "』", "“": "”", "‘": "’", "《": "》", "〈": "〉", "【": "】",
        "〔": "〕", "［": "］", "｛": "｝", "〖": "〗", "(": ")", "[": "]",
    ]
    /// How far back (in characters) a cut inside a Latin word or number moves to
    /// reach a break between words or Han characters.
    static let cutSearchLimit = 8
    /// An opener with at most this many characters after it is dropped with them
    /// rather than closed after the ellipsis.
    static let danglingDropLimit = 3

    /// The ellipsis for `text`: `……` (two U+2026, as Chinese writes it) when the text
    /// has Han characters, else `…`.
    static func ellipsis(for text: String) -> String {
        text.contains(where: \.isIdeograph) ? "……" : "…"
    }

    /// `text` cut to at most `limit` characters (grapheme clusters, so an emoji
    /// stays whole), the ellipsis and any closing brackets included, by the rules a
    /// text that does not fit is cut with (`cut(_:at:ellipsis:)`): the Chinese `……`
    /// when the text has Han characters, else `…`; a text of at most `limit`
    /// characters is returned as it is. Used by the `{name|12}` template filter.
    package static func cut(_ text: String, toCharacters limit: Int) -> String {
        // The cut reads one character past what it keeps: a 64 KiB nickname costs no more than 12 characters.
        let characters = Array(text.prefix(limit + 1))
        guard characters.count > limit else { return text }
        let mark = ellipsis(for: text)
        var room = limit - mark.count
        // Closers added after the ellipsis count too: keep fewer until all fits.
        while room >= 0 {
            let (cutText, _) = cut(characters, at: room, ellipsis: mark)
            let excess = cutText.count - limit
            if excess <= 0 { return cutText }
            room -= excess
        }
        return String(mark.prefix(max(0, limit)))
    }

    /// Cuts the text at the smallest size so it fits, ending it with an ellipsis:
    /// never inside a number or Latin word when a break between words or Han
    /// characters is near, and with an opening bracket or quote either dropped
    /// (when little follows it) or closed after the ellipsis (`“写给自己……”`).
    func ellipsised(
        _ text: String, style: TextStyle, size: Double, width: Double?, fits: (PangoLayoutBox) -> Bool
    ) -> ShapedText {
        let full = layout(text, style: style, size: size, width: width)
        let mark = Self.ellipsis(for: text)
        // Keep at most the allowed lines; the search below also honours the height limit.
        let keptLines = max(1, min(style.maxLines ?? full.lineCount, full.lineCount))
        // Search one line further: a word that wrapped to the next line may still
        // fit partly before the ellipsis ("写给 @WWWW…" rather than "写给…").
        let searchLines = min(keptLines + 1, full.lineCount)
        let searchEnd = full.lineContentEnds.indices.contains(searchLines - 1) ? full.lineContentEnds[searchLines - 1] : text.count
        let kept = Array(text.prefix(searchEnd))
        // Binary-search how many characters of the kept lines still fit with the ellipsis.
        var low = 0
        var high = kept.count
        var best: (PangoLayoutBox, Int)?
        while low <= high {
            let middle = (low + high) / 2
            let (candidateText, count) = Self.cut(kept, at: middle, ellipsis: mark)
            let candidate = layout(candidateText, style: style, size: size, width: width)
            if fits(candidate) {
                best = (candidate, count)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        let shrunk = size < style.size
        if let (layout, count) = best {
            var fit = TextFit(size: size, shrunk: shrunk, ellipsised: true, overflowed: false)
            fit.keptCharacters = count
            return ShapedText(layout: layout, emoji: emoji, fit: fit)
        }
        let lone = layout("…", style: style, size: size, width: width)
        var fit = TextFit(size: size, shrunk: shrunk, ellipsised: true, overflowed: !fits(lone))
        fit.keptCharacters = 0
        return ShapedText(layout: lone, emoji: emoji, fit: fit)
    }

    /// The first `count` characters of `characters` cut where a reader expects,
    /// with the ellipsis and any closers; also how many characters were kept.
    static func cut(_ characters: [Character], at count: Int, ellipsis: String) -> (String, Int) {
        var end = min(count, characters.count)
        // Not inside a word or number when a better cut is near.
        if end > 0, end < characters.count, characters[end - 1].isWordCharacter, characters[end].isWordCharacter {
            var candidate = end - 1
            while candidate > 0, end - candidate <= cutSearchLimit {
                if LineBreakRules.allowsBreak(before: candidate, in: characters) || characters[candidate - 1].isWhitespace { break }
                candidate -= 1
            }
            if candidate > 0, end - candidate <= cutSearchLimit { end = candidate }
        }
        var kept = trimmed(characters[..<end])
        // Openers left open: drop them when little follows, else close them.
        var closers: [Character] = []
        while true {
            var stack: [(Int, Character)] = []
            for (index, character) in kept.enumerated() {
                if let closer = bracketPairs[character] {
                    stack.append((index, closer))
                } else if let last = stack.last, last.1 == character {
                    stack.removeLast()
                }
            }
            guard let innermost = stack.last else { break }
            if kept.count - innermost.0 - 1 <= danglingDropLimit {
                kept = trimmed(kept[..<innermost.0])
                continue
            }
            closers = stack.reversed().map(\.1)
            break
        }
        return (String(kept) + ellipsis + String(closers), kept.count)
    }

    /// Separators that must not stand before an ellipsis: middle dots, dashes,
    /// slashes and the like (`Great・……` becomes `Great……`).
    static let separatorsBeforeEllipsis: Set<Character> = Set("·・•‧⋅-‐–—_/\\|~～@#&+=")

    /// Drops trailing whitespace, newlines, separators and marks that must not stand
    /// before an ellipsis (`，、；：` and openers).
    static func trimmed(_ text: some Collection<Character>) -> [Character] {
        var result = Array(text)
        while let last = result.last, last.isWhitespace || "，、；：,;:".contains(last) || bracketPairs[last] != nil
                || separatorsBeforeEllipsis.contains(last) {
            result.removeLast()
        }
        return result
    }

    /// `text` with each run of line breaks as one space, for single-line elements.
    static func joiningLines(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        var result = ""
        for character in text {
            if character.isNewline {
                if let last = result.last, !last.isWhitespace { result.append(" ") }
            } else {
                result.append(character)
            }
        }
        while result.last == " " { result.removeLast() }
        return result
    }
}
