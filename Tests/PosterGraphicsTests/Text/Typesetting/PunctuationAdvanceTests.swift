import PosterDisplay
import Testing
@testable import PosterGraphics

/// Compression looks at the fonts' real advances: in each of the three text fonts no
/// two adjacent marks touch, and a mark shares its blank only with a neighbour that has one.
@Suite struct PunctuationAdvanceTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    static let fonts = ["Noto Sans CJK SC", "Noto Serif CJK SC", "LXGW WenKai"]

    /// Every pair of adjacent marks the copy can produce.
    static let pairs = "他说：“好”，（是）。「你」『我』、“‘嗯’”！分工，“你们定”。好）（好。」好，「好』。」好？”好《书》，好"

    @Test(arguments: fonts)
    func noTwoAdjacentMarksTouch(family: String) {
        let size = 20.0
        for alignment in [TextAlignment.left, .justify] {
            let style = TextStyle(family: family, size: size, alignment: alignment)
            let shaped = shaper.shape(Self.pairs, style: style, width: 300)
            let inks = shaped.glyphInks
            for (first, second) in zip(inks, inks.dropFirst()) where first.line == second.line {
                guard PunctuationKind(first.character) != nil, PunctuationKind(second.character) != nil else { continue }
                let gap = second.minX - first.maxX
                #expect(gap >= 0.05 * size, "\(family): \(first.character)\(second.character) inks \(gap) pt apart")
            }
        }
    }

    @Test func aCommaBeforeLXGWsNarrowQuoteKeepsItsFullWidth() {
        let style = TextStyle(family: "LXGW WenKai", size: 20)
        let quote = shaper.shape("“", style: TextStyle(family: "LXGW WenKai", size: 20, trimStart: false), width: nil).size.width
        #expect(quote < 12, "LXGW WenKai draws “ narrow: \(quote)")
        // 工，“你: 工 and 你 one em each, the comma a full em, the quote its own narrow advance.
        let width = shaper.shape("工，“你", style: style, width: nil).size.width
        #expect(abs(width - (60 + quote)) < 0.5, "\(width)")
    }

    @Test(arguments: ["Noto Sans CJK SC", "Noto Serif CJK SC"])
    func notoStillSharesTheBlanksOfFullWidthPairs(family: String) {
        // Noto draws “ full-width: ，“ is 1.5 em.
        let width = shaper.shape("工，“你", style: TextStyle(family: family, size: 20), width: nil).size.width
        #expect(abs(width - 70) < 0.5, "\(family): \(width)")
    }

    @Test func sharingBlanksKeepsOnlyPairsWithTwoBlanks() {
        let sides: [PunctuationCompression.Side?] = [.trailing, nil, .trailing, .leading]
        #expect(PunctuationCompression.sharingBlanks(sides, removable: [10, 0, 10, 10]) == [nil, nil, .trailing, .leading])
        #expect(PunctuationCompression.sharingBlanks(sides, removable: [10, 10, 10, 10]) == sides)
    }
}
