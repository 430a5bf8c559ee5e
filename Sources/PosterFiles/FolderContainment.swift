import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a file read for a folder stays inside it: the check a theme's files go through
/// before a byte of them is read (a theme reads only its own folder).
package enum FolderContainment {
    /// Why `file` may not be read as part of `folder`: it is a symbolic link, or resolves to
    /// a place, outside `folder`; nil when it stays inside (or does not exist, which the
    /// read that follows reports). The target's content is never read.
    package static func escape(of file: URL, from folder: URL) -> String? {
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return nil }
        let isLink = (info.st_mode & S_IFMT) == S_IFLNK
        guard let resolvedFile = realPath(file.path), let resolvedFolder = realPath(folder.path) else {
            return isLink ? "is a symbolic link that leads nowhere" : nil
        }
        let prefix = resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/"
        guard resolvedFile.hasPrefix(prefix) else {
            return isLink
                ? "is a symbolic link that leads outside the theme folder; a theme reads only its own folder"
                : "resolves outside the theme folder; a theme reads only its own folder"
        }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
