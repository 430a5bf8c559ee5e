import Foundation
import NMTIDomain
import PosterKit
import StampElement
import Testing

/// The plugin example's own unit tests, as a plugin author writes them: only the public
/// products (`PosterKit`, `NMTIDomain`) and the plugin, no `@testable`.
@Suite struct StampElementTests {
    /// A registry that knows `stamp`, as an app or an `nmti-poster` build sets it up.
    static let registry: ElementRegistry = {
        var registry = ElementRegistry.standard
        registry.register(StampElement.self)
        return registry
    }()

    /// A theme in a fresh folder, loaded with the stamp registered; the folder is removed after `body`.
    func withTheme(_ json5: String, _ body: (Theme) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try json5.write(to: folder.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
        try body(try Theme.load(from: folder, registry: Self.registry))
    }

    static let theme = """
        { canvas: { width: 200, height: 200, background: "#F4EFE6" },
          elements: [ { type: "stamp", x: 40, y: 30, width: 120, height: 140, color: "#1F6FB2", teeth: 6, margin: 10 } ] }
        """

    @Test func readsItsProperties() throws {
        let stamp = try ElementReader.read(StampElement.self, json5: ##"{ type: "stamp", color: "#112233", teeth: 12 }"##)
        #expect(stamp.teeth == 12)
        #expect(stamp.margin == 6)
        #expect(stamp.color == .literal(Color(hex: "#112233")!))
        #expect(stamp.holes == nil)
    }

    @Test func aVariantColourMustBeAKnownName() throws {
        let stamp = try ElementReader.read(StampElement.self, json5: #"{ color: "{ink}" }"#, variables: ["ink"])
        guard case .bound = stamp.color else { Issue.record("expected a bound colour, got \(stamp.color)"); return }
        #expect(throws: ThemeError.self) { try ElementReader.read(StampElement.self, json5: #"{ color: "{ink}" }"#) }
    }

    @Test func reportsEveryProblemWithItsPathAndLine() throws {
        let source = """
            { teeth: 1,
              colour: "#FFFFFF" }
            """
        let error = try #require(throws: ThemeError.self) { try ElementReader.read(StampElement.self, json5: source) }
        let lines = error.diagnostics.map(\.description)
        #expect(error.diagnostics.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("element.json5:1") && $0.contains("teeth") }, "\(lines)")
        #expect(lines.contains { $0.contains("element.json5:2") && $0.contains("did you mean \"color\"") }, "\(lines)")
    }

    @Test func laysOutPaperPanelAndHoles() throws {
        try withTheme(Self.theme) { theme in
            let context = try LayoutContext(theme: theme, result: QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1)))
            let node = try #require(theme.elements.first)
            let layout = try #require(try context.layout(node, parentOrigin: .zero, parentWidth: theme.canvasSize.width))
            #expect(layout.size == Size(width: 120, height: 140))
            #expect(layout.items.first?.bounds == Rect(x: 40, y: 30, width: 120, height: 140))
            #expect(layout.items.dropFirst().first?.bounds == Rect(x: 50, y: 40, width: 100, height: 120))
            // 6 holes along the top and the bottom, 7 down each side (140 pt at a 20 pt pitch).
            #expect(layout.items.count == 2 + 2 * 6 + 2 * 7)
            #expect(context.notes.isEmpty)
        }
    }

    @Test func aStampTooSmallForItsMarginIsNoted() throws {
        try withTheme(Self.theme) { theme in
            let context = try LayoutContext(theme: theme, result: QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1)))
            let stamp = try ElementReader.read(StampElement.self, json5: "{ margin: 30 }")
            let layout = try stamp.layout(in: LayoutSlot(origin: .zero, width: 50, height: 50), context: context)
            #expect(layout.items.isEmpty)
            #expect(context.notes.map(\.kind) == [.overflowed])
        }
    }

    @Test func rendersThroughTheRenderer() throws {
        try withTheme(Self.theme) { theme in
            let poster = try PosterRenderer().render(QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1)), theme: theme)
            #expect(poster.width == 400 && poster.height == 400)
            #expect(poster.notes.isEmpty)
        }
    }
}
