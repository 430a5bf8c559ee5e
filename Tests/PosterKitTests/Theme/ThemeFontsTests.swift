import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterKit

/// `fonts`: font files a theme ships, checked like assets, loaded into a font
/// configuration of the theme's own, and part of its digest.
@Suite struct ThemeFontsTests {
    static let fixture = ThemeSchemaTests.packageRoot.appendingPathComponent("Fixtures/feature-themes/components")
    static let dejaVu = fixture.appendingPathComponent("fonts/DejaVuSansMono.ttf")

    /// A theme folder with the fixture's font copied to `fonts/Face.ttf`.
    func themeWithFont(_ json5: String) throws -> URL {
        let folder = try makeTheme(json5)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.dejaVu, to: folder.appendingPathComponent("fonts/Face.ttf"))
        return folder
    }

    @Test func theFamiliesAShippedFileDeclaresBecomeUsable() throws {
        let theme = try Theme.load(from: Self.fixture)
        #expect(theme.fonts.files == ["fonts/DejaVuSansMono.ttf"])
        #expect(theme.fonts.families == ["DejaVu Sans Mono"])
        #expect(theme.fonts.library?.families.isSuperset(of: Set(PinnedFont.standard.map(\.family))) == true)
        let renderer = try PosterRenderer(workers: 2)
        let output = try renderer.run(RenderRequest(QuizResult.catalogueSample(for: PersonalityCode("PRED")!, pack: .workplace),
                                                   theme: theme, through: .layout))
        let fonts = Set(output.displayList.items.flatMap(Self.fontFiles))
        #expect(fonts.contains { $0.hasSuffix("/fonts/DejaVuSansMono.ttf") }, "\(fonts)")
        #expect(fonts.contains { $0.hasSuffix("NotoSansCJK-Regular.ttc") })
    }

    static func fontFiles(_ item: DisplayItem) -> [String] {
        switch item {
        case .text(let text, _, _, _, _): text.lines.flatMap(\.runs).map(\.font.file)
        case .group(let children, _, _, _, _, _): children.flatMap(fontFiles)
        default: []
        }
    }

    @Test func anotherThemeNeverSeesThem() throws {
        let errors = try loadErrors(#"{ elements: [ { type: "text", text: "x", font: "DejaVu Sans Mon" } ] }"#)
        #expect(errors.map(\.message) == [
            "font 'DejaVu Sans Mon' is not pinned; available: LXGW WenKai, Noto Color Emoji, Noto Sans CJK SC, Noto Sans Mono CJK SC, Noto Serif CJK SC, Smiley Sans",
        ])
        let shipped = try themeWithFont(#"{ fonts: ["fonts/Face.ttf"], elements: [ { type: "text", text: "x", font: "DejaVu Sans Mon" } ] }"#)
        do {
            _ = try Theme.load(from: shipped)
            Issue.record("a misspelt family loaded")
        } catch {
            #expect(error.diagnostics.map(\.message) == [
                "font 'DejaVu Sans Mon' is not pinned nor shipped by the theme; did you mean 'DejaVu Sans Mono'? Available: DejaVu Sans Mono, LXGW WenKai, Noto Color Emoji, Noto Sans CJK SC, Noto Sans Mono CJK SC, Noto Serif CJK SC, Smiley Sans",
            ])
        }
    }

    @Test func filesAreCheckedLikeAssets() throws {
        let folder = try makeTheme("""
            { fonts: ["../x.ttf", "fonts/none.ttf", "fonts/fake.ttf", "fonts/out.ttf", 3], elements: [] }
            """, files: ["fonts/fake.ttf": "<svg/>"])
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("fonts/out.ttf").path, withDestinationPath: Self.dejaVu.path)
        do {
            _ = try Theme.load(from: folder)
            Issue.record("bad font files loaded")
        } catch {
            let messages = error.diagnostics.map { "\($0.path): \($0.message)" }
            #expect(messages.count == 5, "\(messages)")
            #expect(messages[0] == "fonts[0]: font '../x.ttf': must be a relative path inside the theme folder (no '/' at the start, no '..')")
            #expect(messages[1].hasPrefix("fonts[1]: font 'fonts/none.ttf': no such file in "))
            #expect(messages[2] == "fonts[2]: font 'fonts/fake.ttf': is not an OpenType (.otf) or TrueType (.ttf) font; collections (.ttc), WOFF and WOFF2 are not read")
            #expect(messages[3].hasPrefix("fonts[3]: font 'fonts/out.ttf': leads outside the theme folder"))
            #expect(messages[4] == "fonts[4]: expected a font file's path, such as \"fonts/MyFace.otf\", found 3")
        }
    }

    @Test func aFileMayNotReplaceAPinnedFamily() throws {
        let folder = try makeTheme(#"{ fonts: ["smiley.ttf"], elements: [] }"#)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/smiley-sans/SmileySans-Oblique.ttf",
                                         toPath: folder.appendingPathComponent("smiley.ttf").path)
        do {
            _ = try Theme.load(from: folder)
            Issue.record("a pinned family was replaced")
        } catch {
            #expect(error.diagnostics.map(\.message).contains {
                $0.hasPrefix("font 'smiley.ttf': declares the family 'Smiley Sans', which the engine pins")
            }, "\(error)")
        }
    }

    @Test func theFilesArePartOfTheDigest() throws {
        let folder = try themeWithFont(#"{ fonts: ["fonts/Face.ttf"], elements: [ { type: "text", text: "1", font: "DejaVu Sans Mono" } ] }"#)
        let before = try Theme.load(from: folder).contentDigest
        let file = folder.appendingPathComponent("fonts/Face.ttf")
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: file)
        #expect(try Theme.load(from: folder).contentDigest != before)
    }

    @Test func themesWithTheirOwnFontsRenderSideBySide() async throws {
        let shipped = try Theme.load(from: Self.fixture)
        let plain = try Theme.load(from: makeTheme(#"{ canvas: { width: 100, height: 40 }, elements: [ { type: "text", text: "{code}" } ] }"#))
        let renderer = try PosterRenderer(workers: 2)
        let result = QuizResult.catalogueSample(for: PersonalityCode("DOOM")!, pack: .student)
        let expected = try await renderer.run(RenderRequest(result, theme: shipped, through: .raster)).raster
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let theme = index.isMultiple(of: 2) ? shipped : plain
                    let raster = try await renderer.run(RenderRequest(result, theme: theme, through: .raster)).raster
                    return theme.name != shipped.name || raster == expected
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
