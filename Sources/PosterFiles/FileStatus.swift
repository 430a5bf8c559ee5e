import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file's type, size and modification time from `stat(2)`, following symlinks.
///
/// Used instead of `FileManager.attributesOfItem`, which also looks up the owner's
/// user and group names: through nsswitch that can mean a socket to nscd or, on a
/// machine set up with LDAP, the network, which a render must never touch.
package struct FileStatus {
    package enum Kind { case regular, directory, other }

    package let kind: Kind
    package let size: Int
    package let modified: Date
    /// The inode's change time (ctime): set to now by every write, rename or chmod,
    /// and unlike the modification time it cannot be set back (`touch -d`, `cp -p`).
    package let changed: Date

    /// The status of `path`, or nil when it does not exist or cannot be examined.
    package init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        size = Int(info.st_size)
        modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        changed = Date(timeIntervalSince1970: Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9)
    }
}
