import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// `components` and `use`: elements written once, read afresh at each use with the
/// parameters filled in, checked and counted in full, errors naming both places.
@Suite struct ThemeComponentsTests {
    static let lineItem = """
        components: {
          lineItem: {
            params: { dim: "c", label: "卷王", w: 120 },
            elements: [
              { type: "text", width: 60, text: "{param.label}" },
              { type: "shape", x: 64, width: "{param.w}", height: 4, fill: "#000" },
              { type: "text", x: 200, text: "{percent.{param.dim}}% {{param.dim}}" },
            ],
          },
        },
        """

    func children(_ node: ElementNode) throws -> [ElementNode] {
        try #require(node.element as? GroupElement).children
    }

    @Test func eachUseIsAGroupWithItsParametersFilledIn() throws {
        let theme = try Theme.load(from: makeTheme("""
            { \(Self.lineItem)
              elements: [
                { type: "use", component: "lineItem", x: 24, y: 300 },
                { type: "use", component: "lineItem", x: 24, y: 320, with: { dim: "s", label: "摸鱼", w: 80 } },
              ] }
            """))
        #expect(theme.elements.map(\.typeName) == ["use", "use"])
        #expect(theme.elements[1].x == 24 && theme.elements[1].y == 320)
        let first = try children(theme.elements[0]), second = try children(theme.elements[1])
        #expect(first.count == 3 && second.count == 3)
        #expect(try #require(first[0].element as? TextElement).text == (try Template.parse("卷王").get()))
        #expect(try #require(second[0].element as? TextElement).text == (try Template.parse("摸鱼").get()))
        // A string that is exactly one reference takes the number as it is.
        #expect(first[1].width == 120 && second[1].width == 80)
        // Nested in a placeholder name; `{{` stays a literal brace.
        #expect(try #require(second[2].element as? TextElement).text == (try Template.parse("{percent.s}% {{param.dim}}").get()))
        #expect(second[2].path.description == "elements[1] (use of components.lineItem) → components.lineItem.elements[2]")
        #expect(second[2].label == second[2].path.description)
    }

    @Test func anErrorInsideAComponentNamesTheUseAndTheComponentsElement() throws {
        let errors = try loadErrors("""
            { components: {
                badge: {
                  params: { size: 12 },
                  elements: [ { type: "text", text: "{code}", size: "{param.size}" } ] } },
              elements: [
                { type: "text", text: "x" },
                { type: "use", component: "badge", with: { size: 900 } },
              ] }
            """)
        let error = try #require(errors.first)
        #expect(errors.count == 1, "\(errors)")
        #expect(error.path.description == "elements[1] (use of components.badge) → components.badge.elements[0].size")
        #expect(error.path.written.description == "components.badge.elements[0].size")
        #expect(error.location?.line == 4, "the component's line")
        #expect(error.message == "expected a number between 1 and 400, found 900")
    }

    @Test func namesAreCheckedWithSuggestions() throws {
        let errors = try loadErrors("""
            { components: {
                lineItem: { elements: [] },
                item: { params: { dim: "c" }, elements: [ { type: "text", text: "{param.dmi}" } ] },
              },
              elements: [
                { type: "use", component: "lineItme" },
                { type: "use", component: "item", with: { dims: "s" } },
              ] }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages.contains("components.item.elements[0].text: unknown parameter {param.dmi} of component 'item'; did you mean {param.dim}?"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("elements[0].component: unknown component 'lineItme'") }, "\(messages)")
        #expect(messages.contains("elements[1].with.dims: component 'item' has no parameter 'dims'; did you mean 'dim'?"), "\(messages)")
    }

    @Test func requiredParametersCyclesAndUnusedComponentsAreReported() throws {
        let errors = try loadErrors("""
            { components: {
                needs: { params: { label: null }, elements: [ { type: "text", text: "{param.label}" } ] },
                a: { elements: [ { type: "use", component: "b" } ] },
                b: { elements: [ { type: "use", component: "a" } ] },
                spare: { elements: [ { type: "shape" } ] },
              },
              elements: [ { type: "use", component: "needs" }, { type: "use", component: "a" } ] }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages.contains("elements[0]: component 'needs' needs 'label' in 'with' (no default)"), "\(messages)")
        #expect(messages.contains { $0.contains("components use each other in a cycle: a -> b -> a") }, "\(messages)")
        #expect(messages.contains("components.spare.elements[0]: a shape needs a fill, a stroke or both"), "\(messages)")
    }

    @Test func everyUseCountsAgainstTheElementLimit() throws {
        let uses = (0..<60).map { _ in #"{ type: "use", component: "ten" }"# }.joined(separator: ",\n")
        let ten = (0..<10).map { _ in ##"{ type: "shape", width: 1, height: 1, fill: "#000" }"## }.joined(separator: ", ")
        let errors = try loadErrors("{ components: { ten: { elements: [\(ten)] } }, elements: [\(uses)] }")
        #expect(errors.contains { $0.message.hasPrefix("more than 500 elements (each use of a component counts all of its elements)") }, "\(errors)")
    }

    @Test func aComponentIsSharedByEveryFormatAndAStoryStillRefusesItsQR() throws {
        let errors = try loadErrors("""
            { components: { cta: { elements: [ { type: "qr", width: 100 } ] } },
              elements: [ { type: "use", component: "cta" } ],
              formats: { story: { elements: [ { type: "use", component: "cta", y: 300 } ] } } }
            """)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.path.description == "formats.story.elements[0] (use of components.cta) → components.cta.elements[0]")
        #expect(errors.first?.message.hasPrefix("the 'story' format draws no QR code") == true)
    }

    @Test func aUseDrawsLikeTheGroupItStandsFor() throws {
        let written = try Theme.load(from: makeTheme("""
            { \(Self.lineItem) canvas: { width: 300, height: 60 },
              elements: [ { type: "use", component: "lineItem", x: 10, y: 10, with: { dim: "s" } } ] }
            """))
        let plain = try Theme.load(from: makeTheme("""
            { canvas: { width: 300, height: 60 },
              elements: [ { type: "group", x: 10, y: 10, children: [
                { type: "text", width: 60, text: "卷王" },
                { type: "shape", x: 64, width: 120, height: 4, fill: "#000" },
                { type: "text", x: 200, text: "{percent.s}% {{param.dim}}" } ] } ] }
            """))
        let renderer = try PosterRenderer(workers: 1)
        let result = QuizResult(scores: DimensionScores(c: 3, s: -5, e: 1, a: 2), pack: .workplace)
        let a = try #require(try renderer.run(RenderRequest(result, theme: written, through: .raster)).raster)
        let b = try #require(try renderer.run(RenderRequest(result, theme: plain, through: .raster)).raster)
        #expect(a.pixels == b.pixels)
    }
}
