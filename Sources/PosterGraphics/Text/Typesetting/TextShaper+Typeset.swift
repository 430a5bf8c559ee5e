import PosterDisplay
import CPangoCairo

/// The engine's own typesetting on top of Pango's shaping: line breaking by
/// clreq's rules, punctuation compression, and justification that spreads slack
/// between Han characters and over spaces but never inside a Latin word.
///
/// Pango measures the characters once, unwrapped; the line breaker chooses the
/// lines; the final layout has one Pango paragraph per line, with attributes for
/// the compressed marks (`halt` where the font has it, else a negative letter
/// spacing whose ink shift is corrected after layout) and for justification
/// (letter spacing on the justifiable characters of each line).
extension TextShaper {
    /// Lays `text` out at exactly `size`, broken into lines at `width` points
    /// (nil: only at newlines). `shortcuts` off shapes every text as if it might
    /// need several lines (a measuring layout, then the final one) and runs the
    /// full line search, which gives the same result, more slowly: tests compare the two.
    func layout(_ text: String, style: TextStyle, size: Double, width: Double?, shortcuts: Bool = true) -> PangoLayoutBox {
        let normalized = Self.normalizingNewlines(text)
        let usesHalt = style.punctuation == .compress && fontFacts.hasHalt(style, shaper: self)
        // Pango decides whether a line fits before it trims the letter spacing at the
        // line's ends, and centres or right-aligns it within the wrap width: so for
        // those alignments lines are measured as Pango measures them, with the wrap
        // width the box's; left-aligned and justified lines are measured trimmed and
        // get a wrap width Pango never reaches, which moves nothing.
        let alignsWithinWidth = style.alignment == .center || style.alignment == .right
        let oneLine = !shortcuts ? nil : singleLineLayout(normalized, style: style, size: size, width: width, alignsWithinWidth: alignsWithinWidth)
        if let oneLine, Self.isFinal(oneLine.box, text: normalized, style: style, width: width) {
            centringEllipses(oneLine.box, text: normalized, style: style, size: size)
            oneLine.box.content = text
            oneLine.box.lineContentEnds = [normalized.count]
            return oneLine.box
        }
        var measured = measureAdvances(normalized, style: style, size: size, plain: oneLine?.box)
        if !shortcuts { measureRemovable(&measured, text: normalized, style: style, size: size, usesHalt: usesHalt) }
        func makeBreaker(_ characters: [TypesetCharacter], probing: Bool = false) -> LineBreaker {
            LineBreaker(
                characters: characters, width: width ?? .greatestFiniteMagnitude,
                letterSpacing: alignsWithinWidth ? 0 : style.letterSpacing,
                compress: style.punctuation == .compress, trimStart: style.trimStart,
                justifies: style.alignment == .justify && width != nil, fontSize: size,
                findsSingleLines: shortcuts, findsOpportunities: !probing)
        }
        var idle: LineBreaker?
        if measured.hasMarks, !measured.hasRemovable {
            // Measure how much each mark may lose only when some mark may be compressed.
            let probe = makeBreaker(measured.characters, probing: true)
            if probe.compressionIsIdle {
                idle = probe
            } else {
                measureRemovable(&measured, text: normalized, style: style, size: size, usesHalt: usesHalt)
            }
        }
        let breaker = idle ?? makeBreaker(measured.characters)
        let characters = measured.characters
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, character) in characters.enumerated() where character.character.isLineFeed {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<characters.count)
        var paragraphs = ranges.map { breaker.lines($0) }
        if style.keepsWords, width != nil, paragraphs.contains(where: { $0.count > 1 }) {
            // Words are looked up only for a text that breaks at all.
            let glyphs = characters.map(\.character)
            let qualities = BreakQuality.qualities(glyphs, wordStarts: wordStarts(glyphs))
            let short = paragraphs.reduce(0) { $0 + $1.count } <= 2
            for index in paragraphs.indices where paragraphs[index].count > 1 {
                paragraphs[index] = breaker.wordAwareLines(ranges[index], reference: paragraphs[index], qualities: qualities,
                                                           short: short, balance: style.balance)
            }
        }
        let plan = TypesetPlan(breaker: breaker, paragraphs: paragraphs, style: style, usesHalt: usesHalt)
        let wrapWidth = width.map { alignsWithinWidth ? $0 + Self.finalSlack : $0 + abs(style.letterSpacing) + plan.widestSpacing + size }
        var box: PangoLayoutBox
        if let oneLine, plan.isPlain, plan.lineCount == 1, plan.text == normalized, wrapWidth == oneLine.wrapWidth {
            // The final layout would be made exactly as the measured one was.
            box = oneLine.box
        } else {
            box = pangoLayout(plan.text, style: style, size: size, width: wrapWidth, attributes: plan.apply)
        }
        if box.lineCount > plan.lineCount, let width {
            // Pango measured a line wider than the typesetter did (kerning across
            // what was a line break): let it through rather than wrap it again.
            box = pangoLayout(plan.text, style: style, size: size, width: width + 0.1 * size, attributes: plan.apply)
        }
        plan.correctInk(box, letterSpacing: style.letterSpacing)
        centringEllipses(box, text: normalized, style: style, size: size)
        box.content = text
        box.lineContentEnds = plan.lineContentEnds
        return box
    }

    /// How much wider than the box the final layout's wrap width is, so that Pango
    /// never breaks a line again that the typesetter measured as fitting; small
    /// enough not to move centred text visibly (⅛ pt).
    static let finalSlack = 0.25

    /// `text` with every line or paragraph separator (CR LF, CR, U+2028, U+2029) as "\n".
    static func normalizingNewlines(_ text: String) -> String {
        // Every separator has a CR (0x0D) or is U+2028/U+2029 (E2 80 A8/A9) in UTF-8:
        // a text with neither byte has none, and is not searched by character.
        var mayHaveSeparator = false
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte == 0x0D || (previous == (0xE2, 0x80) && (byte == 0xA8 || byte == 0xA9)) {
                mayHaveSeparator = true
                break
            }
            previous = (previous.1, byte)
        }
        guard mayHaveSeparator else { return text }
        guard text.contains(where: { $0 == "\r\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return text }
        return String(text.map { $0 == "\r\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" ? "\n" : $0 })
    }
}

/// The final text and attributes of a typeset paragraph set.
struct TypesetPlan {
    /// The lines joined by newlines.
    let text: String
    /// The number of lines.
    let lineCount: Int
    /// For each line, the number of characters of the source text up to its end.
    let lineContentEnds: [Int]
    private var features: [Range<Int>] = []
    private var spacing: [(Range<Int>, Double)] = []
    /// Whether the plan adds no attributes of its own.
    var isPlain: Bool { features.isEmpty && spacing.isEmpty }
    /// The largest letter spacing any range gets, in points.
    var widestSpacing: Double { spacing.map { abs($0.1) }.max() ?? 0 }
    /// Glyphs of marks compressed without `halt`: byte offset → (removed width, ink shift, at line start).
    private(set) var inkFixes: [Int: (removed: Double, shift: Double, atStart: Bool)] = [:]

    init(breaker: LineBreaker, paragraphs: [[TypesetLine]], style: TextStyle, usesHalt: Bool) {
        let characters = breaker.characters
        var text = ""
        var bytes = 0
        var count = 0
        var ends: [Int] = []
        let ls = style.letterSpacing
        for (paragraphIndex, lines) in paragraphs.enumerated() {
            for (lineIndex, line) in lines.enumerated() {
                if paragraphIndex > 0 || lineIndex > 0 {
                    text.append("\n")
                    bytes += 1
                }
                var offsets: [Int] = []
                for index in line.start..<line.end {
                    offsets.append(bytes)
                    text.append(characters[index].character)
                    bytes += characters[index].byteCount
                }
                count += 1
                ends.append(line.end)
                // Compressed marks.
                var adjusted = Set<Int>()
                for index in line.start..<line.end {
                    let character = characters[index]
                    let isCompressed = breaker.compressed[index] != nil
                        || (index == line.start && line.trimsStart) || (index == line.end - 1 && line.squeezesEnd)
                    guard isCompressed, character.removable > 0, let kind = character.kind else { continue }
                    adjusted.insert(index)
                    let range = offsets[index - line.start]..<(offsets[index - line.start] + character.byteCount)
                    if usesHalt {
                        features.append(range)
                    } else {
                        // At a line end Pango trims half a glyph's letter spacing, so an
                        // edge mark gets twice the amount; a hair less, because a glyph
                        // that letter spacing makes exactly zero wide is not trimmed.
                        let atEdge = index == line.start || index == line.end - 1
                        spacing.append((range, atEdge ? ls - 2 * character.removable + Self.edgeHair : ls - character.removable))
                        inkFixes[range.lowerBound] = (character.removable, kind.inkShift, index == line.start)
                    }
                }
                // Marks squeezed inside the line: each gives the line's fraction of its
                // blank half, by letter spacing with its ink kept in its half.
                for index in line.start..<line.end where !adjusted.contains(index) && breaker.isSqueezed(index, in: line) {
                    let character = characters[index]
                    guard let kind = character.kind else { continue }
                    adjusted.insert(index)
                    let removed = character.removable * line.squeeze
                    let range = offsets[index - line.start]..<(offsets[index - line.start] + character.byteCount)
                    spacing.append((range, ls - removed))
                    inkFixes[range.lowerBound] = (removed, kind.inkShift, false)
                }
                // Autospace: the gap goes after the glyph (its ink stays where letter
                // spacing `ls` alone would put it), never after a line's last character.
                for index in line.start..<max(line.start, line.end - 1) where characters[index].gap > 0 && !adjusted.contains(index) {
                    let character = characters[index]
                    adjusted.insert(index)
                    let range = offsets[index - line.start]..<(offsets[index - line.start] + character.byteCount)
                    // Pango trims the leading half of a line's first item's spacing: give it
                    // twice, plus a hair, because Pango rounds the halves of a whole-point
                    // spacing to whole points.
                    let atStart = index == line.start
                    spacing.append((range, atStart ? ls + 2 * character.gap + Self.edgeHair : ls + character.gap))
                    inkFixes[range.lowerBound] = (0, 0, index == line.start)
                }
                // Justification: every line of a paragraph but its last.
                let isLast = lineIndex == lines.count - 1
                guard breaker.justifies, !isLast, line.end > line.start else { continue }
                let slack = breaker.width - line.width
                guard slack > 0.001 else { continue }
                let justifiable = (line.start..<line.end).map { index in
                    !adjusted.contains(index) && !characters[index].character.isWordCharacter
                }
                var share = Double(justifiable.filter { $0 }.count)
                if justifiable.first == true { share -= 0.5 }
                if justifiable.last == true { share -= 0.5 }
                guard share > 0 else { continue }
                let extra = ls + slack / share
                var runStart: Int?
                for position in 0...justifiable.count {
                    let on = position < justifiable.count && justifiable[position]
                    if on, runStart == nil { runStart = position }
                    if !on, let first = runStart {
                        let lastIndex = line.start + position - 1
                        let end = offsets[position - 1] + characters[lastIndex].byteCount
                        spacing.append((offsets[first]..<end, extra))
                        runStart = nil
                    }
                }
            }
        }
        self.text = text
        self.lineCount = count
        self.lineContentEnds = ends
    }

    /// Two Pango units (1/512 pt): keeps an edge mark's advance above zero before trimming.
    static let edgeHair = 2.0 / Double(PANGO_SCALE)

    /// Adds the plan's attributes to a Pango attribute list.
    func apply(_ list: OpaquePointer) {
        for range in features {
            let attribute = pango_attr_font_features_new("halt")!
            attribute.pointee.start_index = UInt32(range.lowerBound)
            attribute.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(list, attribute)
        }
        for (range, value) in spacing {
            let attribute = pango_attr_letter_spacing_new(Int32((value * Double(PANGO_SCALE)).rounded()))!
            attribute.pointee.start_index = UInt32(range.lowerBound)
            attribute.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(list, attribute)
        }
    }

    /// Moves the ink of marks compressed by letter spacing back where the font
    /// draws it in its kept half: Pango spreads letter spacing evenly on both sides
    /// of a glyph, but a closing mark loses only the blank after its ink and an
    /// opening mark only the blank before. Only offsets change, never advances,
    /// so line widths stay as measured.
    func correctInk(_ box: PangoLayoutBox, letterSpacing: Double) {
        guard !inkFixes.isEmpty else { return }
        // Lines handed out for writing are never cached by Pango.
        _ = pango_layout_get_lines(box.handle)
        guard let iterator = pango_layout_get_iter(box.handle) else { return }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let run = pango_layout_iter_get_run(iterator) else { continue }
            let glyphs = run.pointee.glyphs.pointee
            let base = Int(run.pointee.item.pointee.offset)
            for index in 0..<Int(glyphs.num_glyphs) {
                let byte = base + Int(glyphs.log_clusters[index])
                guard let fix = inkFixes[byte] else { continue }
                let offset = (fix.atStart ? 0 : letterSpacing / 2) - fix.removed * fix.shift
                glyphs.glyphs[index].geometry.x_offset = Int32((offset * scale).rounded())
            }
        } while pango_layout_iter_next_run(iterator) != 0
    }
}
