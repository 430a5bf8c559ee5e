import Foundation
import Synchronization
import Testing

/// What `-o` does with the node at its path, through the real binary: FIFOs and character
/// devices are streamed into and stay what they are, symlinks and folders are refused with
/// 73 and left alone, a planted symlink at a temporary name redirects nothing, and names
/// that promise another format or nothing are usage errors.
@Suite("Hardening: output targets")
struct OutputTargetTests {
    static let result = "Fixtures/results/workplace-PRED.json"
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// A character device of its own (the null device's numbers, 1:3) in a scratch folder, not
    /// /dev/null itself: a tool that regressed would replace only this node, not the machine's.
    /// Making a device node needs root; (1 << 8) | 3 is makedev(1, 3), a C macro Swift cannot see.
    @Test(.enabled(if: getuid() == 0)) func aCharacterDeviceIsStreamedIntoAndStaysOne() throws {
        let folder = try BoundedRun.scratchFolder("chardev")
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = folder.appendingPathComponent("null").path
        try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod: \(String(cString: strerror(errno)))")
        var before = stat()
        try #require(lstat(device, &before) == 0 && before.st_mode & S_IFMT == S_IFCHR)
        let output = try BoundedRun.run(["render", Self.result, "-o", device], timeout: 60)
        #expect(output.status == 0, "\(output.stderr)")
        var after = stat()
        #expect(lstat(device, &after) == 0)
        #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_rdev == before.st_rdev && after.st_ino == before.st_ino)
        #expect(BoundedRun.contents(of: folder) == ["null"])
    }

    @Test func aFIFOIsStreamedIntoAndStaysAFIFO() throws {
        let folder = try BoundedRun.scratchFolder("fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("poster.png").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader opens the FIFO (blocking until the tool opens it to write) and reads to end of file.
        let received = ReceivedBytes()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            guard descriptor >= 0 else { return received.finish() }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(buffer[..<count])
            }
            close(descriptor)
            received.finish()
        }
        reader.start()
        let output = try BoundedRun.run(["render", Self.result, "-o", fifo], timeout: 60)
        received.wait()
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.kind(fifo) == S_IFIFO)
        let bytes = received.data
        #expect(bytes.prefix(8) == Self.pngSignature)
        #expect(output.stderr.contains("\(bytes.count) bytes"), "\(output.stderr) vs \(bytes.count)")
        #expect(BoundedRun.contents(of: folder) == ["poster.png"])
    }

    @Test(arguments: [["render", result], ["resolve", result]])
    func aSymlinkIsRefusedAndLeftAlone(command: [String]) throws {
        let folder = try BoundedRun.scratchFolder("link")
        let outside = try BoundedRun.scratchFolder("link-target")
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        let target = outside.appendingPathComponent("keep.txt")
        try Data("keep".utf8).write(to: target)
        let link = folder.appendingPathComponent("out.png").path
        let dangling = folder.appendingPathComponent("dangling.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: outside.appendingPathComponent("new.png").path)
        for path in [link, dangling] {
            let output = try BoundedRun.run(command + ["-o", path], timeout: 60)
            #expect(output.status == 73, "\(command) \(output.stderr)")
            #expect(output.stderrLines.count == 1 && output.stderr.contains("\(path): is a symbolic link"), "\(output.stderr)")
        }
        #expect(Self.kind(link) == S_IFLNK && Self.kind(dangling) == S_IFLNK)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(BoundedRun.contents(of: outside) == ["keep.txt"])
        #expect(BoundedRun.contents(of: folder) == ["dangling.png", "out.png"])
    }

    @Test func aSymlinkPlantedAtTemporaryNamesRedirectsNothing() throws {
        let folder = try BoundedRun.scratchFolder("plant")
        let outside = try BoundedRun.scratchFolder("plant-victim")
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        let victim = outside.appendingPathComponent("victim.png")
        try Data("keep".utf8).write(to: victim)
        // The old writer used `.<name>.<pid>.tmp`: plant it for the next few hundred process ids.
        let last = Int((try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? Int(getpid())
        var planted: [String] = [".x.png.tmp"]
        for pid in last + 1...last + 400 { planted.append(".x.png.\(pid).tmp") }
        for name in planted {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: victim.path)
        }
        let output = try BoundedRun.run(["render", Self.result, "-o", folder.appendingPathComponent("x.png").path], timeout: 60)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(try Data(contentsOf: folder.appendingPathComponent("x.png")).prefix(8) == Self.pngSignature)
        #expect(planted.allSatisfy { Self.kind(folder.appendingPathComponent($0).path) == S_IFLNK })
        #expect(BoundedRun.contents(of: folder).count == planted.count + 1)
    }

    @Test func aFolderIsRefused() throws {
        let folder = try BoundedRun.scratchFolder("dir-target")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BoundedRun.run(["render", Self.result, "-o", folder.path], timeout: 60)
        #expect(output.status == 73)
        #expect(output.stderr == "nmti-poster: error: \(folder.path): is a folder; -o writes only regular files, FIFOs and character devices\n")
        let slash = folder.appendingPathComponent("new").path + "/"
        let named = try BoundedRun.run(["render", Self.result, "-o", slash], timeout: 60)
        #expect(named.status == 73)
        #expect(named.stderr == "nmti-poster: error: \(slash): names a folder; -o needs a file name\n")
        #expect(BoundedRun.contents(of: folder).isEmpty)
    }

    @Test func aSocketAndABlockDeviceAreRefused() throws {
        let folder = try BoundedRun.scratchFolder("sock")
        defer { try? FileManager.default.removeItem(at: folder) }
        let socketPath = folder.appendingPathComponent("s.png").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            socketPath.utf8CString.withUnsafeBytes { raw.copyBytes(from: $0.prefix(raw.count - 1)) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        var targets = [(socketPath, S_IFSOCK, "a socket")]
        // A block device node of the test's own (7:0, a loop device's numbers); making one needs root.
        let block = folder.appendingPathComponent("b.png").path
        if getuid() == 0, mknod(block, S_IFBLK | 0o600, dev_t((7 << 8) | 0)) == 0 { targets.append((block, S_IFBLK, "a block device")) }
        for (path, kind, name) in targets {
            let output = try BoundedRun.run(["render", Self.result, "-o", path], timeout: 60)
            #expect(output.status == 73, "\(name): \(output.stderr)")
            #expect(output.stderr == "nmti-poster: error: \(path): is \(name); -o writes only regular files, FIFOs and character devices\n")
            #expect(Self.kind(path) == kind)
        }
        #expect(BoundedRun.contents(of: folder).count == targets.count)
    }

    @Test(arguments: ["x.jpg", "x.jpeg", "x.webp", "x.gif", "x.JPG", "x.svg", "poster.png.jpg"])
    func anotherFormatsExtensionIsAUsageError(name: String) throws {
        let folder = try BoundedRun.scratchFolder("ext")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        for command in [["render", Self.result], ["preview"]] {
            let output = try BoundedRun.run(command + ["-o", path], timeout: 60)
            #expect(output.status == 64, "\(command) \(name): \(output.stderr)")
            #expect(output.stderrLines.first?.contains("is not a format nmti-poster writes; posters are PNG") == true, "\(output.stderr)")
        }
        #expect(BoundedRun.contents(of: folder).isEmpty)
    }

    @Test func pngInAnyCaseAndNoExtensionAreAccepted() throws {
        let folder = try BoundedRun.scratchFolder("ext-ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["x.PNG", "poster"] {
            let output = try BoundedRun.run(["render", Self.result, "-o", folder.appendingPathComponent(name).path], timeout: 60)
            #expect(output.status == 0, "\(name): \(output.stderr)")
        }
        #expect(BoundedRun.contents(of: folder) == ["poster", "x.PNG"])
    }

    @Test(arguments: [["render", result, "-o"], ["resolve", result, "-o"], ["preview", "-o"], ["manifest", "merge", "m.json", "-o"], ["batch", "--out"]])
    func anEmptyOutputIsAUsageError(command: [String]) throws {
        let output = try BoundedRun.run(command + [""], timeout: 60)
        #expect(output.status == 64, "\(command): \(output.stderr)")
        #expect(output.stderrLines.first?.contains("''") == true, "\(output.stderr)")
    }

    @Test func previewToStandardOutputWritesTheSheetThere() throws {
        let output = try BoundedRun.run(["preview", "--tile-width", "40", "-o", "-"], timeout: 120)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.prefix(8) == Self.pngSignature)
        #expect(output.stderr.hasPrefix("fit report"), "\(output.stderr)")
        #expect(!output.stderr.contains("wrote"))
    }
}

/// Bytes a reader thread collects, and a signal when it is done.
final class ReceivedBytes: Sendable {
    private let bytes = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    func append(_ chunk: ArraySlice<UInt8>) {
        bytes.withLock { $0.append(contentsOf: chunk) }
    }

    func finish() { done.signal() }

    /// Waits for the reader, at most a minute, so a broken tool cannot hang the suite.
    func wait() { _ = done.wait(timeout: .now() + 60) }

    var data: Data { bytes.withLock { $0 } }
}
