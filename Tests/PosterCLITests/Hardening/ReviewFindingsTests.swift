import Foundation
import Testing

/// What an attacker's review of the hardening round found, each through the real binary:
/// an output name near `NAME_MAX` must still be writable (its temporary name is cut to
/// fit), and `batch --resume` must not copy another poster's theme, pack or code from a
/// tampered manifest into the new one.
@Suite("Hardening: review findings", .serialized)
struct ReviewFindingsTests {
    static let result = "Fixtures/results/workplace-PRED.json"

    /// 250 bytes of name (with `.png`; NAME_MAX is 255) used to fail with "file name too
    /// long", 73, because the temporary name adds about 30 bytes; multi-byte characters
    /// check that the cut lands on a character boundary.
    @Test func anOutputNameNearNAMEMAXIsWritten() throws {
        let folder = try BoundedRun.scratchFolder("long-name")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in [String(repeating: "a", count: 246) + ".png", String(repeating: "é", count: 123) + ".png"] {
            #expect(name.utf8.count >= 250 && name.utf8.count <= 255)
            let path = folder.appendingPathComponent(name).path
            let output = try BoundedRun.run(["render", Self.result, "-o", path], timeout: 60)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(BoundedRun.contents(of: folder) == [name], "a temporary file was left, or the poster is missing")
            try? FileManager.default.removeItem(atPath: path)
        }
        // One byte beyond NAME_MAX is the system's refusal, one line with 73, and nothing is left.
        let tooLong = String(repeating: "b", count: 252) + ".png"
        let refused = try BoundedRun.run(["render", Self.result, "-o", folder.appendingPathComponent(tooLong).path], timeout: 60)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("file name too long"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(BoundedRun.contents(of: folder).isEmpty)
    }

    /// A journal entry for `paper/student/<CODE>.png` whose file, size, sha256 and
    /// provenance are right but whose theme, pack and code name something else (here a
    /// path and a terminal escape) used to be kept as is by `--resume`, exit 0, so the new
    /// manifest described the poster wrongly. Such an entry is not this poster's record:
    /// the poster is rendered again and the manifest says what it is.
    @Test func resumeDoesNotKeepAnEntryThatNamesAnotherPoster() throws {
        let out = try BoundedRun.scratchFolder("resume-record")
        defer { try? FileManager.default.removeItem(at: out) }
        let batch = ["batch", "--theme", "paper", "--pack", "student", "--shard", "1/8", "--out", out.path]
        let first = try ChildProcess.run(batch)
        #expect(first.status == 0, "\(first.stderr)")
        let manifestURL = out.appendingPathComponent("manifest.json")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var entries = try #require(manifest["entries"] as? [[String: Any]])
        try #require(entries.count == 2)
        let genuine = entries[1]
        entries[0]["theme"] = "../../evil\u{1B}[31m"
        entries[0]["pack"] = "workplace"
        entries[0]["code"] = "ZZZZ"
        // As the journal of a killed run (journal lines are read one by one, not as a manifest).
        let lines = try entries.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: out.appendingPathComponent(".manifest.journal"))
        try FileManager.default.removeItem(at: manifestURL)

        let resumed = try ChildProcess.run(batch + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("(1 kept from the interrupted run)"), "\(resumed.stdout)")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let written = try #require(after["entries"] as? [[String: Any]])
        #expect(written.count == 2)
        for entry in written {
            let file = try #require(entry["file"] as? String)
            #expect(entry["theme"] as? String == "paper")
            #expect(entry["pack"] as? String == "student")
            #expect(file == "paper/student/\(entry["code"] as? String ?? "?").png")
        }
        #expect(written.contains { $0["file"] as? String == genuine["file"] as? String && $0["sha256"] as? String == genuine["sha256"] as? String })
    }
}

/// `manifest merge` used to copy any entry into the merged manifest, exit 0: a file
/// `../../x` with a newline, a negative size, a sha256 `zz`, a theme holding a terminal
/// escape. Each is now refused, 65, one line naming the file and the entry's field.
@Suite("Hardening: review findings, manifest entries")
struct ManifestEntryCheckTests {
    @Test(arguments: [
        ("theme", "a\u{1B}[2J"), ("file", "../../x\n"), ("bytes", "-5"), ("sha256", "zz"), ("code", "../x"),
    ])
    func mergeRefusesAnEntryNoBatchWrites(field: String, value: String) throws {
        let folder = try BoundedRun.scratchFolder("manifest-entry")
        defer { try? FileManager.default.removeItem(at: folder) }
        var entry: [String: Any] = ["theme": "paper", "pack": "student", "code": "PRED", "file": "paper/student/PRED.png",
                                    "bytes": 10, "sha256": String(repeating: "a", count: 64), "milliseconds": 1.5]
        entry[field] = field == "bytes" ? Int(value)! as Any : value
        let url = folder.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: ["version": 1, "entries": [entry]]).write(to: url)
        let output = try BoundedRun.run(["manifest", "merge", url.path], timeout: 60)
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("manifest.json: entries[0].\(field):"), "\(output.stderr)")

        // The same entry made right merges.
        entry = entry.merging(["theme": "paper", "file": "paper/student/PRED.png", "bytes": 10,
                               "sha256": String(repeating: "a", count: 64), "code": "PRED"]) { $1 }
        try JSONSerialization.data(withJSONObject: ["version": 1, "entries": [entry]]).write(to: url)
        #expect(try BoundedRun.run(["manifest", "merge", url.path], timeout: 60).status == 0)
    }
}
