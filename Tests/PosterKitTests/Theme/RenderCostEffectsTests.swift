import Foundation
import Testing
@testable import PosterKit

/// What rotation, blend modes, circle clips, rows and leaders add to the render-cost estimate.
@Suite struct RenderCostEffectsTests {
    let canvas = "canvas: { width: 100, height: 100 },"

    func cost(_ element: String) throws -> RenderCost {
        try Theme.load(from: makeTheme("{ \(canvas) elements: [ \(element) ] }")).renderCost
    }

    func parts(_ cost: RenderCost) -> [String] { cost.parts.map(\.what) }

    @Test func aTurnCountsItsBoxTwiceAndABlendALayer() throws {
        let plain = try cost(##"{ type: "shape", width: 50, height: 20, fill: "#000" }"##)
        let turned = try cost(##"{ type: "shape", width: 50, height: 20, fill: "#000", rotate: 30 }"##)
        // 50 x 20 pt is 4,000 device pixels; a turn adds twice that.
        #expect(turned.amounts[.area, default: 0] - plain.amounts[.area, default: 0] == 8_000)
        #expect(parts(turned).contains { $0.hasPrefix("rotated drawing") })
        let blended = try cost(##"{ type: "shape", width: 50, height: 20, fill: "#000", blend: "multiply" }"##)
        #expect(blended.amounts[.layers, default: 0] == 40_000)  // the whole 100 x 100 pt canvas
        let clipped = try cost(##"{ type: "group", width: 10, height: 10, clip: "circle", blend: "multiply", children: [] }"##)
        #expect(clipped.amounts[.layers, default: 0] == 400)  // the clip bounds the layer
        #expect(parts(clipped).contains("circle clip mask"))
        let wholeTurn = try cost(##"{ type: "shape", width: 50, height: 20, fill: "#000", rotate: 360 }"##)
        #expect(wholeTurn.amounts[.area] == plain.amounts[.area])
    }

    @Test func aRowCountsItsMeasuringAndALeaderItsMarks() throws {
        let row = try cost("""
            { type: "row", width: 100, children: [
              { type: "text", text: "卷王", size: 12 }, { type: "filler", leader: "dots", size: 2, gap: 3 },
              { type: "text", text: "42%", size: 12 } ] }
            """)
        #expect(parts(row).filter { $0.hasPrefix("row measuring a text") }.count == 2)
        // Up to the whole 100 pt row: (100 - 2) / 5 + 1 = 20 dots.
        #expect(row.amounts[.dashes] == 20)
        let user = try cost(##"{ type: "row", width: 100, children: [ { type: "text", text: "@{nickname}", size: 12 } ] }"##)
        #expect(user.share < 1, "a nickname in a row stays inside the budget: \(user.share)")
    }
}
