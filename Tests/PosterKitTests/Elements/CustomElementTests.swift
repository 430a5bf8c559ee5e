import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterKit
@testable import PosterPNG

/// A library user's own element: a filled badge with the type's code, built only on public API.
struct BadgeElement: PosterElement {
    static let typeName = "badge"
    static let propertyNames = ["label", "color"]

    let label: Template
    let color: ColorValue

    init(from reader: ElementReader) {
        label = reader.text("label", default: "{code}") ?? Template(literal: "")
        color = reader.color("color", default: .black) ?? .literal(.black)
    }

    func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let box = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: slot.height ?? 24)
        let text = context.layOut(label.render(context.values), style: TextStyle(family: "Noto Sans CJK SC", size: 12, alignment: .center), width: box.width)
        return ElementLayout(size: Size(width: box.width, height: box.height), items: [
            .shape(.rect(box, cornerRadius: box.height / 2), fill: .solid(context.color(color)), stroke: nil, shadow: nil),
            .text(text, origin: Point(x: box.x, y: box.y + (box.height - text.size.height) / 2), color: .white, stroke: nil, shadow: nil),
        ])
    }
}

@Suite struct CustomElementTests {
    let theme = """
        { canvas: { width: 100, height: 40, background: "#FFFFFF" },
          elements: [ { type: "badge", x: 10, y: 8, width: 80, label: "我是{code}", color: "#FF0000" } ] }
        """

    @Test func unknownUntilRegistered() throws {
        let folder = try makeTheme(theme)
        #expect(throws: ThemeError.self) { try Theme.load(from: folder) }
    }

    @Test func registeredTypeLoadsAndRenders() throws {
        var registry = ElementRegistry.standard
        registry.register(BadgeElement.self)
        #expect(registry.typeNames.contains("badge"))
        let loaded = try Theme.load(from: try makeTheme(theme), registry: registry)
        let poster = try PosterRenderer().render(QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1)), theme: loaded)
        #expect(poster.width == 200 && poster.height == 80)
        let image = try PNGDecoder().decode(poster.png)
        let centre = (40 * 200 + 100) * 4
        // Red badge in the middle, white outside it.
        #expect(image.rgba[centre] > 200 && image.rgba[centre + 1] < 60)
        #expect(image.rgba[0] == 255 && image.rgba[1] == 255)
    }
}
