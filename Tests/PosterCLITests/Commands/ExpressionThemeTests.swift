import Foundation
import Testing

/// Text filters, derived colours and geometry from data, through the binary, with
/// the fixture theme `Fixtures/expression-themes/receipt` that uses all three.
@Suite("Binary: filters, derived colours, geometry from data") final class ExpressionThemeTests {
    static let theme = "Fixtures/expression-themes/receipt"
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-expr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    /// Renders a result with the fixture theme and returns its layout dump's elements by label.
    func layout(_ result: String) throws -> [String: [String: Any]] {
        let folder = try scratch()
        let poster = folder.appendingPathComponent("p.png").path, dump = folder.appendingPathComponent("p.json").path
        let run = try Binary.run(["render", result, "--theme", Self.theme, "-o", poster, "--layout-json", dump, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        let elements = try #require(json["elements"] as? [[String: Any]])
        return Dictionary(elements.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    func bounds(_ element: [String: Any]?) -> [Double]? {
        guard let bounds = element?["bounds"] as? [String: Any] else { return nil }
        return ["x", "y", "width", "height"].compactMap { (bounds[$0] as? NSNumber)?.doubleValue }
    }

    func lines(_ element: [String: Any]?) -> String {
        ((element?["lines"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }.joined(separator: "\n")
    }

    @Test func theFixtureThemeValidates() throws {
        let run = try Binary.run(["themes", "validate", Self.theme])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func barsAndMarkerFollowTheScores() throws {
        // DREM: c -4 (33%), s 7 (58%), e 3 (25%), a -6 (50%); the rows start at (24, 124), bars at x 70 in them.
        let elements = try layout("Fixtures/results/invited-workplace.json")
        // Each bar is 1.7 pt per percent.
        #expect(bounds(elements["bar.c"]) == [94, 128, 56.1, 10])
        #expect(bounds(elements["bar.s"]) == [94, 164, 98.6, 10])
        #expect(bounds(elements["bar.e"]) == [94, 200, 42.5, 10])
        #expect(bounds(elements["bar.a"]) == [94, 236, 85, 10])
        // 188 + (-4) * 8 = 156.
        #expect(bounds(elements["marker"]) == [156, 284, 12, 12])
    }

    @Test func filtersAndDefaultsShapeTheText() throws {
        let invited = try layout("Fixtures/results/invited-workplace.json")
        #expect(lines(invited["who"]).hasPrefix("@阿May · "), "\(lines(invited["who"]))")
        #expect(lines(invited["who"]) == lines(invited["who"]).lowercased().replacingOccurrences(of: "@阿may", with: "@阿May"))
        #expect(lines(invited["inviter"]) == "来自 老板 的邀请 · HEXA", "\(lines(invited["inviter"]))")
        let long = try layout("Fixtures/results/nickname-long.json")
        #expect(lines(long["who"]).hasPrefix("@宇宙第一摸鱼…… · "), "\(lines(long["who"]))")
        let anonymous = try layout("Fixtures/results/student-DOOM.json")
        #expect(lines(anonymous["who"]).hasPrefix("@匿名牛马 · "), "\(lines(anonymous["who"]))")
        #expect(anonymous["inviter"] == nil)
    }

    @Test func derivedColoursAreDrawn() throws {
        let folder = try scratch()
        let poster = folder.appendingPathComponent("p.png").path
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", Self.theme, "-o", poster, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: poster))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The same poster every time.
        let again = folder.appendingPathComponent("q.png").path
        _ = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", Self.theme, "-o", again, "-q"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == bytes)
    }

    @Test func mistakesInEachFeatureAreReportedWithTheirPlace() throws {
        let folder = try scratch()
        let theme = folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try """
            { elements: [
              { type: "text", text: "{alias|uper}" },
              { type: "shape", width: 10, height: 10, fill: "lighter(#000, 0.5)" },
              { type: "shape", width: "{percent.c} * 30", height: 10, fill: "#000" },
            ] }
            """.write(to: theme.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let run = try Binary.run(["themes", "validate", theme.path])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("theme.json5:2:") && run.stderr.contains("elements[0].text: unknown filter 'uper' in {alias|uper}; did you mean 'upper'?"), "\(run.stderr)")
        #expect(run.stderr.contains("theme.json5:3:") && run.stderr.contains("elements[1].fill: unknown colour function 'lighter'; did you mean 'lighten'?"), "\(run.stderr)")
        #expect(run.stderr.contains("theme.json5:4:") && run.stderr.contains(#"elements[2].width: "{percent.c} * 30" ranges over 0 … 3000"#), "\(run.stderr)")
    }
}
