import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterKit

/// x, y, width, height and opacity written as expressions over number placeholders.
@Suite struct DataBoundGeometryTests {
    static let bars = """
        { canvas: { width: 200, height: 100, background: "#FFFFFF" },
          elements: [
            { type: "shape", id: "bar", x: 10, y: 10, width: "{percent.c} * 1.8", height: 20, fill: "#000000" },
            { type: "stack", x: 10, y: 40, children: [
              { type: "shape", id: "gap", y: "{percent.s} / 10", width: 20, height: 10, fill: "#FF0000" },
              { type: "shape", id: "after", width: 20, height: 10, fill: "#0000FF" },
            ] },
            { type: "shape", id: "dot", x: "90 + {score.a} * 5", y: 40, width: 10, height: 10, fill: "#00AA00",
              opacity: "clamp({percent.e} / 100, 0.2, 1)" },
          ] }
        """

    func frames(_ result: QuizResult) throws -> [String: Rect] {
        let theme = try Theme.load(from: try makeTheme(Self.bars))
        let shaper = try TextShaper(library: FontLibrary.standard())
        let list = try PosterRenderer.layout(theme: theme, values: theme.bind(ResolvedResult(result)), shaper: shaper).list
        var frames: [String: Rect] = [:]
        func visit(_ items: [DisplayItem]) {
            for item in items {
                switch item {
                case .shape(.rect(let box, _), let fill, _, _):
                    if case .solid(let color)? = fill { frames[ContrastLint.hex(color.red, color.green, color.blue)] = box }
                case .group(let children, _, _, _, _, _): visit(children)
                default: break
                }
            }
        }
        visit(list.items)
        return frames
    }

    @Test func geometryFollowsTheResult() throws {
        // c = 6: 50%, a bar 90 pt wide; s = -12: 100%, 10 pt before the stack's first child; a = -4: x 70.
        let frames = try frames(QuizResult(scores: DimensionScores(c: 6, s: -12, e: 0, a: -4)))
        #expect(frames["#000000"] == Rect(x: 10, y: 10, width: 90, height: 20))
        #expect(frames["#FF0000"] == Rect(x: 10, y: 50, width: 20, height: 10))
        #expect(frames["#0000FF"] == Rect(x: 10, y: 60, width: 20, height: 10))
        #expect(frames["#00AA00"] == Rect(x: 70, y: 40, width: 10, height: 10))
        let other = try self.frames(QuizResult(scores: DimensionScores(c: 12, s: 0, e: 12, a: 12)))
        #expect(other["#000000"]?.width == 180)
        #expect(other["#FF0000"]?.minY == 40)
        #expect(other["#00AA00"]?.minX == 150)
    }

    @Test func opacityFollowsTheResult() throws {
        let faint = try RenderedTheme(Self.bars, result: QuizResult(scores: DimensionScores(c: 1, s: 1, e: 0, a: 0)))
        let solid = try RenderedTheme(Self.bars, result: QuizResult(scores: DimensionScores(c: 1, s: 1, e: 12, a: 0)))
        // percent.e 0 -> clamped to 0.2; 100 -> 1.
        #expect(faint.isClose(faint.pixel(95, 45), "#CCEECC", tolerance: 8))
        #expect(solid.isClose(solid.pixel(95, 45), "#00AA00"))
    }

    @Test func worstCasesOutsideTheRangeAreRefusedAtLoad() throws {
        let errors = try loadErrors("""
            { elements: [
                { type: "shape", width: "{percent.c} * 30", height: 10, fill: "#000" },
                { type: "shape", x: "{score.c} * 200", width: 10, height: 10, fill: "#000" },
                { type: "shape", width: 10, height: "100 / {score.c}", fill: "#000" },
                { type: "shape", width: 10, height: "{nickname}", fill: "#000" },
                { type: "shape", width: 10, height: 10, fill: "#000", opacity: "{percent.c} / 50" },
            ] }
            """)
        let text = errors.map(\.description).joined(separator: "\n")
        #expect(text.contains(#"elements[0].width: "{percent.c} * 30" ranges over 0 … 3000 across results; width must stay within 0 … 2048"#), "\(text)")
        #expect(text.contains(#"elements[1].x: "{score.c} * 200" ranges over -2400 … 2400"#), "\(text)")
        #expect(text.contains("elements[2].height: it may divide by zero"), "\(text)")
        #expect(text.contains("elements[3].height: {nickname} is text, not a number"), "\(text)")
        #expect(text.contains(#"elements[4].opacity: "{percent.c} / 50" ranges over 0 … 2"#), "\(text)")
        #expect(errors.count == 5, "\(text)")
        // Line and column point at the value.
        #expect(errors.first?.location?.line == 2)
    }

    @Test func theCostEstimateUsesTheWorstCase() throws {
        let fixed = try Theme.load(from: try makeTheme("""
            { elements: [ { type: "shape", width: 240, height: 200, fill: "#000" } ] }
            """))
        let bound = try Theme.load(from: try makeTheme("""
            { elements: [ { type: "shape", width: "{percent.c} * 2.4", height: "{percent.s} * 2", fill: "#000" } ] }
            """))
        #expect(bound.elements[0].width == 240)
        #expect(bound.elements[0].height == 200)
        #expect(bound.renderCost.share == fixed.renderCost.share)
    }

    @Test func theSchemaAcceptsExpressionsWhereTheLoaderDoes() throws {
        let schema = try ThemeSchemaTests.loadSchema()
        for key in ["x", "y", "width", "height"] {
            let branches = try #require(try ThemeSchemaTests.definition(key, in: schema)["anyOf"] as? [[String: Any]], "\(key)")
            #expect(branches.contains { $0["$ref"] as? String == "#/$defs/numberExpression" }, "\(key)")
        }
        for type in ["shape", "image", "group"] {
            let opacity = try ThemeSchemaTests.property("opacity", of: try ThemeSchemaTests.definition(type, in: schema))
            let branches = try #require(opacity["anyOf"] as? [[String: Any]], "\(type)")
            #expect(branches.contains { $0["$ref"] as? String == "#/$defs/numberExpression" }, "\(type)")
        }
    }
}
