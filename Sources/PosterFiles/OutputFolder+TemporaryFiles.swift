import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension AtomicWriter {
    /// The stem and the writer's pid of an `AtomicWriter` temporary name,
    /// `.<stem>.<pid>.<16 hex digits>.tmp`; nil for any other name (an older writer's
    /// `.<name>.<pid>.tmp`, a user's file), which a sweep never touches.
    package static func temporaryParts(of candidate: String) -> (stem: String, pid: pid_t)? {
        guard candidate.hasPrefix("."), candidate.hasSuffix(".tmp") else { return nil }
        let parts = candidate.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let random = parts[parts.count - 1]
        let pidText = parts[parts.count - 2]
        guard random.utf8.count == 16, random.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              (1...10).contains(pidText.utf8.count), pidText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let pid = Int32(pidText), pid > 0
        else { return nil }
        let stem = parts.dropLast(2).joined(separator: ".")
        return stem.isEmpty ? nil : (stem, pid)
    }

    /// Whether the process `pid` may be alive, as far as this process can see: it
    /// exists, or it exists and belongs to another user (EPERM). This process counts
    /// as alive. A pid from another pid namespace looks dead; the file lock covers that.
    package static func mayBeAlive(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
    }
}

extension OutputFolder {
    /// Removes the temporary files that dead writers left directly in the folder
    /// `relative` (an empty path: the root) for the final names `isFinalStem` accepts
    /// (it gets the stem of the temporary name: the final name, cut as
    /// `AtomicWriter.temporaryStem` does); returns how many were removed.
    ///
    /// A temporary file is removed only when all of these hold, so a file another live
    /// process is writing (a `render -o` into the folder, a batch in a sub-folder, a
    /// writer in another container) is never touched:
    /// - its name is exactly `.<stem>.<pid>.<16 hex digits>.tmp`, and it is a regular file;
    /// - no process with that pid is alive (`kill(pid, 0)` says ESRCH);
    /// - `flock(LOCK_EX | LOCK_NB)` on it succeeds: every writer holds that lock until
    ///   its rename, so a file a live writer of any pid namespace has locked is kept, as
    ///   is every file on a file system without `flock`;
    /// - the name still leads to the file that was locked; it is unlinked under the lock.
    @discardableResult
    package func removeAbandonedTemporaryFiles(in relative: String = "", where isFinalStem: (String) -> Bool) -> Int {
        let parts = relative.isEmpty ? [] : ((try? Self.components(of: relative)) ?? [])
        guard relative.isEmpty || !parts.isEmpty, let folder = try? openFolder(parts, create: false, shown: relative) else { return 0 }
        defer { close(folder) }
        var removed = 0
        for file in files(under: relative, maximumDepth: 0) {
            let name = (file as NSString).lastPathComponent
            guard let (stem, pid) = AtomicWriter.temporaryParts(of: name), isFinalStem(stem), !AtomicWriter.mayBeAlive(pid) else { continue }
            if Self.removeUnlocked(name, in: folder) { removed += 1 }
        }
        return removed
    }

    /// Unlinks `name` in `folder` if it is a regular file nobody holds a lock on.
    private static func removeUnlocked(_ name: String, in folder: Int32) -> Bool {
        // Read-write where possible: NFS emulates flock with POSIX locks, which need it for LOCK_EX.
        var descriptor = openat(folder, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if descriptor < 0, errno == EACCES { descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, NodeKind(opened.st_mode) == .regular else { return false }
        var result: Int32
        repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else { return false }
        var named = stat()
        guard fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
        else { return false }
        return unlinkat(folder, name, 0) == 0
    }
}
