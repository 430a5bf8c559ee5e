import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `-o <path>` does with the node already at `path` (render, resolve, preview,
/// manifest merge):
///
/// - nothing there, or a regular file: the file is created or replaced atomically
///   (`AtomicWriter`);
/// - a FIFO or a character device (`/dev/null`, `/dev/stdout` on a terminal, a named
///   pipe): the bytes are streamed into it, opened `O_WRONLY` without `O_CREAT` or
///   `O_TRUNC`; the node itself is never replaced;
/// - a symbolic link, a folder, a block device or a socket: refused (exit status 73),
///   and neither the link nor what it points to is touched.
///
/// The folder part of the path is the user's and may go through symlinks.
public enum OutputTarget {
    /// The formats an output name may end in while PNG is the only one the tool writes.
    public static let imageExtensions = ["png"]

    /// Writes `data` to the path given with `-o`.
    public static func write(_ data: Data, toPath path: String) throws(WriteFailure) {
        if let refusal = refusal(forPath: path) { throw refusal }
        var info = stat()
        if lstat(path, &info) == 0 {
            let kind = NodeKind(info.st_mode)
            if kind == .fifo || kind == .characterDevice { return try stream(data, into: path, kind: kind) }
        }
        let url = URL(fileURLWithPath: path)
        let folderPath = url.deletingLastPathComponent().path
        let folder = try openParent(folderPath, shown: path)
        defer { close(folder) }
        try AtomicWriter.write(data, named: url.lastPathComponent, in: folder, folderPath: folderPath, shown: path)
    }

    /// Why `write(_:toPath:)` would refuse `path` as it is now, checked without
    /// writing (so a command writing two files can refuse before the first); nil when
    /// the path may be written.
    package static func refusal(forPath path: String) -> WriteFailure? {
        guard !path.isEmpty else { return WriteFailure(path: path, reason: "an empty output path") }
        guard !path.hasSuffix("/") else { return WriteFailure(path: path, reason: "names a folder; -o needs a file name") }
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind = NodeKind(info.st_mode)
        switch kind {
        case .regular, .fifo, .characterDevice:
            return nil
        case .symlink:
            return WriteFailure(path: path, reason: "is a symbolic link; -o never writes through one (name its target instead)")
        case .directory, .blockDevice, .socket:
            return WriteFailure(path: path, reason: "is \(kind.description); -o writes only regular files, FIFOs and character devices")
        }
    }

    /// Opens the folder a new file goes into, with a message that names the folder.
    package static func openParent(_ folderPath: String, shown: String) throws(WriteFailure) -> Int32 {
        let folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            var info = stat()
            // "no such file" would be misleading for a file about to be created: name the folder.
            if stat(folderPath, &info) != 0 {
                throw WriteFailure(path: shown, reason: "the folder \(folderPath) does not exist", code: code)
            } else if code == ENOTDIR {
                throw WriteFailure(path: shown, reason: "\(folderPath) is not a folder", code: code)
            }
            throw WriteFailure.system(shown, code, doing: "cannot open the folder \(folderPath)")
        }
        return folder
    }

    /// Streams into a FIFO or a character device; `O_NOFOLLOW` keeps a symlink swapped
    /// in since the `lstat` from being followed, and `fstat` confirms the kind.
    private static func stream(_ data: Data, into path: String, kind: NodeKind) throws(WriteFailure) {
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw WriteFailure.system(path, errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, NodeKind(info.st_mode) == kind else {
            throw WriteFailure(path: path, reason: "changed while it was opened; nothing was written")
        }
        try AtomicWriter.writeAll(data, to: descriptor, shown: path)
    }
}
