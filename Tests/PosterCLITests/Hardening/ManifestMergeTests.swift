import Foundation
import Testing

/// `manifest merge` refuses incomplete and duplicate shard sets unless told
/// otherwise, and reports every problem as `<file>: <JSON path>: <reason>` on one
/// line: 65 for an invalid manifest or set, 66 for one that cannot be read.
@Suite("Hardening: manifest merge")
struct ManifestMergeTests {
    static func entry(_ code: String, _ sha: String = String(repeating: "a", count: 64)) -> String {
        #"{"theme": "classic", "pack": "student", "code": "\#(code)", "file": "classic/student/\#(code).png", "bytes": 1, "sha256": "\#(sha)", "milliseconds": 1}"#
    }

    static func manifest(_ shard: String?, _ entries: [String]) -> String {
        #"{"version": 1, \#(shard.map { #""shard": "\#($0)", "# } ?? "")"entries": [\#(entries.joined(separator: ", "))]}"#
    }

    /// Writes the named manifests into a scratch folder and runs merge on them (by relative name).
    static func merge(_ files: [(String, String)], options: [String] = []) throws -> (ChildProcess.Output, URL) {
        let folder = try BoundedRun.scratchFolder("merge")
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let output = try ChildProcess.run(["manifest", "merge"] + files.map { folder.appendingPathComponent($0.0).path } + options)
        return (output, folder)
    }

    @Test func aCompleteDisjointSetMerges() throws {
        let (output, folder) = try Self.merge([("1.json", Self.manifest("1/2", [Self.entry("PRED")])),
                                               ("2.json", Self.manifest("2/2", [Self.entry("DOOM")]))])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.components(separatedBy: "\"sha256\"").count - 1 == 2)
    }

    /// file name, contents of the second manifest (the first is shard 1/3 with PRED), options, status, reason.
    static let cases: [(String, String, [String], Int32, String)] = [
        ("missing shard", manifest("3/3", [entry("DOOM")]), [], 65,
         "1.json: shard: 1 of 3 shards are missing: 2/3 (merge them too, or pass --allow-partial)"),
        ("duplicate shard", manifest("1/3", [entry("DOOM")]), ["--allow-partial"], 65,
         "2.json: shard: shard 1/3 is also given as "),
        ("other batch", manifest("2/4", [entry("DOOM")]), ["--allow-partial"], 65,
         "2.json: shard: shard 2/4 is not from the same batch as shard 1/3 in "),
        ("duplicate entry", manifest("2/3", [entry("PRED")]), ["--allow-partial"], 65,
         "2.json: entries[0]: classic/student/PRED.png is also listed in "),
        ("conflicting entry", manifest("2/3", [entry("PRED", String(repeating: "b", count: 64))]), ["--allow-partial", "--allow-duplicates"], 65,
         "2.json: entries[0]: classic/student/PRED.png differs from the one in "),
        ("wrong type", #"{"version": 1, "entries": [{"theme": "classic", "pack": "student", "code": "DOOM", "file": "x.png", "bytes": 1, "sha256": 7, "milliseconds": 1}]}"#,
         [], 65, "2.json: entries[0].sha256: expected a string"),
        ("missing key", #"{"version": 1}"#, [], 65, "2.json: entries: missing"),
        ("bad shard", manifest("5/3", []), [], 65, "2.json: shard: '5/3' is not K/N with 1 <= K <= N"),
        ("not JSON", "{", [], 65, "2.json: $: not valid JSON"),
        ("version", #"{"version": 2, "entries": []}"#, [], 65, "2.json: version: manifest version 2 is not supported (expected 1)"),
    ]

    @Test(arguments: cases.indices)
    func aBadSetOrManifestIsOneLineNamingFileAndPath(index: Int) throws {
        let (label, second, options, status, reason) = Self.cases[index]
        let (output, folder) = try Self.merge([("1.json", Self.manifest("1/3", [Self.entry("PRED")])), ("2.json", second)],
                                              options: options)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output.status == status, "\(label): \(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(label): \(output.stderr)")
        #expect(output.stderr.hasPrefix("nmti-poster: error: \(folder.path)/\(reason)"), "\(label): \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func shardsMadeWithAnotherThemeVersionAreRefused() throws {
        func provenanced(_ code: String, theme: String) -> String {
            Self.entry(code).replacingOccurrences(of: #""milliseconds": 1}"#, with: #""milliseconds": 1, "provenance": {"engine": "e", "compression": "balanced", "theme": "\#(theme)"}}"#)
        }
        let (output, folder) = try Self.merge([("1.json", Self.manifest("1/2", [provenanced("PRED", theme: "v1")])),
                                               ("2.json", Self.manifest("2/2", [provenanced("DOOM", theme: "v2")]))])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr == "nmti-poster: error: \(folder.path)/2.json: entries[0].provenance: classic/student/DOOM.png was made with another theme than classic/student/PRED.png in \(folder.path)/1.json; render the stale shard again\n")
        let (same, again) = try Self.merge([("1.json", Self.manifest("1/2", [provenanced("PRED", theme: "v1")])),
                                            ("2.json", Self.manifest("2/2", [provenanced("DOOM", theme: "v1")]))])
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(same.status == 0, "\(same.stderr)")
    }

    @Test func allowPartialAndAllowDuplicatesMergeWhatTheySay() throws {
        let (partial, one) = try Self.merge([("1.json", Self.manifest("1/3", [Self.entry("PRED")]))], options: ["--allow-partial"])
        defer { try? FileManager.default.removeItem(at: one) }
        #expect(partial.status == 0, "\(partial.stderr)")
        let (twice, two) = try Self.merge([("1.json", Self.manifest("1/1", [Self.entry("PRED")])),
                                           ("2.json", Self.manifest("1/1", [Self.entry("PRED")]))], options: ["--allow-duplicates"])
        defer { try? FileManager.default.removeItem(at: two) }
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stdout.components(separatedBy: "\"sha256\"").count - 1 == 1)
    }

    @Test func aMissingManifestExits66() throws {
        let output = try ChildProcess.run(["manifest", "merge", "/nonexistent-nmti/manifest.json"])
        #expect(output.status == 66)
        #expect(output.stderr == "nmti-poster: error: /nonexistent-nmti/manifest.json: no such file\n")
    }
}
