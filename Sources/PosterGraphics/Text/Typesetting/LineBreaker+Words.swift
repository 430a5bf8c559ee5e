/// Word-aware line breaking (`TextStyle.keepsWords`): the lines greedy breaking
/// needs, with the breaks moved to word boundaries where that costs no line.
///
/// A dynamic programme over break positions chooses, among all breakings with
/// no more lines than greedy breaking, the one whose breaks cost least: nothing
/// between clauses, a little between words, much inside a word and most inside a
/// reduplication (`BreakQuality`). A line may be left short for a better break
/// only while justifying it (or, unjustified, its ragged end) adds at most
/// `wordSpreadLimit` em between two characters; the line greedy breaking would
/// take is always allowed, so greedy breaking is one of the candidates.
extension LineBreaker {
    /// The most extra space per gap between characters that a line may get when
    /// word-aware breaking leaves it shorter than greedy breaking would, as a
    /// fraction of the font size (docs/typography.md, "Words").
    static let wordSpreadLimit = 0.25

    /// What a line costs when left short by the whole spread limit: the cost grows
    /// with the square of its spread, so a loose line is taken only to avoid a
    /// worse break (a word split costs 100).
    static let spreadCost = 0.5

    /// What squeezing a line's marks costs (less than a word split, more than a
    /// break between words moved): the cost of a fully squeezed line.
    static let squeezeCost = 30.0

    /// The line from `start` to `end` when it is too wide only by what its closing
    /// and stop marks inside it (not its first or last character) can give up: each
    /// gives the same fraction of its blank half (`TypesetLine.squeeze`), and the line
    /// is exactly `width` wide. Nil when the line fits anyway or cannot be made to.
    func squeezedLine(from start: Int, to end: Int) -> TypesetLine? {
        var line = line(from: start, to: end)
        guard !fits(line), line.end - line.start >= 3 else { return nil }
        let available = squeezablePrefix[line.end - 1] - squeezablePrefix[line.start + 1]
        let excess = line.width - width
        guard available > 0, excess <= available else { return nil }
        line.squeeze = excess / available
        line.width = width
        return line
    }

    /// Whether `index` is a mark that gives up part of its blank when `line` is squeezed.
    func isSqueezed(_ index: Int, in line: TypesetLine) -> Bool {
        guard line.squeeze > 0, index > line.start, index < line.end - 1 else { return false }
        return squeezablePrefix[index + 1] > squeezablePrefix[index]
    }

    /// The most characters a paragraph may have for the search; a longer one
    /// (hostile input) keeps its greedy lines.
    static let wordSearchCharacterLimit = 800

    /// What breaking before a character of this quality costs.
    static func penalty(_ quality: BreakQuality, short: Bool) -> Double {
        switch quality {
        case .clause: 0
        case .phrase: short ? 12 : 1
        case .word: short ? 60 : 4
        case .insideWord: 100
        case .insideReduplication: 1000
        }
    }

    /// The last break of a paragraph counts this many times: a word torn across
    /// the last two lines is the one a reader's eye lands on.
    static let lastBreakWeight = 3.0
    /// The cost of a last line that holds a single ideograph and its punctuation.
    static let widowPenalty = 150.0

    /// The lines of `range` with word-aware breaks, given the lines greedy breaking
    /// chose (`reference`, which fixes the most lines allowed) and the quality of a
    /// break before each character. `short`: the whole text is at most two lines,
    /// so the paragraph breaks at phrases where it can, and `balance` evens out its
    /// two lines. Falls back to `reference` when no breaking at ordinary
    /// opportunities needs no more lines.
    func wordAwareLines(_ range: Range<Int>, reference: [TypesetLine], qualities: [BreakQuality],
                        short: Bool, balance: Bool) -> [TypesetLine] {
        guard reference.count >= 2, range.count <= Self.wordSearchCharacterLimit else { return reference }
        // Break at the opportunities greedy breaking used: numbers kept with their
        // units, unless that cost a line.
        if ordinary == .allowed, opportunities[range].contains(.keepTogether), greedyLines(range).count > reference.count {
            var relaxed = self
            relaxed.ordinary = .keepTogether
            return relaxed.wordAwareLines(range, reference: reference, qualities: qualities, short: short, balance: balance)
        }
        let count = reference.count
        let size = fontSize
        // Unjustified two-line texts may end their first line anywhere.
        let limitsSpread = justifies || !short
        struct Step { var cost: Double; var line: TypesetLine; var from: Int }
        // layers[k][s]: the cheapest way to start a line at s after k lines.
        var layers: [[Int: Step]] = [[range.lowerBound: Step(cost: 0, line: TypesetLine(start: 0, end: 0, next: 0), from: -1)]]
        var best: (cost: Double, layer: Int, start: Int, last: TypesetLine)?
        for k in 0..<count {
            var next: [Int: Step] = [:]
            for start in layers[k].keys.sorted() {
                let here = layers[k][start]!
                // The last line: the rest of the paragraph, when it fits.
                var last = line(from: start, to: range.upperBound)
                var lastCost = 0.0
                if !fits(last), let squeezed = squeezedLine(from: start, to: range.upperBound) {
                    last = squeezed
                    lastCost = Self.squeezeCost * squeezed.squeeze
                }
                if fits(last) {
                    var cost = here.cost + lastCost
                    if start > range.lowerBound {
                        // The break into this line is the last break.
                        cost += (Self.lastBreakWeight - 1) * Self.penalty(breakQuality(before: start, qualities), short: short)
                    }
                    if isWidow(last) { cost += Self.widowPenalty }
                    if short, balance, start > range.lowerBound, let first = layers[k][start].map(\.line) {
                        cost += abs(first.width - last.width) / size * 2
                    }
                    if best == nil || cost < best!.cost - 1e-9 { best = (cost, k, start, last) }
                }
                guard k + 1 < count else { continue }
                // Lines that end before the paragraph does.
                var fitting: [TypesetLine] = []
                var squeezedLines: [TypesetLine] = []
                var candidate = start + 1
                while candidate < range.upperBound {
                    if allowed(candidate) {
                        let line = line(from: start, to: candidate)
                        if fits(line) {
                            if line.end > start { fitting.append(line) }
                        } else if let squeezed = squeezedLine(from: start, to: candidate) {
                            squeezedLines.append(squeezed)
                        } else if line.end > start, prefix[line.end] - prefix[start] > width * 2 + letterSpacing {
                            break
                        }
                    }
                    candidate += 1
                }
                guard let longest = fitting.last else { continue }
                for line in fitting + squeezedLines {
                    let gaps = Double(max(1, line.end - line.start - 1))
                    let spread = max(0, width - line.width) / gaps / size
                    if limitsSpread, line.next != longest.next, spread > Self.wordSpreadLimit { continue }
                    var cost = here.cost + Self.penalty(qualities[line.next], short: short) + Self.squeezeCost * line.squeeze
                    if short {
                        if !balance { cost += max(0, width - line.width) / size }
                    } else {
                        cost += Self.spreadCost * (spread / Self.wordSpreadLimit) * (spread / Self.wordSpreadLimit)
                    }
                    var following = line.next
                    while following < range.upperBound, characters[following].isSpace { following += 1 }
                    var placed = line
                    placed.next = following
                    if let known = next[following], known.cost <= cost { continue }
                    next[following] = Step(cost: cost, line: placed, from: start)
                }
            }
            layers.append(next)
        }
        guard let best else { return reference }
        // Walk back from the last line.
        var lines = [best.last]
        var start = best.start
        var layer = best.layer
        while layer > 0, let step = layers[layer][start] {
            lines.append(step.line)
            start = step.from
            layer -= 1
        }
        return lines.reversed()
    }

    /// The quality of the break that starts a line at `start`: a break swallowed
    /// by spaces is a clause break.
    private func breakQuality(before start: Int, _ qualities: [BreakQuality]) -> BreakQuality {
        start > 0 && characters[start - 1].isSpace ? .clause : qualities[start]
    }

    /// Whether a paragraph's last line holds a single ideograph and its punctuation.
    func isWidow(_ line: TypesetLine) -> Bool {
        guard line.end > line.start, characters[line.start].character.isIdeograph else { return false }
        let core = characters[line.start..<line.end].filter {
            !$0.isSpace && !Self.trailingPunctuation.contains($0.character)
        }
        return core.count == 1
    }
}
