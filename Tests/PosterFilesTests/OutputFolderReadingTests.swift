import Foundation
import Testing
@testable import PosterFiles

/// `OutputFolder.regularFile` gives the bytes only of a lone regular file inside the
/// root: never through a symlink, a hard link or a FIFO (which it must not block on).
@Suite("Output folder: reading what a resume trusts")
struct OutputFolderReadingTests {
    @Test func onlyALoneRegularFileInsideTheRootIsRead() throws {
        let root = try OutputFolderTests().scratch("read")
        let outside = try OutputFolderTests().scratch("read-outside")
        defer { for url in [root, outside] { try? FileManager.default.removeItem(at: url) } }
        let manager = FileManager.default
        let folder = OutputFolder(root: root)
        try folder.write(Data("poster".utf8), to: "a/p.png")
        try Data("poster".utf8).write(to: outside.appendingPathComponent("copy.png"))
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("link.png").path,
                                       withDestinationPath: outside.appendingPathComponent("copy.png").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("b").path, withDestinationPath: outside.path)
        try Data("twin".utf8).write(to: root.appendingPathComponent("twin.png"))
        #expect(link(root.appendingPathComponent("twin.png").path, outside.appendingPathComponent("twin.png").path) == 0)
        #expect(mkfifo(root.appendingPathComponent("fifo.png").path, 0o600) == 0)
        try manager.createDirectory(at: root.appendingPathComponent("dir.png"), withIntermediateDirectories: true)

        #expect(folder.regularFile("a/p.png", limit: 100) == .success(Data("poster".utf8)))
        #expect(folder.regularFile("a/p.png", limit: 3) == .failure(.tooLarge))
        #expect(folder.regularFile("link.png", limit: 100) == .failure(.notRegular))
        #expect(folder.regularFile("b/copy.png", limit: 100) == .failure(.notRegular))
        #expect(folder.regularFile("twin.png", limit: 100) == .failure(.hardLinked))
        #expect(folder.regularFile("fifo.png", limit: 100) == .failure(.notRegular))
        #expect(folder.regularFile("dir.png", limit: 100) == .failure(.notRegular))
        #expect(folder.regularFile("gone.png", limit: 100) == .failure(.missing))
        #expect(folder.regularFile("gone/p.png", limit: 100) == .failure(.missing))
        #expect(folder.regularFile("../x", limit: 100) == .failure(.notRegular))
    }
}
