import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterKit

/// A score of 0 is balanced: the caption says 五五开 and neither pole is highlighted.
@Suite struct DimensionsBalancedTests {
    static let chart = """
        { canvas: { width: 300, height: 260, background: "#FFFFFF" },
          elements: [ { type: "dimensions", x: 10, y: 10, width: 280, labelWidth: 60, captionSize: 8,
                        activeColor: "#FF0000", labelColor: "#888888" } ] }
        """

    /// The texts drawn, with their colours (a highlighted pole is drawn bold in `activeColor`).
    static func texts(_ items: [DisplayItem]) -> [(text: String, color: Color)] {
        items.compactMap { item in
            guard case .text(let text, _, let color, _, _) = item else { return nil }
            return (text.text, color)
        }
    }

    @Test func aScoreOfZeroIsCaptionedBalancedWithNoPoleHighlighted() throws {
        let r = try RenderedTheme(Self.chart, result: QuizResult(scores: DimensionScores(c: 0, s: 5, e: 0, a: -3)))
        let texts = Self.texts(r.items)
        let captions = texts.map(\.text).filter { $0.contains(" · ") }
        #expect(captions == ["卷度 · 五五开", "社交电量 · 显眼包42%", "情绪出口 · 五五开", "话语权 · 随缘25%"], "\(captions)")
        for pole in ["卷王", "躺平", "当场发作", "内耗消化"] {
            let label = try #require(texts.first { $0.text == pole })
            #expect(label.color == Color(hex: "#888888"), "\(pole)")
        }
        let leaning = try #require(texts.first { $0.text == "显眼包" })
        #expect(leaning.color == Color(hex: "#FF0000"))
    }

    @Test func theInvitersZeroIsBalancedToo() throws {
        let result = QuizResult(scores: DimensionScores(c: 2, s: 2, e: 2, a: 2), fromScores: DimensionScores(c: 0, s: -2, e: 0, a: 0))
        let chart = Self.chart.replacingOccurrences(of: "captionSize: 8,", with: #"captionSize: 8, compare: "inviter","#)
        let captions = Self.texts(try RenderedTheme(chart, result: result).items).map(\.text).filter { $0.contains(" · ") }
        #expect(captions.first == "卷度 · 卷王17% / 五五开", "\(captions)")
    }

    @Test func leanPlaceholdersSayBalanced() throws {
        let result = QuizResult(scores: DimensionScores(c: 0, s: 5, e: 0, a: -3), fromScores: DimensionScores(c: 0, s: 1, e: 1, a: 1))
        let values = BindingValues(ResolvedResult(result))
        #expect(values["lean.c"] == "五五开" && values["lean.s"] == "显眼包42%" && values["lean.a"] == "随缘25%")
        #expect(values["inviter.lean.c"] == "五五开" && values["inviter.lean.s"] == "显眼包8%")
        let codeOnly = BindingValues(ResolvedResult(QuizResult(scores: DimensionScores(c: 0, s: 0, e: 0, a: 0),
                                                               fromCode: PersonalityCode("DOOM")!)))
        #expect(codeOnly["inviter.lean.c"] == "躺平", "their percent is unknown, so only the pole")
    }
}
