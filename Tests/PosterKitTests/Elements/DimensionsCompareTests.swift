import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterKit

/// `dimensions` with `compare: "inviter"`: the inviter's scores on the same tracks.
@Suite struct DimensionsCompareTests {
    static let chart = """
        { canvas: { width: 300, height: 260, background: "#FFFFFF" },
          elements: [ { type: "dimensions", x: 10, y: 10, width: 280, labelWidth: 60, showCaptions: false,
                        compare: "inviter", fillColor: "#FF0000", compareColor: "#0000FF", trackColor: "#DDDDDD",
                        barHeight: 8, rowGap: 10 } ] }
        """

    /// The dots (shapes with a ring), in drawing order, with their fill and ring colours.
    static func dots(_ items: [DisplayItem]) -> [(bounds: Rect, fill: Color?, ring: Color?)] {
        items.compactMap { item in
            guard case .shape(let geometry, let fill, let stroke, _) = item, let stroke else { return nil }
            var fillColor: Color?
            if case .solid(let color) = fill { fillColor = color }
            var ringColor: Color?
            if case .solid(let color) = stroke.paint { ringColor = color }
            return (geometry.bounds, fillColor, ringColor)
        }
    }

    static let own = DimensionScores(c: 5, s: -5, e: 3, a: -8)

    @Test func anInvitedResultShowsBothSeriesAndALegend() throws {
        let result = QuizResult(scores: Self.own, fromScores: DimensionScores(c: -12, s: 12, e: -6, a: 6))
        let r = try RenderedTheme(Self.chart, result: result)
        let dots = Self.dots(r.items)
        // The legend's two swatches have no ring; each row has the inviter's dot, then yours.
        #expect(dots.count == 8, "\(dots.count)")
        let centre = 10 + 60 + (280 - 120) / 2.0
        let theirs = stride(from: 0, to: 8, by: 2).map { dots[$0] }
        let mine = stride(from: 1, to: 8, by: 2).map { dots[$0] }
        #expect(theirs.allSatisfy { $0.fill == Color(hex: "#0000FF") })
        #expect(mine.allSatisfy { $0.fill == Color(hex: "#FF0000") })
        // c: you lean left (+5), the inviter all the way right (-12); they sit on separate lanes.
        #expect(mine[0].bounds.midX < centre && theirs[0].bounds.midX > centre + 70)
        #expect(theirs[0].bounds.centreY > mine[0].bounds.centreY + 8)
        #expect(theirs[1].bounds.midX < centre - 70)
        #expect(r.isClose(r.pixel(theirs[0].bounds.midX, theirs[0].bounds.centreY), "#0000FF"))
        let legend = r.items.compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item { return text.text }
            return nil
        }
        #expect(legend.prefix(2) == ["你", "TA"], "\(legend)")
        #expect(r.notes.isEmpty)
    }

    @Test func unknownInviterScoresAreHollowPolesAndTheLegendSaysSo() throws {
        // DOOM's poles: every dimension negative, drawn at -6 (half-way to the right).
        let result = QuizResult(scores: Self.own, fromCode: PersonalityCode("DOOM")!)
        let r = try RenderedTheme(Self.chart, result: result)
        let dots = Self.dots(r.items)
        #expect(dots.count == 9, "\(dots.count)")  // the hollow legend swatch has a ring too
        let theirs = [1, 3, 5, 7].map { dots[$0] }
        #expect(theirs.allSatisfy { $0.fill == .white && $0.ring == Color(hex: "#0000FF") })
        let barLeft = 70.0, barWidth = 160.0
        for dot in theirs {
            #expect(abs(dot.bounds.midX - (barLeft + barWidth * 0.75)) < 0.5, "\(dot.bounds)")
        }
        let texts = r.items.compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item { return text.text }
            return nil
        }
        #expect(texts.contains("TA的分数未知，按类型示意"), "\(texts)")
    }

    @Test func aResultWithoutAnInviterDrawsOneSeriesAsBefore() throws {
        let compared = try RenderedTheme(Self.chart)
        let plain = try RenderedTheme(Self.chart.replacingOccurrences(of: #"compare: "inviter", "#, with: ""))
        #expect(Self.dots(compared.items).count == 4)
        #expect(compared.image.rgba == plain.image.rgba)
    }

    @Test func captionsGiveBothLeansInTheLegendsOrder() throws {
        let result = QuizResult(scores: Self.own, fromScores: DimensionScores(c: -12, s: 12, e: -6, a: 6))
        let r = try RenderedTheme(Self.chart.replacingOccurrences(of: "showCaptions: false", with: "captionSize: 8"), result: result)
        let texts = r.items.compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item { return text.text }
            return nil
        }
        // No 你 or TA: on a shared pair poster neither is the reader; the legend names them.
        #expect(texts.contains("卷度 · 卷王42% / 躺平100%"), "\(texts)")
    }

    @Test func labelsArePlaceholdersAndCompareIsChecked() throws {
        let result = QuizResult(scores: Self.own, nickname: "小王", fromScores: DimensionScores(c: 1, s: 1, e: 1, a: 1))
        let r = try RenderedTheme(Self.chart.replacingOccurrences(of: "barHeight: 8", with: #"barHeight: 8, legendLabel: "{nickname}""#),
                                  result: result)
        let texts = r.items.compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item { return text.text }
            return nil
        }
        #expect(texts.prefix(2) == ["小王", "TA"], "\(texts)")
        let errors = try loadErrors(#"{ elements: [ { type: "dimensions", compare: "friend", compareLabel: "{titel}" } ] }"#)
        #expect(errors.contains { $0.path.description == "elements[0].compare" && $0.message.contains("inviter") }, "\(errors)")
        #expect(errors.contains { $0.path.description == "elements[0].compareLabel" && $0.message.contains("{title}") }, "\(errors)")
    }
}

extension Rect {
    fileprivate var centreY: Double { y + height / 2 }
}
