import Foundation
import Testing

/// `render --out` records each poster's fit notes in its manifest and counts them under
/// its summary, run as the real binary.
@Suite struct BulkRenderNotesTests {
    @Test func fitNotesGoIntoTheManifestAndTheSummary() throws {
        let scratch = try BoundedRun.scratchFolder("bulk-notes")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let run = try BoundedRun.run(["render", "Fixtures/results/nickname-long.json", "Fixtures/results/workplace-PRED.json",
                                      "--out", out.path, "--jobs", "2"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("fit notes for 1 of 2 posters; each poster's are under \"notes\" in \(out.path)/manifest.json"),
                "\(String(decoding: run.stdout, as: UTF8.self))")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let entries = try #require(manifest?["entries"] as? [[String: Any]])
        let long = try #require(entries.first { ($0["source"] as? String)?.hasSuffix("nickname-long.json") == true })
        let notes = try #require(long["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("elements[9]: ellipsised (kept ") }, "\(notes)")
        // A poster that fitted as designed has no "notes" key: older readers see what they always saw.
        let plain = try #require(entries.first { ($0["source"] as? String)?.hasSuffix("workplace-PRED.json") == true })
        #expect(plain["notes"] == nil)
        let quiet = try BoundedRun.run(["render", "Fixtures/results/nickname-long.json", "--out", scratch.appendingPathComponent("q").path, "-q"],
                                       timeout: 120)
        #expect(quiet.status == 0 && !String(decoding: quiet.stdout, as: UTF8.self).contains("fit notes"), "\(String(decoding: quiet.stdout, as: UTF8.self))")
    }
}
