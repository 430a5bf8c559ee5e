import Foundation
import PosterGraphics
import PosterKit
import Testing
import TestSupport
@testable import PosterCLI
@testable import PosterHashing

/// Where output cannot be written: a missing, read-only or full folder gives one
/// clear line, status 73 (74 for a stream), and never a partial or temporary file.
/// A batch killed at any moment leaves only whole posters under their final
/// names, and `--resume` finishes it.
@Suite("Hardening: output faults", .serialized)
struct OutputFaultTests {
    static let result = "Fixtures/results/workplace-PRED.json"

    @Test func renderIntoAMissingFolderExits73() throws {
        let output = try BoundedRun.run(["render", Self.result, "-o", "/nonexistent-nmti-dir/x.png"])
        #expect(output.status == 73)
        #expect(output.stderrLines.count == 1)
        #expect(output.stderr == "nmti-poster: error: /nonexistent-nmti-dir/x.png: the folder /nonexistent-nmti-dir does not exist\n")
    }

    @Test func renderIntoAFolderThatIsAFileExits73() throws {
        let output = try BoundedRun.run(["render", Self.result, "-o", "Fixtures/results/workplace-PRED.json/x.png"])
        #expect(output.status == 73)
        #expect(output.stderr.contains("Fixtures/results/workplace-PRED.json/x.png: "), "\(output.stderr)")
    }

    @Test func renderIntoAReadOnlyFolderExits73() throws {
        guard let mount = BoundedRun.mountTmpfs(sizeKiB: 1024, readOnly: true) else {
            // No privileges to mount: the same path through CapturedIO.
            var io = CapturedIO(readsDisk: true)
            io.unwritablePaths = ["ro/x.png"]
            let status = NMTIPoster.tool.run(["render", Fixtures.url(Self.result).path, "-o", "ro/x.png"], io: &io)
            #expect(status == .cantCreate)
            #expect(io.standardError == "nmti-poster: error: ro/x.png: permission denied\n")
            return
        }
        defer { BoundedRun.unmount(mount) }
        let target = mount.appendingPathComponent("x.png").path
        let output = try BoundedRun.run(["render", Self.result, "-o", target])
        #expect(output.status == 73)
        #expect(output.stderr == "nmti-poster: error: \(target): read-only file system\n")
        #expect(BoundedRun.contents(of: mount).isEmpty)
    }

    @Test func renderIntoAFullFolderExits73AndLeavesNothing() throws {
        // A poster is about 200 KB; a 64 KiB tmpfs is full long before that.
        guard let mount = BoundedRun.mountTmpfs(sizeKiB: 64) else {
            var io = CapturedIO(readsDisk: true)
            io.unwritablePaths = ["full/x.png"]
            let status = NMTIPoster.tool.run(["render", Fixtures.url(Self.result).path, "-o", "full/x.png"], io: &io)
            #expect(status == .cantCreate)
            return
        }
        defer { BoundedRun.unmount(mount) }
        let target = mount.appendingPathComponent("x.png").path
        let output = try BoundedRun.run(["render", Self.result, "-o", target])
        #expect(output.status == 73)
        #expect(output.stderr == "nmti-poster: error: \(target): no space left on device\n")
        #expect(BoundedRun.contents(of: mount).isEmpty, "left \(BoundedRun.contents(of: mount))")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func renderToAFullStandardOutputExits74() throws {
        let output = try Binary.run(["render", Self.result, "-o", "-"], stdoutPath: "/dev/full")
        #expect(output.status == 74)
        #expect(output.stderr == "nmti-poster: error: <stdout>: no space left on device\n")
    }

    @Test func batchIntoAReadOnlyOrFullFolderExits73() throws {
        for readOnly in [true, false] {
            guard let mount = BoundedRun.mountTmpfs(sizeKiB: readOnly ? 1024 : 300, readOnly: readOnly) else { return }
            defer { BoundedRun.unmount(mount) }
            let output = try BoundedRun.run(["batch", "--out", mount.appendingPathComponent("out").path, "--pack", "student", "-q"])
            #expect(output.status == 73, "\(output.stderr)")
            let lines = output.stderrLines
            #expect(lines.last?.hasPrefix("nmti-poster: error: ") == true, "\(output.stderr)")
            #expect(output.stderr.contains(readOnly ? "read-only file system" : "no space left on device"), "\(output.stderr)")
            // Whatever is there is whole: no temporary files, and every PNG is a complete poster.
            let files = BoundedRun.contents(of: mount)
            #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
            for file in files where file.hasSuffix(".png") {
                let data = try Data(contentsOf: mount.appendingPathComponent(file))
                #expect(data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(file) is truncated")
            }
        }
    }

    /// What a complete batch of one pack writes: file -> sha256.
    static func referenceBatch() throws -> [String: String] {
        let folder = try BoundedRun.scratchFolder("batch-ref")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BoundedRun.run(["batch", "--out", folder.path, "--pack", "student", "--jobs", "2", "-q"], timeout: 300)
        #expect(output.status == 0, "\(output.stderr)")
        return try manifestHashes(folder)
    }

    static func manifestHashes(_ folder: URL) throws -> [String: String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = object?["entries"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: entries.compactMap { entry in
            (entry["file"] as? String).flatMap { file in (entry["sha256"] as? String).map { (file, $0) } }
        })
    }

    @Test func aBatchKilledAtAnyMomentIsResumedToTheSameFiles() throws {
        let reference = try Self.referenceBatch()
        #expect(reference.count == 16)
        let folder = try BoundedRun.scratchFolder("batch-kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let binary = Binary.url else { throw Binary.BinaryNotFound() }
        var generator = SystemRandomNumberGenerator()
        // Kill at several random moments of one run after another, resuming each time.
        for round in 0..<4 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["batch", "--out", folder.path, "--pack", "student", "--jobs", "2", "-q"] + (round > 0 ? ["--resume"] : [])
            process.currentDirectoryURL = Fixtures.packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 100_000...1_500_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Whatever has a final name is a whole poster, byte for byte the reference.
            for file in BoundedRun.contents(of: folder) where file.hasSuffix(".png") && !file.contains("/.") {
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                #expect(Self.sha256(data) == reference[file], "round \(round): \(file) is damaged under its final name")
            }
        }
        // Damage what a resume must notice: a truncated poster, a missing one, a stray temporary file.
        let files = BoundedRun.contents(of: folder).filter { $0.hasSuffix(".png") && !$0.contains("/.") }
        if let first = files.first {
            let url = folder.appendingPathComponent(first)
            try Data(try Data(contentsOf: url).prefix(1000)).write(to: url)
        }
        if files.count > 1 { try FileManager.default.removeItem(at: folder.appendingPathComponent(files[1])) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("classic/student"), withIntermediateDirectories: true)
        // As a killed writer leaves it: its pid is gone and nobody holds its lock.
        let dead = try DeadProcess.pid()
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("classic/student/.DOOM.png.\(dead).00000000abcdef12.tmp"))

        let resumed = try BoundedRun.run(["batch", "--out", folder.path, "--pack", "student", "--jobs", "2", "--resume"], timeout: 300)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Self.manifestHashes(folder) == reference)
        let left = BoundedRun.contents(of: folder)
        #expect(!left.contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".manifest.journal") }, "\(left)")
        for (file, hash) in reference {
            #expect(Self.sha256(try Data(contentsOf: folder.appendingPathComponent(file))) == hash, "\(file)")
        }
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hex([UInt8](data))
    }
}
