import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way the tool creates or replaces a file: a temporary sibling with a random
/// name, opened `O_CREAT | O_EXCL | O_NOFOLLOW`, written whole, `fsync`ed and renamed
/// over the final name. A symlink planted at any name cannot redirect the write, a
/// reader sees the old file or the whole new one, and the temporary file is removed on
/// every failure (and by `InterruptCleanup` on SIGINT, SIGTERM and SIGHUP).
///
/// The writer holds `flock(LOCK_EX)` on its temporary file from just after creating it
/// until after the rename, so a sweep of abandoned temporary files
/// (`OutputFolder.removeAbandonedTemporaryFiles`) can tell a live writer's file from a
/// dead one's even across pid namespaces.
///
/// Only a regular file is ever replaced: a folder, symlink, FIFO, device or socket
/// under the final name is refused (a symlink is replaced, never followed, only when
/// the caller asks, as a resume does for a poster swapped for one).
package enum AtomicWriter {
    /// The hidden temporary name a write of `name` uses: `.<stem>.<pid>.<16 random hex digits>.tmp`,
    /// where the stem is `name` cut to fit (`temporaryStem`).
    package static func temporaryName(for name: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return ".\(temporaryStem(for: name)).\(getpid()).\(String(repeating: "0", count: 16 - random.count))\(random).tmp"
    }

    /// The longest stem a temporary name keeps of the final name, in bytes. The rest of the
    /// temporary name takes at most 36 (`.`, `.` + a pid of up to 10 digits, `.` + 16 hex
    /// digits, `.tmp`), so any final name within `NAME_MAX` (255 bytes) gets a temporary
    /// name within it too; without the cut, a legal 230-byte name failed with
    /// "file name too long".
    package static let maximumStemBytes = 255 - 36

    /// `name`, or its longest prefix of at most `maximumStemBytes` UTF-8 bytes that ends
    /// on a character boundary.
    package static func temporaryStem(for name: String) -> String {
        guard name.utf8.count > maximumStemBytes else { return name }
        var stem = ""
        var bytes = 0
        for character in name {
            let size = character.utf8.count
            guard bytes + size <= maximumStemBytes else { break }
            stem.append(character)
            bytes += size
        }
        return stem
    }

    /// Writes `data` as `name` inside the open folder `folder`, whose path (for
    /// messages and the temporary-file registry) is `folderPath`; `shown` is the
    /// output's name in messages. With `replacingSymlink`, a symlink under `name` is
    /// replaced by the new file (the rename swaps the link itself; nothing is written
    /// through it); any other node that is not a regular file is still refused.
    package static func write(_ data: Data, named name: String, in folder: Int32, folderPath: String, shown: String,
                              replacingSymlink: Bool = false) throws(WriteFailure) {
        try refuseNonRegular(name, in: folder, shown: shown, allowingSymlink: replacingSymlink)
        let prefix = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
        var temporary = ""
        var temporaryPath = ""
        var descriptor: Int32 = -1
        // O_EXCL makes a name clash (64 random bits) an error, never a shared file: retry.
        // So does losing the file to a sweep between creating and locking it (`lockOwnTemporary`).
        for _ in 0..<4 {
            temporary = temporaryName(for: name)
            temporaryPath = prefix + temporary
            // Registered before it exists, so a signal can never come between creating and registering it.
            TemporaryFiles.register(temporaryPath)
            descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0, lockOwnTemporary(descriptor, named: temporary, in: folder) { break }
            // EBUSY: another process holds a lock on the new file, or swept it away.
            let code = descriptor >= 0 ? EBUSY : errno
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            TemporaryFiles.unregister(temporaryPath)
            errno = code
            if code != EEXIST && code != EBUSY { break }
        }
        guard descriptor >= 0 else { throw WriteFailure.system(shown, errno, doing: "cannot write in \(folderPath)") }
        defer { TemporaryFiles.unregister(temporaryPath) }
        do throws(WriteFailure) {
            // The descriptor (and so the lock) is kept until the file has its final name. Its
            // close is not checked: fsync has already reported any error of the writes.
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, shown: shown, doing: "cannot write in \(folderPath)")
            guard fsync(descriptor) == 0 else { throw WriteFailure.system(shown, errno, doing: "cannot write in \(folderPath)") }
            // Checked again right before the rename, which itself never follows a symlink.
            try refuseNonRegular(name, in: folder, shown: shown, allowingSymlink: replacingSymlink)
            guard renameat(folder, temporary, folder, name) == 0 else {
                throw WriteFailure.system(shown, errno, doing: "cannot rename the finished file into place")
            }
        } catch {
            unlinkat(folder, temporary, 0)
            throw error
        }
    }

    /// Takes the writer's lock on a temporary file just created, and checks that the
    /// name still leads to it: a sweep in another pid namespace may have taken the
    /// unlocked file for an abandoned one in between. False means start again under a
    /// new name (the file is removed if it is still there). Never waits: a process that
    /// locks the file first cannot stall the writer. A file system without `flock`
    /// leaves the file unlocked, and a sweep there cannot lock it either, so it keeps it.
    private static func lockOwnTemporary(_ descriptor: Int32, named temporary: String, in folder: Int32) -> Bool {
        var result: Int32
        repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        let locked = result == 0
        guard locked || errno == EWOULDBLOCK else { return true }
        var opened = stat()
        var named = stat()
        let isStillNamed = fstat(descriptor, &opened) == 0 && fstatat(folder, temporary, &named, AT_SYMLINK_NOFOLLOW) == 0
            && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
        if locked && isStillNamed { return true }
        if isStillNamed { unlinkat(folder, temporary, 0) }
        return false
    }

    /// Writes all of `data` to an open descriptor, retrying after EINTR and short writes.
    package static func writeAll(_ data: Data, to descriptor: Int32, shown: String, doing action: String? = nil) throws(WriteFailure) {
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw WriteFailure.system(shown, failure, doing: action) }
    }

    /// Fails when `name` exists in `folder` and is anything but a regular file (or, when
    /// allowed, a symlink).
    private static func refuseNonRegular(_ name: String, in folder: Int32, shown: String, allowingSymlink: Bool) throws(WriteFailure) {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        let kind = NodeKind(info.st_mode)
        guard kind == .regular || (allowingSymlink && kind == .symlink) else {
            throw WriteFailure(path: shown, reason: "is \(kind.description); only a regular file is ever replaced", code: EEXIST)
        }
    }
}

/// What kind of node a path names, from `lstat(2)`'s mode.
package enum NodeKind: Equatable, CustomStringConvertible {
    case regular, directory, symlink, fifo, characterDevice, blockDevice, socket

    package init(_ mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symlink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .regular
        }
    }

    /// `a folder`, `a symbolic link`, …
    package var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a folder"
        case .symlink: "a symbolic link"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        }
    }
}
