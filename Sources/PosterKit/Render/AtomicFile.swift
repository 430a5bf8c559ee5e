import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files through a temporary sibling and a rename, so readers never see a partial
/// file; the same writer (`AtomicWriter`) as every other output of the tool.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; the temporary file is removed on failure,
    /// and the error names the file, the folder and the system's reason
    /// (`no space left on device`, `read-only file system`, …). Only a regular file
    /// is replaced; the folder must exist.
    public static func write(_ data: Data, to url: URL) throws(RenderError) {
        let folderPath = url.deletingLastPathComponent().path
        do throws(WriteFailure) {
            let folder = try OutputTarget.openParent(folderPath, shown: url.path)
            defer { close(folder) }
            try AtomicWriter.write(data, named: url.lastPathComponent, in: folder, folderPath: folderPath, shown: url.path)
        } catch {
            throw RenderError(.output, error.description)
        }
    }

    /// The hidden temporary name a write of `name` uses: `.<stem>.<pid>.<random>.tmp`.
    static func temporaryName(for name: String) -> String {
        AtomicWriter.temporaryName(for: name)
    }

    /// Whether `candidate` is a temporary file left by a write of `name` (by any process).
    public static func isTemporary(_ candidate: String, for name: String) -> Bool {
        candidate.hasPrefix(".\(AtomicWriter.temporaryStem(for: name)).") && candidate.hasSuffix(".tmp")
    }
}
