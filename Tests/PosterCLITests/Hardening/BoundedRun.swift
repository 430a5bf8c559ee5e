import Foundation

/// Runs the built `nmti-poster` with a deadline, so that a test of hostile input
/// fails (instead of hanging the suite) if the tool does not finish in time.
enum BoundedRun {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var seconds: Double
        var timedOut: Bool
        var signalled: Bool
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// Runs the tool in the package root; kills it after `timeout` seconds.
    static func run(_ arguments: [String], timeout: Double = 60, environment: [String: String]? = nil) throws -> Output {
        guard let url = Binary.url else { throw Binary.BinaryNotFound() }
        let scratch = try scratchFolder("run")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let start = Date()
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = waitOrKill(process, finished: finished, timeout: timeout)
        return Output(
            status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            seconds: Date().timeIntervalSince(start), timedOut: timedOut,
            signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Waits for `process` (whose termination handler signals `finished`) at most
    /// `timeout` seconds, then kills it; true when it had to be killed.
    static func waitOrKill(_ process: Process, finished: DispatchSemaphore, timeout: Double) -> Bool {
        guard finished.wait(timeout: .now() + timeout) == .timedOut else { return false }
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
        return true
    }

    /// A fresh empty folder under the temporary directory.
    static func scratchFolder(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-hard-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every file and folder under `folder`, hidden ones included, relative to it.
    static func contents(of folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Mounts a small tmpfs (root with CAP_SYS_ADMIN only); nil when that is not possible.
    static func mountTmpfs(sizeKiB: Int, readOnly: Bool = false) -> URL? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return nil }
        guard let folder = try? scratchFolder("mnt") else { return nil }
        let options = "size=\(sizeKiB)k" + (readOnly ? ",ro" : "")
        guard shell("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.path]) == 0 else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        return folder
    }

    static func unmount(_ folder: URL) {
        _ = shell("/bin/umount", [folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    static func shell(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The bad theme catalogue: `Fixtures/bad-themes/<case>/theme.json5` and its expectations.
enum BadThemes {
    struct Expectation: Decodable, Sendable {
        var status: Int32
        var path: String
        var contains: String
    }

    static let cases: [String] = {
        let folder = Fixtures.url("Fixtures/bad-themes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).appendingPathComponent("theme.json5").path)
        }.sorted()
    }()

    static let expectations: [String: Expectation] = {
        guard let data = try? Data(contentsOf: Fixtures.url("Fixtures/bad-themes/expectations.json")),
              let table = try? JSONDecoder().decode([String: Expectation].self, from: data)
        else { return [:] }
        return table
    }()
}

/// Writes small test PNGs without a compression library: stored (uncompressed)
/// deflate blocks inside a valid zlib stream, with real CRCs.
enum PNGBytes {
    static func make(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, scanlines: [UInt8]) -> Data {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, colourType, 0, 0, 0]
        png += chunk("IHDR", header)
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, scanlines.count - offset)
            let final: UInt8 = offset + count == scanlines.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += scanlines[offset..<offset + count]
            offset += count
        } while offset < scanlines.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in scanlines {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian(b << 16 | a)
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
