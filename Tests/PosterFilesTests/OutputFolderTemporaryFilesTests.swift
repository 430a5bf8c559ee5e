import Foundation
import Testing
import TestSupport
@testable import PosterFiles

/// `OutputFolder.removeAbandonedTemporaryFiles` removes a temporary file only when its
/// writer is dead and nobody holds its lock; the writer holds that lock until its rename.
@Suite("Output folder: abandoned temporary files")
struct OutputFolderTemporaryFilesTests {
    @Test func onlyTheUnlockedFilesOfDeadWritersForTheGivenNamesAreRemoved() throws {
        let root = try OutputFolderTests().scratch("sweep")
        let outside = try OutputFolderTests().scratch("sweep-outside")
        defer { for url in [root, outside] { try? FileManager.default.removeItem(at: url) } }
        let dead = try DeadProcess.pid()
        let names = [
            "abandoned": ".p.png.\(dead).0123456789abcdef.tmp",
            "locked": ".q.png.\(dead).0123456789abcdef.tmp",
            "mine": ".r.png.\(getpid()).0123456789abcdef.tmp",
            "otherName": ".notes.txt.\(dead).0123456789abcdef.tmp",
            "oldWriter": ".p.png.\(dead).tmp",
        ]
        for name in names.values { try Data("x".utf8).write(to: root.appendingPathComponent(name)) }
        // A symlink under a temporary name: not a regular file, and its target is outside.
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep"))
        let linkName = ".s.png.\(dead).0123456789abcdef.tmp"
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(linkName).path,
                                                   withDestinationPath: outside.appendingPathComponent("keep").path)
        let descriptor = open(root.appendingPathComponent(names["locked"]!).path, O_RDWR | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)

        let removed = OutputFolder(root: root).removeAbandonedTemporaryFiles { $0.hasSuffix(".png") }
        #expect(removed == 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: root.path))
        #expect(left == Set(names.values).subtracting([names["abandoned"]!]).union([linkName]))
        #expect(try String(contentsOf: outside.appendingPathComponent("keep"), encoding: .utf8) == "keep")
    }

    @Test func aWriterLeavesNoTemporaryFileAndNoLockBehind() throws {
        let root = try OutputFolderTests().scratch("sweep-writer")
        defer { try? FileManager.default.removeItem(at: root) }
        try OutputFolder(root: root).write(Data("one".utf8), to: "a.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["a.png"])
        let descriptor = open(root.appendingPathComponent("a.png").path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0, "the writer's lock outlived its write")
    }
}
