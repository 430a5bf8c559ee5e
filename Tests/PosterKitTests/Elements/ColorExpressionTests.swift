import NMTIDomain
import Testing
@testable import PosterKit

/// `mix`, `lighten`, `darken`, `alpha` and `readable(on:)`: parsing, arithmetic and load errors.
@Suite struct ColorExpressionTests {
    func parse(_ source: String) throws -> ColorExpression {
        try ColorExpression.parse(source, leaf: { ColorValue.parseColor($0).map(ColorValue.literal) }).get()
    }

    func hex(_ source: String) throws -> [Int] {
        let color = try #require(try parse(source).resolve(.empty))
        return [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    }

    @Test func mixesStraightSRGBComponents() throws {
        #expect(try hex("mix(#000000, #FFFFFF, 0.25)") == [64, 64, 64, 255])
        #expect(try hex("mix(#FF000000, #0000FF, 25%)") == [191, 0, 64, 64])
        #expect(try hex("lighten(#E8503A, 0.25)") == [238, 124, 107, 255])
        #expect(try hex("darken(#E8503A80, 0.5)") == [116, 40, 29, 128])
        #expect(try hex("alpha(#E8503A, 0.2)") == [232, 80, 58, 51])
        #expect(try hex("alpha(lighten(#000, 1), 0.4)") == [255, 255, 255, 102])
    }

    @Test func readablePicksTheHigherContrast() throws {
        #expect(try hex("readable(on: #FFF8E7, #FFFFFF, #1A1A1A)") == [26, 26, 26, 255])
        #expect(try hex("readable(on: #1A1A1A, #FFFFFF, #000000)") == [255, 255, 255, 255])
        // A ground in the middle: the contrast decides, not the lightness.
        #expect(try hex("readable(on: #E8503A, #FFFFFF, #000000)") == [0, 0, 0, 255])
        // A and B are laid over the ground first: a faint black loses to white.
        #expect(try hex("readable(on: #808080, #0000001A, #FFFFFF)") == [255, 255, 255, 255])
    }

    @Test(arguments: [
        ("mx(#000, #FFF, 0.5)", "unknown colour function 'mx'"),
        ("mix(#000, #FFF)", "mix() needs more arguments: mix(A, B, t)"),
        ("lighten(#000, 1.5)", "takes an amount from 0 to 1"),
        ("lighten(#000, lots)", "'lots' is not an amount"),
        ("readable(#FFF, #000, #FFF)", "readable names its background first"),
        ("mix(#000, #FFF, 0.5", "expected ')' to close mix("),
        ("alpha(#000, 0.5) x", "unexpected"),
    ])
    func reportsMistakes(source: String, fragment: String) {
        let result = ColorExpression.parse(source, leaf: { ColorValue.parseColor($0).map(ColorValue.literal) })
        guard case .failure(let error) = result else {
            Issue.record("\(source) parsed")
            return
        }
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "lighten(", count: 9) + "#000" + String(repeating: ", 0.1)", count: 9)
        guard case .failure(let error) = ColorExpression.parse(deep, leaf: { ColorValue.parseColor($0).map(ColorValue.literal) })
        else {
            Issue.record("parsed")
            return
        }
        #expect(error.message.contains("nested deeper than 8"))
    }

    @Test func literalFunctionsFoldAtLoad() throws {
        let url = try makeTheme("""
            { canvas: { width: 100, height: 100, background: "darken(#FFFFFF, 0.5)" },
              elements: [ { type: "shape", fill: "mix(#FF0000, #0000FF, 0.5)", width: 10, height: 10 } ] }
            """)
        let theme = try Theme.load(from: url)
        #expect(theme.background == .literal(Color(red: 0.5, green: 0.5, blue: 0.5)))
    }

    @Test func boundLeavesAreCheckedForEveryVariant() throws {
        let errors = try loadErrors("""
            { variables: { accent: { default: "#FF0000", byCode: { DOOM: "blue" } } },
              elements: [
                { type: "shape", fill: "mix({accent}, #FFFFFF, 0.8)", width: 10, height: 10 },
                { type: "text", text: "x", color: "readable(on: {accent}, #000, {nickname})" },
              ] }
            """)
        let text = errors.map(\.description).joined(separator: "\n")
        #expect(text.contains("elements[0].fill: 'blue' is not a colour (for workplace DOOM)"), "\(text)")
        #expect(text.contains("elements[1].color: {nickname} cannot be used in colours"), "\(text)")
        #expect(errors.count == 2, "\(text)")
    }

    @Test func derivedColoursDrawPerVariant() throws {
        let rendered = try RenderedTheme("""
            { variables: { accent: { default: "#2F86C4", byCode: { PRED: "#E8503A" } } },
              canvas: { width: 100, height: 100, background: "lighten({accent}, 0.8)" },
              elements: [
                { type: "shape", x: 10, y: 10, width: 40, height: 40, fill: "darken({accent}, 0.5)" },
                { type: "shape", x: 50, y: 10, width: 40, height: 40, fill: "readable(on: {accent}, #FFFFFF, #1A1A1A)" },
              ] }
            """, result: QuizResult(scores: DimensionScores(c: 5, s: 5, e: 5, a: 5)))
        // PRED: accent #E8503A.
        #expect(rendered.isClose(rendered.pixel(5, 5), "#FADCD8"))
        #expect(rendered.isClose(rendered.pixel(30, 30), "#74281D"))
        #expect(rendered.isClose(rendered.pixel(70, 30), "#1A1A1A"))
    }
}
