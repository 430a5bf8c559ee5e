import Foundation
import Testing
@testable import PosterFiles

/// `OutputFolder` writes, lists and removes only inside its root, never through a symlink.
@Suite("Output folder")
struct OutputFolderTests {
    func scratch(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-output-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: ["", "/etc/x", "../x", "a/../../x", "a//b", "./a", "a/.", "a/"])
    func unsafeRelativePathsAreRefused(path: String) throws {
        let root = try scratch("refuse")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: WriteFailure.self) { try OutputFolder(root: root).write(Data("x".utf8), to: path) }
        #expect(throws: WriteFailure.self) { try OutputFolder(root: root).removeFile(path) }
        #expect((try FileManager.default.contentsOfDirectory(atPath: root.path)).isEmpty)
    }

    @Test func writesCreateFoldersAndReplaceOnlyRegularFiles() throws {
        let root = try scratch("write")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = OutputFolder(root: root.appendingPathComponent("new"))
        try folder.write(Data("one".utf8), to: "a/b/c.png")
        try folder.write(Data("two".utf8), to: "a/b/c.png")
        #expect(try String(contentsOf: root.appendingPathComponent("new/a/b/c.png"), encoding: .utf8) == "two")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("new/a/dir.png"), withIntermediateDirectories: true)
        #expect(throws: WriteFailure.self) { try folder.write(Data(), to: "a/dir.png") }
        #expect(folder.files() == ["a/b/c.png"])
        #expect(TemporaryFiles.registered.isEmpty)
    }

    @Test func symlinksInsideTheRootAreNeverFollowed() throws {
        let root = try scratch("links")
        let outside = try scratch("links-outside")
        defer { for url in [root, outside] { try? FileManager.default.removeItem(at: url) } }
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.png"))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("out").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("file.png").path,
                                       withDestinationPath: outside.appendingPathComponent("keep.png").path)
        let folder = OutputFolder(root: root)
        #expect(throws: WriteFailure.self) { try folder.write(Data("x".utf8), to: "out/keep.png") }
        #expect(throws: WriteFailure.self) { try folder.write(Data("x".utf8), to: "out/new.png") }
        #expect(throws: WriteFailure.self) { try folder.write(Data("x".utf8), to: "file.png") }
        #expect(throws: WriteFailure.self) { try folder.removeFile("file.png") }
        #expect(throws: WriteFailure.self) { try folder.removeFile("out/keep.png") }
        #expect(folder.files().isEmpty && folder.folders().isEmpty)
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.png"), encoding: .utf8) == "keep")
        #expect(try manager.contentsOfDirectory(atPath: outside.path) == ["keep.png"])
    }
}
