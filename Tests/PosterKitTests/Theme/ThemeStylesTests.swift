import Foundation
import Testing
@testable import PosterKit

/// `styles`: element keys named once; an element's own keys win, a later style wins
/// over an earlier one, and problems are reported where the style writes them.
@Suite struct ThemeStylesTests {
    static let styles = """
        styles: {
          body: { font: "Noto Serif CJK SC", size: 13, color: "#2B2620", lineHeight: 1.1 },
          quiet: { color: "#2B262099", size: 11 },
        },
        """

    func text(_ node: ElementNode) throws -> TextElement { try #require(node.element as? TextElement) }

    @Test func anElementTakesItsStylesKeysUnlessItSetsThemItself() throws {
        let theme = try Theme.load(from: makeTheme("""
            { \(Self.styles)
              elements: [
                { type: "text", style: "body", text: "a" },
                { type: "text", style: ["body", "quiet"], text: "b" },
                { type: "text", style: ["body", "quiet"], size: 20, x: 5, text: "c" },
              ] }
            """))
        let body = try text(theme.elements[0]), both = try text(theme.elements[1]), own = try text(theme.elements[2])
        #expect(body.style.family == "Noto Serif CJK SC" && body.style.size == 13 && body.style.lineHeight == 1.1)
        #expect(both.style.size == 11 && both.style.family == "Noto Serif CJK SC")
        #expect(ThemeSchemaTests.bytes(both.color) == [0x2B, 0x26, 0x20, 0x99])
        #expect(own.style.size == 20 && own.style.lineHeight == 1.1 && theme.elements[2].x == 5)
    }

    @Test func aStyleKeyNoTypeReadsIsReportedAtTheStyle() throws {
        let errors = try loadErrors("""
            { styles: { body: { size: 13, lineHieght: 1.1, type: "text" } }, elements: [] }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages == [
            "styles.body.lineHieght: unknown key \"lineHieght\": no element type reads it; did you mean \"lineHeight\"?",
            "styles.body.type: a style cannot set \"type\"; write it on the element",
        ], "\(messages)")
        #expect(errors.first?.location?.line == 1)
    }

    @Test func aKeyTheElementsTypeDoesNotHaveIsReportedAtTheStyleNamingTheElement() throws {
        let errors = try loadErrors("""
            { styles: { body: { size: 13, color: "#000" } },
              elements: [ { type: "shape", style: "body", width: 4, height: 4, fill: "#000" } ] }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages == [
            "styles.body.size: style 'body' sets \"size\", which a shape element does not have (elements[0] uses the style)",
            "styles.body.color: style 'body' sets \"color\", which a shape element does not have (elements[0] uses the style)",
        ], "\(messages)")
    }

    @Test func aBadValueIsReportedOnceAtTheStyle() throws {
        let errors = try loadErrors("""
            { styles: { big: { size: 900 } },
              elements: [ { type: "text", style: "big", text: "a" }, { type: "text", style: "big", text: "b" } ] }
            """)
        #expect(errors.map { "\($0.path): \($0.message)" } == ["styles.big.size: expected a number between 1 and 400, found 900"])
        #expect(errors.first?.location == SourceLocation(line: 1, column: 26))
    }

    @Test func unknownStyleNamesHaveSuggestions() throws {
        let errors = try loadErrors("""
            { \(Self.styles) elements: [ { type: "text", style: ["body", "quite"], text: "a" }, { type: "text", style: 3, text: "b" } ] }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages.contains("elements[0].style: unknown style 'quite'; did you mean 'quiet'?"), "\(messages)")
        #expect(messages.contains("elements[1].style: expected a style name or a list of style names, found 3"), "\(messages)")
    }

    @Test func stylesApplyInsideComponents() throws {
        let theme = try Theme.load(from: makeTheme("""
            { \(Self.styles)
              components: { item: { elements: [ { type: "text", style: "quiet", text: "x" } ] } },
              elements: [ { type: "use", component: "item" } ] }
            """))
        let group = try #require(theme.elements[0].element as? GroupElement)
        #expect(try text(group.children[0]).style.size == 11)
    }
}
