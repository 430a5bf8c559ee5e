import PosterKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a run's output folder, held for the whole run, so that a
/// second `batch` or `render --out` into the same folder stops with a clear error
/// instead of mixing its posters, journal and manifest with the first one's.
///
/// The lock is `flock(2)` on `<out>/.batch.lock`: the kernel releases it when the
/// process exits or dies, so a killed batch never leaves the folder locked, and
/// the empty file it leaves is harmless. It is opened with `O_NOFOLLOW`, so a
/// symlink planted under that name is refused rather than followed.
final class RunLock {
    /// The lock file's name inside the output folder.
    static let fileName = ".batch.lock"

    private var descriptor: Int32

    /// Takes the lock, or fails at once (never waits) when another process holds it.
    init(folder: URL) throws(RenderError) {
        let path = folder.appendingPathComponent(Self.fileName).path
        descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "it is a symbolic link" : String(cString: strerror(code)).lowercased()
            throw RenderError(.output, "\(path): cannot open the batch lock (\(reason))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw RenderError(.output, "\(path): cannot open the batch lock (not a regular file)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw RenderError(.busy, "\(folder.path): another batch or render --out is writing into this folder (it holds \(Self.fileName)); wait for it to finish, or use another --out")
            }
            throw RenderError(.output, "\(path): cannot lock the output folder (\(String(cString: strerror(code)).lowercased()))")
        }
    }

    deinit { release() }

    /// Releases the lock; the file stays, empty, for the next run.
    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
