#if canImport(Glibc)
import Glibc
#endif

/// Why an output could not be written or removed: the path as the user gave it and
/// the reason, keeping the system's error number so front ends can map it.
public struct WriteFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output path, as the caller named it.
    public let path: String
    /// What went wrong, in lower case, without a full stop.
    public let reason: String
    /// The system's error number, when a system call failed.
    public let code: Int32?
    /// Whether the reason is the system's description of `code` (plus what was being done),
    /// so that a front end may show the system's words alone.
    public let isSystemError: Bool

    /// A failure with a reason of its own.
    public init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
        isSystemError = false
    }

    private init(systemPath path: String, reason: String, code: Int32) {
        self.path = path
        self.reason = reason
        self.code = code
        isSystemError = true
    }

    /// A failure described by the system (`no space left on device`, `read-only file system`, …).
    package static func system(_ path: String, _ code: Int32, doing action: String? = nil) -> WriteFailure {
        let text = String(cString: strerror(code)).lowercased()
        return WriteFailure(systemPath: path, reason: action.map { "\($0) (\(text))" } ?? text, code: code)
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
