import Foundation
import Testing

/// Components, named styles, the monospaced CJK face, tabular figures and a font
/// shipped with a theme, through the binary: the fixture theme validates, renders
/// as its goldens (Fixtures/feature-goldens), and a broken copy is reported with
/// both places of an error inside a component.
@Suite("Binary: components, styles and theme fonts") final class BinaryComponentsTests {
    static let fixture = "Fixtures/feature-themes/components"
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-components-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    @Test func theFixtureValidatesAndRendersWithItsOwnFont() throws {
        let validate = try Binary.run(["themes", "validate", Self.fixture, "--no-scan"])
        #expect(validate.status == 0, "\(validate.stderr)\(validate.stdoutText)")
        let out = try scratch().appendingPathComponent("p.png").path
        let render = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", Self.fixture, "-o", out])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("wrote \(out) (600x380"), "\(render.stderr)")
    }

    @Test func theFixtureMatchesItsGoldens() throws {
        let report = try scratch().path
        let check = try Binary.run(["golden", "check", "--theme", Self.fixture, "--goldens", "Fixtures/feature-goldens",
                                    "--report", report])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
        #expect(check.stdoutText.contains("37 passed") || check.stderr.contains("37 passed"), "\(check.stdoutText)\(check.stderr)")
    }

    @Test func anErrorInsideAComponentNamesTheUseAndTheComponent() throws {
        let folder = try scratch()
        let source = try String(contentsOf: Fixtures.url(Self.fixture + "/theme.json5"), encoding: .utf8)
            .replacingOccurrences(of: "{ type: \"shape\", x: 64, y: 8, width: 150, height: 3,",
                                  with: "{ type: \"shape\", x: 64, y: 8, width: 150, height: -3,")
            .replacingOccurrences(of: "style: \"latin\"", with: "style: \"latn\"")
            .replacingOccurrences(of: "fonts: [\"fonts/DejaVuSansMono.ttf\"]", with: "fonts: [\"fonts/DejaVuSansMono.ttf\", \"../../x.otf\"]")
        try source.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url(Self.fixture + "/fonts/DejaVuSansMono.ttf"),
                                         to: folder.appendingPathComponent("fonts/DejaVuSansMono.ttf"))
        let run = try Binary.run(["themes", "validate", folder.path, "--no-scan"])
        #expect(run.status == 78, "\(run.stderr)")
        let file = folder.appendingPathComponent("theme.json5").path
        // Searched in the whole output: the lines' separator is another change's business.
        let text = run.stderr + run.stdoutText
        #expect(text.contains(
            "\(file):20:59: error: elements[3] (use of components.lineItem) → components.lineItem.elements[1].height: expected a number between 0 and 2048, found -3"),
            "\(text)")
        #expect(text.contains("elements[6] (use of components.lineItem) → components.lineItem.elements[1].height"), "\(text)")
        #expect(text.contains("error: elements[0].style: unknown style 'latn'; did you mean 'latin'?"), "\(text)")
        #expect(text.contains("error: fonts[1]: font '../../x.otf': must be a relative path inside the theme folder"), "\(text)")
    }
}
