import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file only if it is a regular file no larger than a limit, checked on
/// the open descriptor: a file swapped for a FIFO or a device after an earlier
/// check cannot block or flood the reader (FileManager.contents would wait on a FIFO).
/// The one read loop for manifests, journals' manifests and theme assets.
package enum RegularFileBytes {
    /// Why a file was not read.
    package enum Failure: Error, Equatable {
        /// open, fstat or read failed with this errno.
        case system(Int32)
        /// Not a regular file (a folder when `isDirectory`).
        case notRegular(isDirectory: Bool)
        /// Larger than the limit (`size` is what `fstat` said, or what was read so far).
        case tooLarge(size: Int)

        /// The system's reason in words: `permission denied`, `no such file`, ….
        package static func reason(_ code: Int32) -> String {
            switch code {
            case ENOENT, ENOTDIR: "no such file"
            case EACCES, EPERM: "permission denied"
            default: String(cString: strerror(code)).lowercased()
            }
        }
    }

    /// The bytes, or nil when the path is not a readable regular file of at most `limit` bytes.
    package static func read(_ path: String, limit: Int) -> Data? {
        try? contents(path, limit: limit)
    }

    /// The bytes of a regular file of at most `limit` bytes, or why not.
    package static func contents(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(isDirectory: info.st_mode & S_IFMT == S_IFDIR) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size)) }
        return try contents(of: descriptor, limit: limit)
    }

    /// Everything left to read from an open descriptor, failing past `limit` bytes.
    package static func contents(of descriptor: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            data.append(contentsOf: buffer[..<count])
            // The file grew after fstat: still never more than the limit in memory.
            if data.count > limit { throw .tooLarge(size: data.count) }
        }
    }
}
