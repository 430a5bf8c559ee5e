import NMTIDomain
import Testing
@testable import PosterKit

/// `rotate` as an expression over the result's numbers: evaluated per result at layout,
/// checked at load against ±360 for every result.
@Suite struct RotationFromDataTests {
    static let theme = """
        { canvas: { width: 100, height: 100, background: "#FFFFFF" },
          elements: [ { type: "shape", x: 20, y: 45, width: 60, height: 10, fill: "#000000", rotate: "{score.c} * 7.5" } ] }
        """

    static func turn(of items: [DisplayItem]) -> Double? {
        guard case .group(_, _, _, _, let rotation, _) = items.first else { return nil }
        return rotation?.degrees
    }

    @Test func theTurnFollowsTheScore() throws {
        // c = +12 turns a quarter clockwise; c = 0 is no turn at all (no layer).
        let upright = try RenderedTheme(Self.theme, result: QuizResult(scores: DimensionScores(c: 12, s: 0, e: 0, a: 0)))
        #expect(Self.turn(of: upright.items) == 90)
        #expect(upright.isClose(upright.pixel(50, 25), "#000000"))
        let flat = try RenderedTheme(Self.theme, result: QuizResult(scores: DimensionScores(c: 0, s: 0, e: 0, a: 0)))
        #expect(Self.turn(of: flat.items) == nil)
        #expect(flat.isClose(flat.pixel(25, 50), "#000000"))
    }

    @Test func aTurnThatCanLeaveTheRangeIsRefusedAtLoad() throws {
        let errors = try loadErrors("""
            { elements: [ { type: "shape", width: 10, height: 10, fill: "#000000", rotate: "{score.c} * 40" } ] }
            """)
        #expect(errors.contains { $0.path.description == "elements[0].rotate" }, "\(errors)")
        let text = try loadErrors("""
            { elements: [ { type: "shape", width: 10, height: 10, fill: "#000000", rotate: "{title} * 2" } ] }
            """)
        #expect(text.contains { $0.path.description == "elements[0].rotate" }, "\(text)")
    }
}
