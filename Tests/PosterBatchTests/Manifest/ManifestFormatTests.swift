import Foundation
import Testing
import TestSupport
@testable import PosterBatch
@testable import PosterKit

/// Formats in plans and manifests: paths, the recorded format, older manifests, merges.
@Suite struct ManifestFormatTests {
    static let store = ThemeStore(directory: packageRoot.appendingPathComponent("Fixtures/format-themes"))

    static func entry(format: String?, file: String, sha256: String = String(repeating: "a", count: 64)) -> Manifest.Entry {
        Manifest.Entry(theme: "duo", format: format, pack: "workplace", code: "PRED", file: file, bytes: 1, sha256: sha256, milliseconds: 1)
    }

    @Test func aPlanOfEveryFormatKeepsThePostersPathsAndFilesTheOthersByFormat() throws {
        let theme = try Self.store.theme("duo")
        let plan = BatchPlan(themes: theme.everyFormat, packs: [.workplace])
        #expect(plan.jobs.count == 4 * 16)
        let files = plan.jobs.filter { $0.code.rawValue == "PRED" }.map(\.file)
        #expect(files == ["duo/workplace/PRED.png", "duo/xhs/workplace/PRED.png", "duo/square/workplace/PRED.png",
                          "duo/story/workplace/PRED.png"])
        #expect(Set(plan.jobs.map(\.file)).count == plan.jobs.count)
    }

    @Test func anEntryWithoutAFormatIsAPosterAndAFormatsPathMustMatchIt() throws {
        let old = try JSONDecoder().decode(Manifest.Entry.self, from: Data("""
            {"theme":"duo","pack":"workplace","code":"PRED","file":"duo/workplace/PRED.png","bytes":1,"sha256":"\(String(repeating: "a", count: 64))","milliseconds":1}
            """.utf8))
        #expect(old.format == nil && old.formatName == "poster")
        #expect(Manifest.problem(with: old) == nil)
        #expect(Manifest.problem(with: Self.entry(format: "xhs", file: "duo/xhs/workplace/PRED.png")) == nil)
        #expect(Manifest.problem(with: Self.entry(format: "xhs", file: "duo/workplace/PRED.png"))?.field == "file")
        #expect(Manifest.problem(with: Self.entry(format: "../x", file: "duo/../x/workplace/PRED.png"))?.field == "format")
        // A bulk render's poster of another format sits in <format>/.
        var bulk = Self.entry(format: "square", file: "square/a1.png")
        bulk.result = String(repeating: "b", count: 64)
        #expect(Manifest.problem(with: bulk) == nil)
        bulk.file = "a1.png"
        #expect(Manifest.problem(with: bulk)?.field == "file")
    }

    @Test func oneResultInTwoFormatsMergesAsTwoEntriesPosterFirst() throws {
        let xhs = Manifest(entries: [Self.entry(format: "xhs", file: "duo/xhs/workplace/PRED.png")])
        let poster = Manifest(entries: [Self.entry(format: nil, file: "duo/workplace/PRED.png")])
        let merged = try Manifest.merge([("x", xhs), ("p", poster)])
        #expect(merged.entries.map(\.formatName) == ["poster", "xhs"])
        // The same poster recorded by an older and a newer manifest is still a duplicate.
        let newer = Manifest(entries: [Self.entry(format: "poster", file: "duo/workplace/PRED.png")])
        #expect(throws: ManifestError.self) { try Manifest.merge([("p", poster), ("n", newer)]) }
    }
}
