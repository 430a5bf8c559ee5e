import PosterDisplay
import Testing
@testable import PosterGraphics

/// 标点挤压: adjacent marks share their blank halves, an opening mark at a line
/// start is trimmed, in a font with `halt` (Noto) and in one without (LXGW WenKai).
@Suite struct PunctuationCompressionTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func width(_ text: String, family: String = "Noto Sans CJK SC", punctuation: PunctuationMode = .compress,
               trimStart: Bool = true) -> Double {
        let style = TextStyle(family: family, size: 20, punctuation: punctuation, trimStart: trimStart)
        return shaper.shape(text, style: style, width: nil).size.width
    }

    @Test func adjacentMarksFollowClreq() {
        let sides = PunctuationCompression.adjacent(Array("令：“这”。」『（“好"))
        #expect(sides == [nil, .trailing, nil, nil, .trailing, .trailing, .trailing, nil, .leading, .leading, nil])
        #expect(PunctuationCompression.adjacent(Array("』。」")) == [.trailing, .trailing, nil])
        #expect(PunctuationCompression.adjacent(Array("你好，世界")) == Array(repeating: nil, count: 5))
    }

    @Test(arguments: ["Noto Sans CJK SC", "Noto Serif CJK SC", "LXGW WenKai"])
    func aClosingMarkBeforeAnOpeningOneTakesHalfAnEm(family: String) {
        // 字）（字: four full-width characters, one blank half removed.
        #expect(abs(width("字）（字", family: family) - 70) < 0.5, "\(family)")
        #expect(abs(width("字）（字", family: family, punctuation: .full) - 80) < 0.5, "\(family)")
        // 』。」 keeps only its last mark full-width.
        #expect(abs(width("字』。」", family: family) - 60) < 0.5, "\(family)")
    }

    @Test func colonAndQuoteAreCompressedInNoto() {
        #expect(abs(width("令：“这") - 70) < 0.5)
        #expect(abs(width("来。”早") - 70) < 0.5)
    }

    @Test(arguments: ["Noto Sans CJK SC", "LXGW WenKai"])
    func anOpeningMarkAtALineStartIsTrimmed(family: String) {
        let trimmed = width("（你好）", family: family)
        let full = width("（你好）", family: family, trimStart: false)
        #expect(abs(full - trimmed - 10) < 0.5, "\(family): \(full) vs \(trimmed)")
        // The ink starts at the line start, not half an em in.
        let style = TextStyle(family: family, size: 20)
        let ink = shaper.shape("（你好）", style: style, width: nil).inkBounds
        let untrimmed = shaper.shape("（你好）", style: TextStyle(family: family, size: 20, trimStart: false), width: nil).inkBounds
        #expect(abs(untrimmed.minX - ink.minX - 10) < 0.5, "\(family): ink starts at \(ink.minX), untrimmed \(untrimmed.minX)")
    }

    @Test func theFallbackKeepsTheInkOfACompressedMarkInPlace() {
        // In LXGW WenKai （ is drawn in its right half: compressed after ）, its ink
        // must move left with its box and not overlap the ） before it.
        let style = TextStyle(family: "LXGW WenKai", size: 20)
        let closing = shaper.shape("）", style: style, width: nil).inkBounds
        let pair = shaper.shape("）（", style: style, width: nil).inkBounds
        let opening = shaper.shape("（", style: TextStyle(family: "LXGW WenKai", size: 20, trimStart: false), width: nil).inkBounds
        // The pair is 1.5 em: ） full-width (compressed to its left half), （ set in its right half.
        #expect(abs(pair.maxX - (10 + opening.maxX)) < 1, "pair ink ends at \(pair.maxX)")
        #expect(abs(pair.minX - closing.minX) < 0.5)
    }

    @Test func smileySansAndLXGWHaveNoHalt() {
        #expect(shaper.fontFacts.hasHalt(TextStyle(family: "Noto Sans CJK SC", size: 10), shaper: shaper))
        #expect(!shaper.fontFacts.hasHalt(TextStyle(family: "LXGW WenKai", size: 10), shaper: shaper))
        #expect(!shaper.fontFacts.hasHalt(TextStyle(family: "Smiley Sans", size: 10), shaper: shaper))
    }
}
