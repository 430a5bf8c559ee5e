import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--resume` keeps a recorded poster only when it is a regular file with a single link
/// inside `--out` whose bytes match the record; a symlink to a matching file outside,
/// a hard link and changed bytes are rendered again, a symlink is replaced (never
/// written through), and one line on standard error says how many and why. Through
/// the binary, for `batch` and for `render --out`.
@Suite("Hardening: what a resume trusts", .serialized)
struct ResumeIntegrityTests {
    /// lstat(2): the kind, inode, link count and modification time of the node itself.
    static func node(_ url: URL) -> (kind: mode_t, inode: UInt, links: UInt, modified: Int)? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, UInt(info.st_ino), UInt(info.st_nlink), info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }

    /// Every manifest entry names a regular file (not followed) inside `out` with its recorded sha256.
    static func expectManifestMatchesRegularFiles(_ out: URL, count: Int) throws {
        let hashes = try OutputFaultTests.manifestHashes(out)
        #expect(hashes.count == count)
        for (file, hash) in hashes {
            let url = out.appendingPathComponent(file)
            #expect(node(url)?.kind == S_IFREG && node(url)?.links == 1, "\(file) is not a lone regular file")
            #expect(OutputFaultTests.sha256(try Data(contentsOf: url)) == hash, "\(file)")
        }
    }

    @Test func aBatchResumeRendersAgainASymlinkAHardLinkAndChangedBytesAndSaysSo() throws {
        let scratch = try BoundedRun.scratchFolder("resume-trust")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let outside = scratch.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let batch = ["batch", "--theme", "paper", "--pack", "student", "--shard", "1/4", "--out", out.path]
        let first = try ChildProcess.run(batch + ["-q"])
        try #require(first.status == 0, "\(first.stderr)")
        let files = try OutputFaultTests.manifestHashes(out).keys.sorted()
        try #require(files.count == 4)
        let linked = out.appendingPathComponent(files[0])
        let hardLinked = out.appendingPathComponent(files[1])
        let changed = out.appendingPathComponent(files[2])

        // A symlink to a copy outside --out with exactly the recorded bytes.
        let copy = outside.appendingPathComponent("copy.png")
        try FileManager.default.copyItem(at: linked, to: copy)
        try FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: copy)
        let copyBefore = try #require(Self.node(copy))
        // A second name for a poster, outside --out.
        let partner = outside.appendingPathComponent("partner.png")
        try #require(link(hardLinked.path, partner.path) == 0)
        // The same size, one byte different.
        var bytes = try Data(contentsOf: changed)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: changed)

        let resumed = try ChildProcess.run(batch + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderrLines == ["resume: kept 1, re-rendered 3 stale (1 changed bytes, 1 hard-linked, 1 not a regular file)"],
                "\(resumed.stderr)")
        try Self.expectManifestMatchesRegularFiles(out, count: 4)
        // The link itself was replaced; nothing was written through it or through the hard link.
        let copyAfter = try #require(Self.node(copy))
        #expect(copyAfter.kind == S_IFREG && copyAfter.inode == copyBefore.inode && copyAfter.modified == copyBefore.modified)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: linked))
        #expect(Self.node(partner)?.links == 1)
        #expect(try Data(contentsOf: partner) == Data(contentsOf: hardLinked))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == ["copy.png", "partner.png"])

        // Nothing left to re-render: said once more, and silenced by --quiet.
        let again = try ChildProcess.run(batch + ["--resume"])
        #expect(again.stderrLines == ["resume: kept 4, re-rendered 0 stale"], "\(again.stderr)")
        let quiet = try ChildProcess.run(batch + ["--resume", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aBulkResumeReportsStalePostersEvenWhenQuiet() throws {
        let (scratch, results) = try BulkRenderBinaryTests.jsonl((1...3).map { BulkRenderBinaryTests.line($0, $0, id: "\"p\($0)\"") })
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let render = ["render", "--results", results.path, "--out", out.path, "-q"]
        try #require(try BoundedRun.run(render, timeout: 120).status == 0)
        // p1.png becomes a symlink to an identical copy outside --out; p2.png loses its end.
        let copy = scratch.appendingPathComponent("copy.png")
        try FileManager.default.moveItem(at: out.appendingPathComponent("p1.png"), to: copy)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("p1.png"), withDestinationURL: copy)
        let truncated = out.appendingPathComponent("p2.png")
        try Data(try Data(contentsOf: truncated).prefix(100)).write(to: truncated)
        let copyBefore = try #require(Self.node(copy))

        let resumed = try BoundedRun.run(render + ["--resume"], timeout: 120)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderrLines == ["resume: kept 1, re-rendered 2 stale (1 changed bytes, 1 not a regular file)"], "\(resumed.stderr)")
        try Self.expectManifestMatchesRegularFiles(out, count: 3)
        let copyAfter = try #require(Self.node(copy))
        #expect(copyAfter.inode == copyBefore.inode && copyAfter.modified == copyBefore.modified)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: out.appendingPathComponent("p1.png")))

        let again = try BoundedRun.run(render + ["--resume"], timeout: 120)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }
}
