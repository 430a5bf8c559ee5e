import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide list of temporary files being written, so that an interrupted
/// process (SIGINT, SIGTERM, SIGHUP) can remove them before it exits.
///
/// Paths are stored as C strings made at registration, so the clean-up walks only
/// memory it already owns and calls `unlink(2)`.
public enum TemporaryFiles {
    private static let paths = Mutex<[String: [CChar]]>([:])

    /// Records a temporary file just created at `path`.
    package static func register(_ path: String) {
        let name = Array(path.utf8CString)
        paths.withLock { $0[path] = name }
    }

    /// Forgets a temporary file that was renamed into place or removed.
    package static func unregister(_ path: String) {
        _ = paths.withLock { $0.removeValue(forKey: path) }
    }

    /// The temporary files in flight, for tests and for the clean-up.
    public static var registered: [String] {
        paths.withLock { Array($0.keys) }
    }

    /// Removes every registered temporary file and forgets it; returns how many were removed.
    ///
    /// Holding the mutex means no writer can register or rename in between: a writer
    /// that already renamed its file has unregistered it or will find it gone.
    @discardableResult
    public static func removeAll() -> Int {
        paths.withLock { paths in
            var removed = 0
            for (_, path) in paths where path.withUnsafeBufferPointer({ unlink($0.baseAddress!) }) == 0 { removed += 1 }
            paths = [:]
            return removed
        }
    }
}
