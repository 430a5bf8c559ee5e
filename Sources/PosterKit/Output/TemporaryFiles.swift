import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide list of temporary files being written, so that an interrupted
/// process (SIGINT, SIGTERM, SIGHUP) can remove them before it exits.
///
/// Paths are stored as C strings made at registration, so the clean-up walks only
/// memory it already owns and calls `unlink(2)`.
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String: [CChar]] = [:]

    /// Records a temporary file just created at `path`.
    package static func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths[path] = Array(path.utf8CString)
    }

    /// Forgets a temporary file that was renamed into place or removed.
    package static func unregister(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths[path] = nil
    }

    /// The temporary files in flight, for tests and for the clean-up.
    public static var registered: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(paths.keys)
    }

    /// Removes every registered temporary file and forgets it; returns how many were removed.
    ///
    /// Holding the lock means no writer can register or rename in between: a writer
    /// that already renamed its file has unregistered it or will find it gone.
    @discardableResult
    public static func removeAll() -> Int {
        lock.lock()
        defer { lock.unlock() }
        var removed = 0
        for (_, path) in paths where path.withUnsafeBufferPointer({ unlink($0.baseAddress!) }) == 0 { removed += 1 }
        paths = [:]
        return removed
    }
}
