import Foundation
import PosterKit
import PosterFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real process's standard streams and file system, through plain POSIX
/// calls so that every failure maps to a precise `IOFailure`.
public struct SystemIO: TerminalIO {
    /// Prepares the process: a closed pipe must turn into an `.ioError`
    /// status rather than a silent death by SIGPIPE.
    public init() {
        signal(SIGPIPE, SIG_IGN)
    }

    public mutating func write(_ text: String, to stream: StandardStream) throws(IOFailure) {
        let descriptor: Int32 = stream == .error ? STDERR_FILENO : STDOUT_FILENO
        try Self.writeAll(Array(text.utf8), to: descriptor, path: IOFailure.name(of: stream))
    }

    public mutating func readFile(at path: String, limit: Int) throws(IOFailure) -> Data {
        try Self.readFile(at: path, limit: limit)
    }

    public mutating func readStandardInput(limit: Int) throws(IOFailure) -> Data {
        try Self.readAll(from: STDIN_FILENO, limit: limit, path: IOFailure.name(of: .input))
    }

    public mutating func writeBinary(_ data: Data, to stream: StandardStream) throws(IOFailure) {
        let descriptor: Int32 = stream == .error ? STDERR_FILENO : STDOUT_FILENO
        try Self.writeAll(Array(data), to: descriptor, path: IOFailure.name(of: stream))
    }

    public mutating func writeFile(_ data: Data, to path: String) throws(IOFailure) {
        // One writer for every output (see OutputTarget and AtomicWriter): a random
        // O_EXCL temporary sibling renamed into place, FIFOs and devices streamed into,
        // symlinks and other nodes refused.
        do throws(WriteFailure) {
            try OutputTarget.write(data, toPath: path)
        } catch {
            if error.isSystemError, let code = error.code { throw Self.failure(path: path, errno: code) }
            throw IOFailure(path: path, reason: .system(error.reason))
        }
    }

    public func isTerminal(_ stream: StandardStream) -> Bool {
        switch stream {
        case .input: isatty(STDIN_FILENO) == 1
        case .output: isatty(STDOUT_FILENO) == 1
        case .error: isatty(STDERR_FILENO) == 1
        }
    }

    /// Reads a file from disk; shared with `CapturedIO`, which may fall back to disk.
    static func readFile(at path: String, limit: Int) throws(IOFailure) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw IOFailure(path: path, reason: .isDirectory)
        }
        return try readAll(from: descriptor, limit: limit, path: path)
    }

    /// Reads to end of file, but never more than `limit + 1` bytes, so that
    /// `/dev/zero` or a huge file cannot exhaust memory.
    private static func readAll(from descriptor: Int32, limit: Int, path: String) throws(IOFailure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path: path, errno: errno)
            }
            data.append(contentsOf: buffer[..<count])
            if data.count > limit { throw IOFailure(path: path, reason: .tooLarge(limit: limit)) }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(IOFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path: path, errno: errno)
            }
            offset += written
        }
    }

    private static func failure(path: String, errno code: Int32) -> IOFailure {
        switch code {
        case ENOENT, ENOTDIR: IOFailure(path: path, reason: .noSuchFile)
        case EACCES, EPERM: IOFailure(path: path, reason: .permissionDenied)
        case EISDIR: IOFailure(path: path, reason: .isDirectory)
        default: IOFailure(path: path, reason: .system(String(cString: strerror(code)).lowercased()))
        }
    }
}

/// The C library's write(2), which `SystemIO.write(_:to:)` shadows inside the type.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
