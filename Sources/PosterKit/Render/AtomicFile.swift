import Foundation

/// Writes files through a temporary sibling and a rename, so readers never see a partial file.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; the temporary file is removed on failure.
    public static func write(_ data: Data, to url: URL) throws(RenderError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderError(.output, "\(url.path): the folder \(directory.path) does not exist")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw RenderError(.output, "\(url.path): cannot write in \(directory.path) (\(String(cString: strerror(errno))))")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw RenderError(.output, "\(url.path): cannot rename the finished file into place (\(reason))")
        }
    }
}
