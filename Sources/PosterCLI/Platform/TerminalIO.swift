import Foundation

/// One of the three standard streams.
public enum StandardStream: Sendable, Hashable, CaseIterable {
    /// Standard input.
    case input
    /// Standard output.
    case output
    /// Standard error.
    case error
}

/// Every operating-system call a command makes, so commands run the same way
/// in the real process (`SystemIO`) and in tests (`CapturedIO`).
public protocol TerminalIO {
    /// Writes text to standard output or standard error.
    mutating func write(_ text: String, to stream: StandardStream) throws(IOFailure)
    /// Reads a whole file; fails with `.tooLarge` beyond `limit` bytes.
    mutating func readFile(at path: String, limit: Int) throws(IOFailure) -> Data
    /// Reads standard input to its end; fails with `.tooLarge` beyond `limit` bytes.
    mutating func readStandardInput(limit: Int) throws(IOFailure) -> Data
    /// Writes raw bytes (a PNG, say) to standard output or standard error.
    mutating func writeBinary(_ data: Data, to stream: StandardStream) throws(IOFailure)
    /// Creates or replaces a file with `data`, atomically: readers see the old
    /// file or the whole new one, never a partial write.
    mutating func writeFile(_ data: Data, to path: String) throws(IOFailure)
    /// Whether a standard stream is attached to a terminal.
    func isTerminal(_ stream: StandardStream) -> Bool
}

/// Why a file or stream could not be read or written.
public struct IOFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The file or a folder on its path does not exist.
        case noSuchFile
        /// The file or its folder may not be read or written.
        case permissionDenied
        /// The path names a folder.
        case isDirectory
        /// The input is longer than `limit` bytes.
        case tooLarge(limit: Int)
        /// Any other system error, described by the system.
        case system(String)
    }

    /// The file, or `<stdin>`, `<stdout>` or `<stderr>` for a stream.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates a failure.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The name used for a standard stream in messages.
    static func name(of stream: StandardStream) -> String {
        switch stream {
        case .input: "<stdin>"
        case .output: "<stdout>"
        case .error: "<stderr>"
        }
    }

    /// `path: reason`, such as `results/x.json: no such file`.
    public var description: String {
        let detail = switch reason {
        case .noSuchFile: "no such file"
        case .permissionDenied: "permission denied"
        case .isDirectory: "is a directory"
        case .tooLarge(let limit): "larger than the limit of \(limit) bytes"
        case .system(let message): message
        }
        return "\(path): \(detail)"
    }
}

extension TerminalIO {
    /// Writes one line to standard output; control characters in `text` (line breaks
    /// too) are escaped by `TerminalText.escaped`, so it stays one line.
    mutating func printLine(_ text: String) throws(IOFailure) {
        try write(TerminalText.escaped(text) + "\n", to: .output)
    }

    /// Writes one line to standard error, escaped like `printLine`, ignoring failure:
    /// there is nowhere left to report it.
    mutating func printErrorLine(_ text: String) {
        try? write(TerminalText.escaped(text) + "\n", to: .error)
    }

    /// Writes a message the tool made of several lines, each escaped and printed as
    /// one line, to standard output or standard error (ignoring failure there).
    mutating func printLines(_ text: String, to stream: StandardStream = .output) throws(IOFailure) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if stream == .error { printErrorLine(String(line)) } else { try printLine(String(line)) }
        }
    }
}
