import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `preview --watch` compares between polls: every entry of the theme
/// folder with its type, inode, size, mode and change times, read with
/// `lstat(2)` and never following a symlink out of the folder.
///
/// Comparing whole snapshots, not the newest modification time, notices every
/// change: a file replaced by an older one (`mv`, `cp -p`), a removed asset, a
/// theme file turned into a folder, FIFO or symlink, the folder deleted and
/// made again. The walk is bounded and cannot loop (symlinks are recorded, not
/// entered), so a hostile folder gives a stable snapshot rather than a busy loop.
struct WatchSnapshot: Hashable {
    /// One file system entry, by its path relative to the watched folder.
    struct Entry: Hashable {
        let path: String
        let type: UInt32
        let inode: UInt64
        let size: Int64
        let mode: UInt32
        let modified: Int64
        let changed: Int64
        /// For a symlink: the same facts about what it points at (`stat(2)`), if anything.
        let target: [Int64]?
    }

    /// The most entries a snapshot records; the rest of a huge tree is ignored.
    static let maximumEntries = 10_000
    /// The deepest folder a snapshot enters.
    static let maximumDepth = 16

    /// The entries found, in walk order; empty when the folder does not exist.
    private(set) var entries: [Entry] = []

    /// Snapshots the folder of a theme location (a theme folder or its `theme.json5`).
    init(themeLocation location: URL) {
        var isDirectory: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? location : location.deletingLastPathComponent()
        record(folder.path, relative: ".")
        // The folder the user named may itself be a symlink (Themes/x -> elsewhere): that one is entered.
        let rootType = entries.first.map { $0.target?.first.map { UInt32(truncatingIfNeeded: $0) & UInt32(S_IFMT) } ?? $0.type }
        if rootType == UInt32(S_IFDIR) { walk(folder.path, relative: "", depth: 0) }
    }

    private mutating func record(_ path: String, relative: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        var target: [Int64]?
        if info.st_mode & S_IFMT == S_IFLNK {
            var followed = stat()
            target = stat(path, &followed) == 0
                ? [Int64(followed.st_mode), Int64(bitPattern: UInt64(followed.st_ino)), Int64(followed.st_size),
                   Self.nanoseconds(followed.st_mtim), Self.nanoseconds(followed.st_ctim)]
                : []
        }
        entries.append(Entry(
            path: relative, type: UInt32(info.st_mode & S_IFMT), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            mode: UInt32(info.st_mode), modified: Self.nanoseconds(info.st_mtim), changed: Self.nanoseconds(info.st_ctim),
            target: target))
    }

    private mutating func walk(_ folder: String, relative: String, depth: Int) {
        guard depth < Self.maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            guard entries.count < Self.maximumEntries else { return }
            let path = folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            record(path, relative: child)
            if entries.last?.path == child, entries.last?.type == UInt32(S_IFDIR) {
                walk(path, relative: child, depth: depth + 1)
            }
        }
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
