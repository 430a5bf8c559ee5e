import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder the tool was given (`batch --out`, the goldens, the artifacts) and the only
/// way to write, list or remove files inside it by a relative path built from theme or
/// manifest data.
///
/// Paths are walked one component at a time with `openat(O_NOFOLLOW | O_DIRECTORY)`
/// from the root, missing folders are made with `mkdirat`, and `..`, `.`, empty and
/// absolute components are refused, as is a symlink anywhere below the root; so
/// nothing is ever written or removed outside it. The root itself is the caller's
/// path and may be (or lie under) a symlink.
public struct OutputFolder: Sendable {
    /// The root folder.
    public let root: URL

    /// A folder rooted at `root`; nothing is opened until it is used.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The components of a relative path, or a failure naming what is wrong with it.
    public static func components(of relative: String) throws(WriteFailure) -> [String] {
        guard !relative.isEmpty else { throw WriteFailure(path: relative, reason: "an empty path") }
        guard !relative.hasPrefix("/") else { throw WriteFailure(path: relative, reason: "an absolute path where a relative one belongs") }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty || part == "." || part == ".." || part.utf8.contains(0) {
                throw WriteFailure(path: relative, reason: "'\(part)' is not allowed in an output path (empty, '.', '..' or NUL)")
            }
        }
        return parts
    }

    /// Writes `data` to `relative` atomically (see `AtomicWriter`), creating missing folders.
    public func write(_ data: Data, to relative: String) throws(WriteFailure) {
        try write(data, to: relative, replacingSymlink: false)
    }

    /// Writes `data` to `relative` atomically; with `replacingSymlink`, a symlink under
    /// that name is replaced by the file (renamed over, never followed), as a resume
    /// does for a recorded poster that was swapped for one.
    package func write(_ data: Data, to relative: String, replacingSymlink: Bool) throws(WriteFailure) {
        let parts = try Self.components(of: relative)
        let shown = path(of: relative)
        let folder = try openFolder(Array(parts.dropLast()), create: true, shown: shown)
        defer { close(folder) }
        try AtomicWriter.write(data, named: parts.last!, in: folder, folderPath: path(of: parts.dropLast().joined(separator: "/")),
                               shown: shown, replacingSymlink: replacingSymlink)
    }

    /// Creates the folder `relative` (and the root) if missing; an empty path means the root.
    public func makeFolder(_ relative: String) throws(WriteFailure) {
        let parts = relative.isEmpty ? [] : try Self.components(of: relative)
        close(try openFolder(parts, create: true, shown: path(of: relative)))
    }

    /// Removes the regular file `relative`; never follows a symlink, never removes a folder.
    /// Returns false when there is nothing to remove; fails when it is not a regular file.
    @discardableResult
    public func removeFile(_ relative: String) throws(WriteFailure) -> Bool {
        let parts = try Self.components(of: relative)
        let shown = path(of: relative)
        let folder: Int32
        do throws(WriteFailure) {
            folder = try openFolder(Array(parts.dropLast()), create: false, shown: shown)
        } catch where error.code == ENOENT {
            return false
        }
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, parts.last!, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return false }
            throw WriteFailure.system(shown, errno)
        }
        let kind = NodeKind(info.st_mode)
        guard kind == .regular else { throw WriteFailure(path: shown, reason: "is \(kind.description), not a file; not removed") }
        guard unlinkat(folder, parts.last!, 0) == 0 else { throw WriteFailure.system(shown, errno, doing: "cannot remove it") }
        return true
    }

    /// The regular files below the folder `relative` (an empty path: the root), as paths
    /// relative to the root, sorted; symlinks and what they point to are skipped.
    /// A missing folder has no files.
    public func files(under relative: String = "", maximumDepth: Int = 8) -> [String] {
        let parts = relative.isEmpty ? [] : ((try? Self.components(of: relative)) ?? [])
        guard relative.isEmpty || !parts.isEmpty, let folder = try? openFolder(parts, create: false, shown: relative) else { return [] }
        var found: [String] = []
        Self.collect(folder, prefix: relative, depth: maximumDepth, into: &found)
        return found.sorted()
    }

    /// The sub-folders (not symlinks) directly in the root, sorted.
    public func folders() -> [String] {
        guard let folder = try? openFolder([], create: false, shown: "") else { return [] }
        defer { close(folder) }
        return Self.entries(of: folder).filter { $0.kind == .directory }.map(\.name).sorted()
    }

    /// The full path of `relative` under the root, for messages.
    public func path(of relative: String) -> String {
        relative.isEmpty ? root.path : (root.path.hasSuffix("/") ? root.path : root.path + "/") + relative
    }

    // MARK: - Walking

    /// Opens the folder `parts` below the root, component by component, never through a symlink.
    func openFolder(_ parts: [String], create: Bool, shown: String) throws(WriteFailure) -> Int32 {
        if create { try makeRoot(shown: shown) }
        var current = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else {
            let code = errno
            throw WriteFailure(path: shown, reason: code == ENOENT ? "the folder \(root.path) does not exist"
                                 : "cannot open the folder \(root.path) (\(String(cString: strerror(code)).lowercased()))", code: code)
        }
        var walked = root.path
        for part in parts {
            walked += "/" + part
            if create, mkdirat(current, part, 0o755) != 0, errno != EEXIST {
                let code = errno
                close(current)
                throw WriteFailure.system(shown, code, doing: "cannot create the folder \(walked)")
            }
            let next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            var code = errno
            // With O_DIRECTORY a symlink gives ENOTDIR (or ELOOP): tell the two apart.
            var info = stat()
            if next < 0, code == ENOTDIR || code == ELOOP, fstatat(current, part, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                code = NodeKind(info.st_mode) == .symlink ? ELOOP : ENOTDIR
            }
            close(current)
            guard next >= 0 else {
                let reason = switch code {
                case ELOOP: "\(walked) is a symbolic link; an output folder never follows one"
                case ENOTDIR: "\(walked) is not a folder"
                default: "cannot open the folder \(walked) (\(String(cString: strerror(code)).lowercased()))"
                }
                throw WriteFailure(path: shown, reason: reason, code: code)
            }
            current = next
        }
        return current
    }

    /// Creates the root and its parents (the caller's path, so symlinks are followed).
    private func makeRoot(shown: String) throws(WriteFailure) {
        var path = ""
        for component in root.pathComponents {
            path = component == "/" ? "/" : (path.hasSuffix("/") ? path : path + "/") + component
            guard mkdir(path, 0o755) != 0 else { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(path, &info) == 0, NodeKind(info.st_mode) == .directory { continue }
            throw WriteFailure(path: shown, reason: code == EEXIST ? "cannot create the folder (\(path) is not a folder)"
                                 : "cannot create the folder (\(String(cString: strerror(code)).lowercased()))", code: code)
        }
    }

    private static func collect(_ folder: Int32, prefix: String, depth: Int, into found: inout [String]) {
        defer { close(folder) }
        for entry in entries(of: folder) {
            let relative = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
            switch entry.kind {
            case .regular: found.append(relative)
            case .directory where depth > 0:
                let child = openat(folder, entry.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { collect(child, prefix: relative, depth: depth - 1, into: &found) }
            default: continue
            }
        }
    }

    /// The entries of an open folder with their kinds from `fstatat(AT_SYMLINK_NOFOLLOW)`.
    private static func entries(of folder: Int32) -> [(name: String, kind: NodeKind)] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var result: [(name: String, kind: NodeKind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            result.append((name, NodeKind(info.st_mode)))
        }
        return result
    }
}
