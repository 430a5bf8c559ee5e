import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension AtomicWriter {
    /// Writes `data` to `url` atomically (see `AtomicWriter`); the error names the file,
    /// the folder and the system's reason (`no space left on device`, `read-only file
    /// system`, …). Only a regular file is replaced; the folder must exist.
    package static func write(_ data: Data, to url: URL) throws(WriteFailure) {
        let folderPath = url.deletingLastPathComponent().path
        let folder = try OutputTarget.openParent(folderPath, shown: url.path)
        defer { close(folder) }
        try write(data, named: url.lastPathComponent, in: folder, folderPath: folderPath, shown: url.path)
    }
}
