/// One line chosen by the line breaker, as character indices into its paragraph.
struct TypesetLine: Equatable {
    /// The first character on the line.
    var start: Int
    /// Just past the last character drawn (spaces at a break are dropped).
    var end: Int
    /// Where the next line starts (after any spaces the break swallowed).
    var next: Int
    /// Whether the line's first character, an opening mark, loses its leading half.
    var trimsStart = false
    /// Whether the line's last character, a closing or stop mark, is set half-width
    /// so that it could stay on the line.
    var squeezesEnd = false
    /// The line's width in points with those adjustments, before justification.
    var width = 0.0
    /// The fraction of their blank half that the line's other closing and stop
    /// marks give up so that it fits (挤进 inside the line): word-aware breaking
    /// squeezes a line rather than split a word (`LineBreaker.squeezedLine`).
    var squeeze = 0.0
}

/// Greedy line breaking over measured characters, with clreq's rules: break
/// opportunities from `LineBreakRules`, adjacent punctuation already compressed,
/// an opening mark at a line start trimmed (`trimStart`), and a closing mark at
/// a line end set half-width when that keeps it on the line (挤进) rather than
/// pushing a character down (推出).
struct LineBreaker {
    let characters: [TypesetCharacter]
    /// Each character's width after adjacent-punctuation compression.
    let widths: [Double]
    let compressed: [PunctuationCompression.Side?]
    /// How freely a line may break before each character; computed only when
    /// some paragraph does not fit on one line (`singleLine`), since a paragraph
    /// that does is one line whatever the opportunities.
    private(set) var opportunities: [LineBreakRules.Opportunity] = []
    /// The weakest opportunity ordinary breaking uses: `.allowed`, or
    /// `.keepTogether` when keeping numbers with their units costs a line.
    var ordinary: LineBreakRules.Opportunity = .allowed
    let width: Double
    let letterSpacing: Double
    let trimStart: Bool
    /// Whether lines other than a paragraph's last are justified.
    let justifies: Bool
    /// The font size in points, the unit of the widow limit.
    let fontSize: Double
    /// Running sums of `widths`: `prefix[i]` is the width of the first `i` characters.
    let prefix: [Double]
    /// Running sums of what each closing or stop mark that adjacent compression
    /// left full-width could give up inside a line (`squeezedLine`).
    let squeezablePrefix: [Double]

    /// Whether a paragraph that fits is taken as one line without the greedy
    /// search (`singleLine`); off only to check that shortcut against the search.
    let findsSingleLines: Bool
    /// Whether every paragraph is one line that `singleLine` found.
    private(set) var takesEveryParagraphWhole = false

    init(characters: [TypesetCharacter], width: Double, letterSpacing: Double, compress: Bool, trimStart: Bool,
         justifies: Bool, fontSize: Double, findsSingleLines: Bool = true, findsOpportunities: Bool = true) {
        self.findsSingleLines = findsSingleLines
        self.characters = characters
        self.justifies = justifies
        self.fontSize = fontSize
        var sides = compress ? PunctuationCompression.adjacent(kinds: characters.map(\.kind))
            : Array(repeating: nil, count: characters.count)
        // Once the blanks are measured, a mark shares its blank only with a neighbour
        // that has one (LXGW WenKai's narrow “ has none: `，“` stays 1 em + the quote).
        if compress, characters.contains(where: { $0.removable > 0 }) {
            sides = PunctuationCompression.sharingBlanks(sides, removable: characters.map(\.removable))
        }
        compressed = sides
        widths = characters.indices.map { characters[$0].advance - (sides[$0] != nil ? characters[$0].removable : 0) }
        self.width = width
        self.letterSpacing = letterSpacing
        self.trimStart = compress && trimStart
        var sums = [0.0]
        sums.reserveCapacity(widths.count + 1)
        for value in widths { sums.append(sums.last! + value) }
        prefix = sums
        var squeezable = [0.0]
        squeezable.reserveCapacity(widths.count + 1)
        for index in characters.indices {
            let mark = characters[index]
            let gives = sides[index] == nil && (mark.kind == .closing || mark.kind == .stop) ? mark.removable : 0
            squeezable.append(squeezable.last! + gives)
        }
        squeezablePrefix = squeezable
        var start = 0
        var everyParagraphFits = findsSingleLines
        for index in 0...characters.count where everyParagraphFits
            && (index == characters.count || characters[index].character.isLineFeed) {
            if !(start..<index).isEmpty, singleLine(start..<index) == nil {
                everyParagraphFits = false
                break
            }
            start = index + 1
        }
        takesEveryParagraphWhole = everyParagraphFits
        // A probe (`findsOpportunities` off) only answers `compressionIsIdle`.
        if !everyParagraphFits, findsOpportunities {
            let glyphs = characters.map(\.character)
            var found = characters.indices.map { $0 > 0 ? LineBreakRules.opportunity(before: $0, in: glyphs) : .prohibited }
            if glyphs.contains("@") { LineBreakRules.keepMentions(&found, in: glyphs) }
            opportunities = found
        }
    }

    /// Whether no mark is compressed whatever `removable` says: every paragraph
    /// is one line that fits set full-width (so none is squeezed at its end), no
    /// two marks are adjacent, and no paragraph starts with an opening mark that
    /// `trimStart` would trim. The typesetter then need not measure `removable`.
    var compressionIsIdle: Bool {
        guard takesEveryParagraphWhole, compressed.allSatisfy({ $0 == nil }) else { return false }
        guard trimStart else { return true }
        for index in characters.indices where characters[index].kind == .opening {
            if index == 0 || characters[index - 1].character.isLineFeed { return false }
        }
        return true
    }

    /// The paragraph `range` as its one line, when greedy breaking would keep it
    /// whole whatever the break opportunities: the whole line fits, and no
    /// shorter candidate is so wide that the search would stop before reaching it.
    func singleLine(_ range: Range<Int>) -> TypesetLine? {
        guard !range.isEmpty else { return nil }
        let line = line(from: range.lowerBound, to: range.upperBound)
        guard fits(line) else { return nil }
        let limit = width * 2 + letterSpacing
        for index in (range.lowerBound + 1)..<range.upperBound where prefix[index] - prefix[range.lowerBound] > limit {
            return nil
        }
        return line
    }

    /// The line from `start` whose content ends before `end` (spaces at the end dropped).
    func line(from start: Int, to end: Int) -> TypesetLine {
        var last = end
        while last > start, characters[last - 1].isSpace { last -= 1 }
        var line = TypesetLine(start: start, end: last, next: end)
        guard last > start else { return line }
        // An autospace gap after the line's last character is not set.
        var total = prefix[last] - prefix[start] - letterSpacing - characters[last - 1].gap
        let first = characters[start]
        if trimStart, first.kind == .opening, compressed[start] == nil, first.removable > 0 {
            line.trimsStart = true
            total -= first.removable
        }
        line.width = total
        let final = characters[last - 1]
        if total > width + Self.tolerance, compressed[last - 1] == nil, final.removable > 0,
           final.kind == .closing || final.kind == .stop, last - 1 > start || !line.trimsStart {
            line.squeezesEnd = true
            line.width = total - final.removable
        }
        return line
    }

    /// Whether a line fits the width.
    func fits(_ line: TypesetLine) -> Bool { line.width <= width + Self.tolerance }

    /// How far past the width a measured line may go: rounding in Pango units.
    static let tolerance = 0.01

    /// Whether ordinary breaking may break before `index`.
    func allowed(_ index: Int) -> Bool { opportunities[index] >= ordinary }

    /// The lines of the paragraph `characters[range]` (no newlines inside): numbers
    /// are kept with their units unless that takes more lines than breaking them.
    func lines(_ range: Range<Int>) -> [TypesetLine] {
        // An empty paragraph is one empty line; a paragraph that fits is one line.
        if range.isEmpty { return greedyLines(range) }
        if findsSingleLines, let whole = singleLine(range) { return [whole] }
        let strict = greedyLines(range)
        guard opportunities[range].contains(.keepTogether) else { return strict }
        var relaxed = self
        relaxed.ordinary = .keepTogether
        let loose = relaxed.greedyLines(range)
        return loose.count < strict.count ? loose : strict
    }

    /// Greedy line breaking of one paragraph, then the widow fix.
    func greedyLines(_ range: Range<Int>) -> [TypesetLine] {
        guard !range.isEmpty else { return [TypesetLine(start: range.lowerBound, end: range.lowerBound, next: range.lowerBound)] }
        var lines: [TypesetLine] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var best: TypesetLine?
            var candidate = start + 1
            while candidate <= range.upperBound {
                if candidate == range.upperBound || allowed(candidate) {
                    let line = line(from: start, to: candidate)
                    if fits(line) { best = line } else if line.end > start, prefix[line.end] - prefix[start] > width * 2 + letterSpacing { break }
                }
                candidate += 1
            }
            if best == nil { best = emergencyLine(from: start, in: range) }
            var chosen = best!
            // Spaces after the break belong to no line.
            var next = chosen.next
            while next < range.upperBound, characters[next].isSpace { next += 1 }
            chosen.next = next
            lines.append(chosen)
            start = next
        }
        return avoidingWidow(lines, in: range)
    }

    /// When nothing fits at an ordinary break: the longest start that fits broken
    /// between a number and its unit, else inside the over-long word, where only
    /// the line-start and line-end prohibitions still hold; at least one character.
    private func emergencyLine(from start: Int, in range: Range<Int>) -> TypesetLine {
        for weakest in [LineBreakRules.Opportunity.keepTogether, .insideWord] {
            var best: TypesetLine?
            var candidate = start + 1
            while candidate <= range.upperBound {
                if candidate == range.upperBound || opportunities[candidate] >= weakest {
                    let line = line(from: start, to: candidate)
                    if fits(line) { best = line } else { break }
                }
                candidate += 1
            }
            if let best { return best }
        }
        // Not even one character fits: take the shortest piece the rules allow.
        var end = start + 1
        while end < range.upperBound, opportunities[end] == .prohibited { end += 1 }
        return line(from: start, to: end)
    }
}
