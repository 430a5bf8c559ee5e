import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file only if it is a regular file no larger than a limit, checked on
/// the open descriptor: a file swapped for a FIFO or a device after an earlier
/// check cannot block or flood a batch (FileManager.contents would wait on a FIFO).
enum RegularFileBytes {
    /// The bytes, or nil when the path is not a readable regular file of at most `limit` bytes.
    static func read(_ path: String, limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            data.append(contentsOf: buffer[..<count])
            if data.count > limit { return nil }
        }
    }
}
