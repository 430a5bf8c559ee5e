import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A batch or `render --out` removes only the temporary files of dead writers: never
/// those of a live `render -o` into the same folder, nor one a live process holds
/// locked whatever pid its name carries; a second run into a locked folder stops with
/// 75 and touches nothing. The live writer is a real `nmti-poster` parked before its
/// rename by `RenameHold` (see `InterruptTests`).
@Suite("Hardening: temporary files of live processes", .serialized)
struct TemporaryFileSweepTests {
    /// The hidden temporary files directly in `folder`.
    static func temporaryFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }.sorted()
    }

    /// Whether this process can take `flock(LOCK_EX)` on the file (it then lets go).
    static func canLock(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Starts `render -o <folder>/<name>` parked before its rename; returns it with its temporary file's name.
    static func parkedRender(into folder: URL, as name: String) throws -> (InterruptTests.Started, String) {
        let started = try InterruptTests.start(["render", "Fixtures/results/workplace-PRED.json", "-o", folder.appendingPathComponent(name).path])
        #expect(InterruptTests.waitForTemporaryFile(in: folder, while: started.process))
        let temporary = try #require(temporaryFiles(in: folder).first { $0.hasPrefix(".\(name).\(started.process.processIdentifier).") })
        return (started, temporary)
    }

    /// Ends the parked render: it removes its own temporary file and exits 143.
    static func stop(_ started: InterruptTests.Started, folder: URL) throws {
        let (status, _, stderr) = try started.interrupt(SIGTERM)
        #expect(status == 143 && stderr.hasSuffix("removed 1 temporary file\n"), "\(status) \(stderr)")
        #expect(temporaryFiles(in: folder).isEmpty, "\(temporaryFiles(in: folder))")
    }

    @Test func aBulkRenderLeavesALiveRendersTemporaryFileAlone() throws {
        let (scratch, results) = try BulkRenderBinaryTests.jsonl([BulkRenderBinaryTests.line(1, 2, id: "\"t1\"")])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let (started, temporary) = try Self.parkedRender(into: out, as: "x.png")
        // The writer holds its lock until the rename.
        #expect(!Self.canLock(out.appendingPathComponent(temporary)))
        let bulk = try BoundedRun.run(["render", "--results", results.path, "--out", out.path, "-q"], timeout: 120)
        #expect(bulk.status == 0, "\(bulk.stderr)")
        #expect(Self.temporaryFiles(in: out) == [temporary], "a live render's temporary file was removed")
        try Self.stop(started, folder: out)
    }

    @Test func aBatchLeavesALiveRendersTemporaryFileAlone() throws {
        let out = try BoundedRun.scratchFolder("sweep-batch")
        defer { try? FileManager.default.removeItem(at: out) }
        let posters = out.appendingPathComponent("paper/student")
        try FileManager.default.createDirectory(at: posters, withIntermediateDirectories: true)
        // A render -o onto one of the batch's own poster names.
        let (started, temporary) = try Self.parkedRender(into: posters, as: "PRED.png")
        let batch = try ChildProcess.run(["batch", "--theme", "paper", "--pack", "student", "--out", out.path, "-q"])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(Self.temporaryFiles(in: posters) == [temporary], "a live render's temporary file was removed")
        try Self.stop(started, folder: posters)
    }

    @Test func aLockedTemporaryFileIsKeptWhateverPidItsNameCarries() throws {
        let (scratch, results) = try BulkRenderBinaryTests.jsonl([BulkRenderBinaryTests.line(2, 1, id: "\"t2\"")])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let pid = try DeadProcess.pid()
        // As a writer in another pid namespace: its pid means nothing here, but it holds the lock.
        let locked = out.appendingPathComponent(".x.png.\(pid).0123456789abcdef.tmp")
        let abandoned = out.appendingPathComponent(".y.png.\(pid).fedcba9876543210.tmp")
        // An older writer's name and a stranger's file: not ours to remove.
        let foreign = [".z.png.\(pid).tmp", ".notes.txt.\(pid).0123456789abcdef.tmp"]
        for url in [locked, abandoned] + foreign.map(out.appendingPathComponent) { try Data("x".utf8).write(to: url) }
        let descriptor = open(locked.path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let bulk = try BoundedRun.run(["render", "--results", results.path, "--out", out.path, "-q"], timeout: 120)
        #expect(bulk.status == 0, "\(bulk.stderr)")
        #expect(Self.temporaryFiles(in: out) == ([locked.lastPathComponent] + foreign).sorted())
    }

    @Test func aSecondBulkRunIntoABusyFolderExits75AndTouchesNothing() throws {
        let (scratch, results) = try BulkRenderBinaryTests.jsonl([BulkRenderBinaryTests.line(1, 1, id: "\"b1\"")])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let render = ["render", "--results", results.path, "--out", out.path, "-q"]
        // The first run holds the lock, parked before renaming its poster.
        let first = try InterruptTests.start(render)
        #expect(InterruptTests.waitForTemporaryFile(in: out, while: first.process))
        let before = Self.temporaryFiles(in: out)
        let second = try BoundedRun.run(render + ["--resume"], timeout: 120)
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr == "nmti-poster: error: \(out.path): another batch or render --out is writing into this folder (it holds .batch.lock); wait for it to finish, or use another --out\n")
        #expect(Self.temporaryFiles(in: out) == before)
        let (status, _, stderr) = try first.interrupt(SIGTERM)
        #expect(status == 143, "\(stderr)")
        #expect(!BoundedRun.contents(of: out).contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".png") })
    }
}
