import Foundation
import Testing
@testable import PosterGolden
@testable import PosterKit

/// `GoldenSuite.obsolete` deletes only regular files in the goldens folder; report links
/// are relative, percent-encoded paths.
@Suite("Golden output paths")
struct GoldenOutputPathTests {
    func scratch(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-output-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func obsoleteGoldensAreRemovedOnlyInsideTheGoldensFolder() throws {
        let goldens = try scratch("goldens")
        let outside = try scratch("goldens-outside")
        let artifacts = try scratch("goldens-artifacts")
        defer { for url in [goldens, outside, artifacts] { try? FileManager.default.removeItem(at: url) } }
        let manager = FileManager.default
        for name in ["a.png", "a.tolerance.json", "deep/b.png"] {
            let url = outside.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: url)
        }
        try manager.createDirectory(at: goldens.appendingPathComponent("classic"), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: goldens.appendingPathComponent("classic/stale.png"))
        try manager.createSymbolicLink(atPath: goldens.appendingPathComponent("classic/link.png").path,
                                       withDestinationPath: outside.appendingPathComponent("a.png").path)
        try manager.createSymbolicLink(atPath: goldens.appendingPathComponent("classic/deep").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: goldens.appendingPathComponent("elsewhere").path, withDestinationPath: outside.path)
        let suite = try GoldenSuite(.init(goldens: goldens, artifacts: artifacts, mode: .all, acceptCommand: { _, _, _, _ in "accept" }))
        let outcomes = suite.obsolete(themes: ["classic"], cases: [], unknownThemes: true)
        #expect(outcomes.map(\.id) == ["classic/stale.png"])
        #expect(outcomes.first?.action == .removed)
        #expect(!manager.fileExists(atPath: goldens.appendingPathComponent("classic/stale.png").path))
        for name in ["a.png", "a.tolerance.json", "deep/b.png"] {
            #expect(try String(contentsOf: outside.appendingPathComponent(name), encoding: .utf8) == "keep", "\(name)")
        }
    }

    @Test func reportLinksAreRelativeEncodedPaths() {
        #expect(GoldenReport.relativeURL("classic/workplace-PRED.diff.png") == "classic/workplace-PRED.diff.png")
        #expect(GoldenReport.relativeURL("javascript:alert(1)/x.png") == "javascript%3Aalert%281%29/x.png")
        #expect(GoldenReport.relativeURL("a b/\"<x>'&.png") == "a%20b/%22%3Cx%3E%27%26.png")
        #expect(GoldenReport.relativeURL("名/x.png") == "%E5%90%8D/x.png")
        for unsafe in ["/etc/passwd", "../x.png", "a/../../x.png", "", "a//b.png"] {
            #expect(GoldenReport.relativeURL(unsafe) == nil, "\(unsafe)")
        }
        #expect(GoldenReport.attribute("../x.png") == "#")
        #expect(!GoldenReport.figure("javascript:alert(1)", caption: "x").contains("href=\"javascript:"))
    }
}
