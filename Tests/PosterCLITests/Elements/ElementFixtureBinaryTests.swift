import Foundation
import Testing
@testable import PosterGolden
@testable import PosterPNG

/// The element fixture themes (`Fixtures/element-themes`: rotation, rows with leaders,
/// circle clips and blend modes), rendered by the binary as a user renders them and
/// compared with their goldens in `Fixtures/element-goldens`.
///
/// A missing golden is written and the test fails, so a new fixture is recorded once
/// and looked at; `NMTI_GOLDEN_RECORD=all` re-records all three.
@Suite("Binary: element fixtures") final class ElementFixtureBinaryTests {
    static let fixtures = ["rotate", "row", "clip-blend"]
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-elements-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    /// Renders a fixture theme for PRED (workplace) into a scratch folder: the poster and its layout dump.
    func render(_ name: String) throws -> (png: URL, layout: [String: Any], stderr: String) {
        let folder = try scratch()
        let png = folder.appendingPathComponent("\(name).png"), layout = folder.appendingPathComponent("\(name).json")
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "Fixtures/element-themes/\(name)",
                                  "-o", png.path, "--layout-json", layout.path])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: layout)) as? [String: Any])
        return (png, json, run.stderr)
    }

    @Test(arguments: fixtures)
    func matchesItsGolden(_ name: String) throws {
        let (png, _, stderr) = try render(name)
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("wrote "), "fit notes or warnings: \(stderr)")
        let golden = Fixtures.url("Fixtures/element-goldens/\(name).png")
        let actual = try PNGDecoder().decode(Array(try Data(contentsOf: png)))
        let record = ProcessInfo.processInfo.environment["NMTI_GOLDEN_RECORD"] == "all"
        guard !record, let data = try? Data(contentsOf: golden) else {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: png).write(to: golden)
            Issue.record("recorded \(golden.path); look at it and run again")
            return
        }
        let expected = try PNGDecoder().decode(Array(data))
        #expect(GoldenComparison.compare(expected: expected, actual: actual) == .identical, "\(name) differs from its golden")
    }

    @Test(arguments: fixtures)
    func validatesCleanWithTheContrastLint(_ name: String) throws {
        let run = try Binary.run(["themes", "validate", "Fixtures/element-themes/\(name)"])
        #expect(run.status == 0, "\(run.stdoutText)\(run.stderr)")
    }

    @Test func theLayoutDumpReportsRotationAndTurnedBounds() throws {
        let (_, layout, _) = try render("rotate")
        let elements = try #require(layout["elements"] as? [[String: Any]])
        func element(_ label: String) throws -> [String: Any] {
            try #require(elements.first { $0["label"] as? String == label }, "no \(label)")
        }
        let side = try element("side")
        let rotation = try #require(side["rotation"] as? [String: Any])
        #expect(rotation["degrees"] as? Double == -90)
        let center = try #require(rotation["center"] as? [String: Double])
        #expect(center["x"] == 14 && center["y"] == 132)
        // A one-line text turned a quarter anticlockwise about its top-left corner stands on that
        // corner: as wide as the line is tall, as tall as the line is long.
        let bounds = try #require(side["bounds"] as? [String: Double])
        let line = try #require((side["lines"] as? [[String: Any]])?.first)
        #expect(bounds["x"] == 14 && abs(bounds["y"]! + bounds["height"]! - 132) < 0.02, "\(bounds)")
        #expect(abs(bounds["height"]! - (line["width"] as? Double ?? 0)) < 0.02 && bounds["width"]! < 16, "\(bounds) for \(line)")
        let stamp = try element("stamp")
        let stampBounds = try #require(stamp["bounds"] as? [String: Double])
        #expect(stampBounds["width"]! > 76 * 1.2, "a turned 76 pt square's box is wider: \(stampBounds)")
        #expect(elements.filter { $0["rotation"] != nil }.count == 4)
    }

    @Test func aRowsLeaderStartsWhereItsTextEnds() throws {
        let (_, layout, _) = try render("row")
        let elements = try #require(layout["elements"] as? [[String: Any]])
        let line = try #require(elements.firstIndex { $0["label"] as? String == "line-c" })
        let label = elements[line + 1], filler = elements[line + 2], figure = elements[line + 3]
        #expect(filler["type"] as? String == "filler")
        let labelLine = try #require((label["lines"] as? [[String: Any]])?.first)
        let labelEnd = try #require(labelLine["x"] as? Double) + (try #require(labelLine["width"] as? Double))
        let leader = try #require(filler["bounds"] as? [String: Double])
        // Spacing 4, then the first dot (1.5 pt across) within one period of the filler's start.
        #expect(leader["x"]! >= labelEnd + 4 - 0.01 && leader["x"]! <= labelEnd + 4 + 4.5, "\(leader) after \(labelEnd)")
        let figureLine = try #require((figure["lines"] as? [[String: Any]])?.first)
        #expect(leader["x"]! + leader["width"]! <= (figureLine["x"] as? Double ?? 0) - 4 + 0.01)
        // Label and figure share a baseline, and the dots sit on it.
        #expect(labelLine["y"] as? Double == figureLine["y"] as? Double)
        #expect(abs(leader["y"]! + leader["height"]! - (labelLine["y"] as? Double ?? 0)) < 0.01)
        // 220 pt: the figure ends at the row's right edge (16 + 208).
        #expect(abs((figureLine["x"] as? Double ?? 0) + (figureLine["width"] as? Double ?? 0) - 224) < 0.01)
    }

    @Test func aRowThatCannotFitNarrowsItsFirstTextAndTheFitCheckSaysSo() throws {
        let folder = try scratch()
        try """
            { canvas: { width: 200, height: 60 },
              elements: [ { type: "row", id: "receipt", x: 10, y: 10, width: 120, spacing: 4, children: [
                { type: "text", id: "label", text: "{description}", size: 12, maxLines: 1, minSize: 10 },
                { type: "filler", leader: "dots" },
                { type: "text", id: "figure", text: "{percent.c}%", size: 12 },
              ] } ] }
            """.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let png = folder.appendingPathComponent("p.png").path
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", folder.path, "-o", png])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("label: shrunk (the row narrowed it from"), "\(run.stderr)")
        #expect(run.stderr.contains("label: ellipsised"), "\(run.stderr)")
        #expect(!run.stderr.contains("figure:"), "\(run.stderr)")
    }

    @Test func loadErrorsNameTheFileLinePathAndAFix() throws {
        let folder = try scratch()
        try """
            { canvas: { width: 200, height: 200 },
              elements: [
                { type: "qr", x: 10, y: 10, width: 100, rotate: 10 },
                { type: "row", y: 120, children: [ { type: "shape", height: 4, fill: "#000" } ] },
                { type: "text", y: 150, text: "x", blend: "multipy", origin: [0, 0] },
                { type: "group", y: 170, width: 20, height: 20, clip: "circel", children: [] },
              ] }
            """.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let run = try Binary.run(["themes", "validate", "--no-contrast", "--no-scan", folder.path])
        #expect(run.status != 0)
        let output = run.stdoutText + run.stderr
        #expect(output.contains("theme.json5:3:"), "\(output)")
        #expect(output.contains("a QR code cannot be rotated"), "\(output)")
        #expect(output.contains("children[0] ('shape') has no 'width'"), "\(output)")
        #expect(output.contains("multiply"), "did-you-mean for blend: \(output)")
        #expect(output.contains("'origin' only says where a 'rotate' turns about"), "\(output)")
        #expect(output.contains("circle"), "did-you-mean for clip: \(output)")
    }

    /// White text on a dark vertical bar; `rotate` and `blend` decide whether it is readable.
    func contrastTheme(_ keys: String) throws -> URL {
        let folder = try scratch()
        try """
            { canvas: { width: 200, height: 200, background: "#FFFFFF" },
              elements: [
                { type: "shape", x: 88, y: 20, width: 24, height: 160, fill: "#1A1A1A" },
                { type: "text", id: "turned", x: 40, y: 90, width: 120, height: 20, text: "已认证已认证已认证", size: 12,
                  color: "#FFFFFF", align: "center", verticalAlign: "center", \(keys) },
              ] }
            """.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func theContrastLintMeasuresATurnedTextWhereItIsDrawn() throws {
        // Turned upright, the text lies on the bar: readable.
        let upright = try Binary.run(["themes", "validate", "--no-scan", try contrastTheme("rotate: 90").path])
        #expect(upright.status == 0, "\(upright.stdoutText)\(upright.stderr)")
        // Unturned, most of it is white on white.
        let flat = try Binary.run(["themes", "validate", "--no-scan", try contrastTheme("rotate: 0").path])
        #expect(flat.status == 1)
        #expect(flat.stderr.contains("turned: contrast 1:1 (#FFFFFF on #FFFFFF)"), "\(flat.stderr)")
    }

    @Test func theContrastLintMeasuresAMultipliedTextByTheColourItPrints() throws {
        // White multiplied onto the dark bar prints the bar's own colour: unreadable.
        let run = try Binary.run(["themes", "validate", "--no-scan", try contrastTheme("rotate: 90, blend: \"multiply\"").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("turned: contrast 1:1"), "\(run.stderr)")
    }
}
