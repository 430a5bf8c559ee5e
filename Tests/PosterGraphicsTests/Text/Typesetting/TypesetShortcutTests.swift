import Foundation
import PosterDisplay
import TestSupport
import Testing
@testable import PosterGraphics

/// The typesetter's shortcuts change nothing: a text that fits on one line
/// shaped once and kept as the final layout, a paragraph that fits taken as one
/// line without the greedy search, the `halt` layout made only for texts with
/// marks. Each text is laid out both ways and the glyph runs compared exactly.
@Suite struct TypesetShortcutTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    /// The typography corpus's paragraphs (bench/typography/corpus.json).
    static let corpus: [String] = {
        let url = packageRoot.appendingPathComponent("bench/typography/corpus.json")
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let paragraphs = object["paragraphs"] as? [String]
        else { return [] }
        return paragraphs
    }()

    /// Short texts like a poster's names, labels and captions, with the cases the
    /// shortcuts must leave alone: marks at the edges, trailing spaces, newlines.
    static let short = [
        "小明", "Alice 王", "NMTI-PRED", "（测试）", "你好，世界！", "🐱猫咪", "行动派 trailing ", "第一行\n第二行",
        "“写给自己”", "12月31日", "KPI、OKR", "·", "a", "", "  ", "——破折号", "……", "Résumé café", "ﬁ ligature",
    ]

    func laidOut(_ text: String, style: TextStyle, width: Double?, shortcuts: Bool) -> LaidOutText {
        let box = shaper.layout(text, style: style, size: style.size, width: width, shortcuts: shortcuts)
        return ShapedText(layout: box, emoji: shaper.emoji, fit: TextFit(size: style.size, shrunk: false, ellipsised: false, overflowed: false))
            .laidOut(measuringInk: true)
    }

    func compare(_ texts: [String], widths: [Double?], families: [String]) -> (compared: Int, differing: [String]) {
        var compared = 0
        var differing: [String] = []
        for family in families {
            for alignment in [TextAlignment.left, .center, .right, .justify] {
                for spacing in [0.0, 1.5] {
                    for punctuation in [PunctuationMode.compress, .full] {
                        let style = TextStyle(family: family, size: 14, letterSpacing: spacing, alignment: alignment,
                                              punctuation: punctuation)
                        for text in texts {
                            for width in widths {
                                let fast = laidOut(text, style: style, width: width, shortcuts: true)
                                let full = laidOut(text, style: style, width: width, shortcuts: false)
                                compared += 1
                                if fast != full {
                                    differing.append("\(family) \(alignment) ls=\(spacing) \(punctuation) w=\(String(describing: width)): \(text)")
                                }
                            }
                        }
                    }
                }
            }
        }
        return (compared, differing)
    }

    @Test func shortTextsAreLaidOutAsWithoutShortcuts() {
        let result = compare(Self.short, widths: [nil, 20, 60, 120, 400],
                             families: ["Noto Sans CJK SC", "LXGW WenKai", "Smiley Sans"])
        #expect(result.compared > 1000)
        let firstDifferences = Array(result.differing.prefix(5))
        #expect(firstDifferences.isEmpty)
    }

    @Test func corpusParagraphsAreLaidOutAsWithoutShortcuts() {
        #expect(Self.corpus.count >= 20)
        let result = compare(Self.corpus, widths: [nil, 112, 210, 336, 2000], families: ["Noto Sans CJK SC"])
        let firstDifferences = Array(result.differing.prefix(5))
        #expect(firstDifferences.isEmpty)
    }

    /// The shortcut is taken where it should be: a short left-aligned name keeps
    /// the layout it was measured on (one Pango layout, not two).
    @Test func aShortNameIsShapedOnce() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14)
        let oneLine = shaper.singleLineLayout("小明", style: style, size: 14, width: 200, alignsWithinWidth: false)
        #expect(oneLine != nil)
        #expect(oneLine?.wrapWidth == 214)
        // Letter spacing, several paragraphs or a text far too wide: no shortcut.
        var spaced = style
        spaced.letterSpacing = 1
        #expect(shaper.singleLineLayout("小明", style: spaced, size: 14, width: 200, alignsWithinWidth: false) == nil)
        #expect(shaper.singleLineLayout("小\n明", style: style, size: 14, width: 200, alignsWithinWidth: false) == nil)
        #expect(shaper.singleLineLayout(String(repeating: "明", count: 40), style: style, size: 14, width: 200,
                                        alignsWithinWidth: false) == nil)
    }
}
