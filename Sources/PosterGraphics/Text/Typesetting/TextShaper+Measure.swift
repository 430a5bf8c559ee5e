import PosterDisplay
import CPangoCairo

/// What the typesetter knows about one character (grapheme) of a paragraph.
struct TypesetCharacter {
    /// The character.
    let character: Character
    /// Its first UTF-8 byte in the measured text.
    let byteOffset: Int
    /// Its UTF-8 length.
    let byteCount: Int
    /// Its advance with the style's letter spacing, in points, as set full-width.
    var advance: Double
    /// How much of `advance` compression may remove (its blank half), in points;
    /// 0 when it is not a full-width mark or the font already sets it narrow, and
    /// left 0 when no compression can apply (see `LineBreaker.compressionIsIdle`).
    var removable: Double
    /// Its punctuation role, if it is a compressible mark.
    let kind: PunctuationKind?
    /// The autospace gap after it (Han next to a Latin letter or digit), in points;
    /// included in `advance`, and dropped when the line ends after it.
    var gap = 0.0
    /// Whether it is whitespace, looked up once: the line breaker asks for every
    /// candidate line it measures.
    let isSpace: Bool

    init(character: Character, byteOffset: Int, byteCount: Int, advance: Double, removable: Double, kind: PunctuationKind?) {
        self.character = character
        self.byteOffset = byteOffset
        self.byteCount = byteCount
        self.advance = advance
        self.removable = removable
        self.kind = kind
        isSpace = character.simpleClass == .other && character.isWhitespace
    }
}

/// Answers about the pinned fonts, cached per shaper (one per thread).
final class FontFacts {
    struct Face: Hashable {
        let family: String
        let weight: Int
        let italic: Bool
        /// Tabular figures and other features change advances, so kerning is measured per set.
        var features: [String] = []
    }
    private var halt: [Face: Bool] = [:]
    /// Where each face centres its ellipsis (`ellipsisCentre`).
    var ellipsisCentres: [Face: Double] = [:]
    /// The kerning between two characters at 100 pt (`kerningLoss`), by face and pair.
    private var kerning: [Face: [String: Double]] = [:]
    /// The most pairs kept per face (hostile text has many).
    static let kerningPairLimit = 512

    /// How much wider `first` and `second` are set as two Pango items than as one:
    /// the kerning between them, in points at `size`.
    func kerningLoss(_ first: Character, _ second: Character, style: TextStyle, size: Double, shaper: TextShaper) -> Double {
        let key = Face(family: style.family, weight: style.weight, italic: style.italic, features: style.features)
        let pair = String([first, second])
        if let known = kerning[key]?[pair] { return known * size / 100 }
        let together = shaper.pangoLayout(pair, style: style, size: 100, width: nil).size.width
        let apart = shaper.pangoLayout(String(first), style: style, size: 100, width: nil).size.width
            + shaper.pangoLayout(String(second), style: style, size: 100, width: nil).size.width
        let loss = max(0, apart - together)
        if kerning[key, default: [:]].count < Self.kerningPairLimit { kerning[key, default: [:]][pair] = loss }
        return loss * size / 100
    }

    /// Whether the font for `style` has the OpenType `halt` feature for full-width
    /// punctuation (Noto Sans and Serif CJK do; LXGW WenKai and Smiley Sans do not).
    func hasHalt(_ style: TextStyle, shaper: TextShaper) -> Bool {
        let key = Face(family: style.family, weight: style.weight, italic: style.italic)
        if let known = halt[key] { return known }
        let plain = shaper.pangoLayout("，", style: style, size: 100, width: nil).size.width
        let halved = shaper.pangoLayout("，", style: style, size: 100, width: nil) { list in
            pango_attr_list_insert(list, pango_attr_font_features_new("halt"))
        }.size.width
        let answer = halved < plain * 0.75
        halt[key] = answer
        return answer
    }
}

/// A text's characters as `measureAdvances` found them, with what
/// `measureRemovable` needs to add how much of each mark compression may remove.
struct MeasuredText {
    var characters: [TypesetCharacter]
    /// The unwrapped (or one-line) layout the advances were read from.
    let plain: PangoLayoutBox
    /// Each character's UTF-8 offset.
    let starts: [Int]
    /// Whether compression is on and some character is a compressible mark.
    let hasMarks: Bool
    /// Whether `removable` has been measured.
    var hasRemovable: Bool
}

extension TextShaper {
    /// The characters of `text` (already normalised: paragraphs split by "\n")
    /// with their advances at `size`, measured on one unwrapped Pango layout, and
    /// how much of each full-width mark compression may remove (`measureRemovable`).
    ///
    /// `plain`, when given, is a layout of the same text and font with no letter
    /// spacing that Pango laid out as one unbroken line (see `singleLineLayout`):
    /// its glyphs are those of the unwrapped layout, so it is measured instead.
    func measure(_ text: String, style: TextStyle, size: Double, usesHalt: Bool,
                 plain given: PangoLayoutBox? = nil) -> [TypesetCharacter] {
        var measured = measureAdvances(text, style: style, size: size, plain: given)
        measureRemovable(&measured, text: text, style: style, size: size, usesHalt: usesHalt)
        return measured.characters
    }

    /// The characters of `text` with their advances and kinds, `removable` still 0.
    func measureAdvances(_ text: String, style: TextStyle, size: Double, plain given: PangoLayoutBox? = nil) -> MeasuredText {
        var plainStyle = style
        plainStyle.letterSpacing = 0
        let compresses = style.punctuation == .compress
        var glyphs: [Character] = []
        var starts: [Int] = []
        var kinds: [PunctuationKind?] = []
        var hasMarks = false
        var position = 0
        for character in text {
            let kind = PunctuationKind(character)
            if compresses, kind != nil { hasMarks = true }
            glyphs.append(character)
            starts.append(position)
            kinds.append(kind)
            position += character.utf8.count
        }
        let plain = given ?? pangoLayout(text, style: plainStyle, size: size, width: nil)
        let advances = Self.clusterAdvances(plain, starts: starts, measuringInk: false)
        var characters: [TypesetCharacter] = []
        characters.reserveCapacity(starts.count)
        for (index, character) in glyphs.enumerated() {
            let offset = starts[index]
            let count = (index + 1 < starts.count ? starts[index + 1] : position) - offset
            let advance = (advances[index]?.width ?? 0) + (character.isLineFeed ? 0 : style.letterSpacing)
            characters.append(TypesetCharacter(character: character, byteOffset: offset, byteCount: count,
                                               advance: advance, removable: 0, kind: kinds[index]))
        }
        if style.autospace {
            Self.addAutospace(&characters, gap: size * TextStyle.autospaceRatio)
            addKerningLostToAutospace(&characters, style: plainStyle, size: size)
        }
        return MeasuredText(characters: characters, plain: plain, starts: starts, hasMarks: hasMarks, hasRemovable: false)
    }

    /// Sets how much of each full-width mark compression may remove: the
    /// difference `halt` makes where the font has it (measured on a second
    /// unwrapped layout with `halt` on), else the blank half of the mark when its
    /// ink lies wholly in the other half.
    func measureRemovable(_ measured: inout MeasuredText, text: String, style: TextStyle, size: Double, usesHalt: Bool) {
        guard !measured.hasRemovable else { return }
        measured.hasRemovable = true
        guard measured.hasMarks else { return }
        let advances = Self.clusterAdvances(measured.plain, starts: measured.starts, measuringInk: !usesHalt)
        var halted: [ClusterMeasure?] = []
        if usesHalt {
            var plainStyle = style
            plainStyle.letterSpacing = 0
            let layout = pangoLayout(text, style: plainStyle, size: size, width: nil) { list in
                pango_attr_list_insert(list, pango_attr_font_features_new("halt"))
            }
            halted = Self.clusterAdvances(layout, starts: measured.starts, measuringInk: false)
        }
        for index in measured.characters.indices {
            guard let kind = measured.characters[index].kind, let plain = advances[index] else { continue }
            measured.characters[index].removable = usesHalt
                ? max(0, plain.width - (halted[index]?.width ?? plain.width))
                : Self.blankHalf(plain, kind: kind, size: size)
        }
    }

    /// Adds the autospace gap after every character that is a Han ideograph followed
    /// by a Latin letter or digit, or a Latin letter or digit followed by a Han ideograph.
    static func addAutospace(_ characters: inout [TypesetCharacter], gap: Double) {
        guard characters.count > 1 else { return }
        for index in 0..<(characters.count - 1) {
            let here = characters[index].character
            let next = characters[index + 1].character
            if (here.isIdeograph && next.isAutospaceAlphanumeric) || (here.isAutospaceAlphanumeric && next.isIdeograph) {
                characters[index].advance += gap
                characters[index].gap = gap
            }
        }
    }

    /// Adds to each autospaced letter that ends a Latin word the kerning it loses
    /// with the letter before it: the gap is a letter spacing on it, which makes it
    /// its own Pango item (`PPT也`: `T` no longer kerns with `P`), so the line is
    /// that much wider than the unwrapped layout measured it.
    func addKerningLostToAutospace(_ characters: inout [TypesetCharacter], style: TextStyle, size: Double) {
        for index in characters.indices.dropFirst() where characters[index].gap > 0 {
            let before = characters[index - 1].character
            let here = characters[index].character
            guard before.isWordCharacter, here.isWordCharacter else { continue }
            characters[index].advance += fontFacts.kerningLoss(before, here, style: style, size: size, shaper: self)
        }
    }

    /// The blank half of a mark the font sets full-width without a `halt`
    /// feature: half its advance, when the ink stays inside the other half.
    static func blankHalf(_ measure: ClusterMeasure, kind: PunctuationKind, size: Double) -> Double {
        let width = measure.width
        guard width >= 0.75 * size, let ink = measure.ink else { return 0 }
        let half = width / 2
        let slack = 0.06 * size
        switch kind {
        case .closing, .stop:
            return ink.x >= -slack && ink.x + ink.width <= half + slack ? half : 0
        case .opening:
            return ink.x >= half - slack && ink.x + ink.width <= width + slack ? half : 0
        case .middle:
            return ink.x >= half / 2 - slack && ink.x + ink.width <= width - half / 2 + slack ? half : 0
        }
    }

    /// The advance and (for one-glyph clusters, when `measuringInk`) ink box of
    /// each cluster of a layout laid out as one line per paragraph, credited to
    /// the character (index into `starts`, the characters' UTF-8 offsets) it starts in.
    static func clusterAdvances(_ layout: PangoLayoutBox, starts: [Int], measuringInk: Bool) -> [ClusterMeasure?] {
        var result = [ClusterMeasure?](repeating: nil, count: starts.count)
        guard let iterator = pango_layout_get_iter(layout.handle) else { return result }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        let utf8 = pango_layout_get_text(layout.handle)
        func characterIndex(_ byte: Int) -> Int {
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= byte { low = middle } else { high = middle - 1 }
            }
            return low
        }
        guard !starts.isEmpty else { return result }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var clusterIterator = PangoGlyphItemIter()
            var more = pango_glyph_item_iter_init_start(&clusterIterator, run, utf8) != 0
            let glyphs = run.pointee.glyphs.pointee
            while more {
                let low = min(Int(clusterIterator.start_glyph), Int(clusterIterator.end_glyph) + 1)
                let high = max(Int(clusterIterator.start_glyph) + 1, Int(clusterIterator.end_glyph))
                var width = 0
                for index in low..<high { width += Int(glyphs.glyphs[index].geometry.width) }
                let key = characterIndex(Int(clusterIterator.start_index))
                var measure = result[key] ?? ClusterMeasure(width: 0, ink: nil)
                measure.width += Double(width) / scale
                if measuringInk, high - low == 1, let font = run.pointee.item.pointee.analysis.font {
                    var ink = PangoRectangle()
                    pango_font_get_glyph_extents(font, glyphs.glyphs[low].glyph, &ink, nil)
                    measure.ink = Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale,
                                       width: Double(ink.width) / scale, height: Double(ink.height) / scale)
                }
                result[key] = measure
                more = pango_glyph_item_iter_next_cluster(&clusterIterator) != 0
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return result
    }
}

/// The measured width of one cluster and, for a one-glyph cluster, its ink box.
struct ClusterMeasure {
    var width: Double
    var ink: Rect?
}
