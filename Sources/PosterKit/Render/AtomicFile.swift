import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files through a temporary sibling and a rename, so readers never see a partial file.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; the temporary file is removed on failure,
    /// and the error names the file, the folder and the system's reason
    /// (`no space left on device`, `read-only file system`, …).
    public static func write(_ data: Data, to url: URL) throws(RenderError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderError(.output, "\(url.path): the folder \(directory.path) does not exist")
        }
        let temporary = directory.appendingPathComponent(temporaryName(for: url.lastPathComponent)).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RenderError(.output, "\(url.path): cannot write in \(directory.path) (\(reason(errno)))")
        }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = reason(errno)
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = reason(errno) }
        if let failure {
            unlink(temporary)
            throw RenderError(.output, "\(url.path): cannot write in \(directory.path) (\(failure))")
        }
        guard rename(temporary, url.path) == 0 else {
            let failure = reason(errno)
            unlink(temporary)
            throw RenderError(.output, "\(url.path): cannot rename the finished file into place (\(failure))")
        }
    }

    /// The hidden temporary name a write of `name` uses: `.<name>.<pid>.<random>.tmp`.
    static func temporaryName(for name: String) -> String {
        ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
    }

    /// Whether `candidate` is a temporary file left by a write of `name` (by any process).
    public static func isTemporary(_ candidate: String, for name: String) -> Bool {
        candidate.hasPrefix(".\(name).") && candidate.hasSuffix(".tmp")
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
