import Foundation
import Synchronization

/// One problem found in a document, located both by path and by line.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Something works, but probably not as the designer meant.
        case warning
        /// The document cannot be used as written.
        case error

        /// Orders warnings before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// The file, as it should appear in the report; nil when not read from a file.
    public var file: String?
    /// Where in the document's structure the problem is.
    public var path: JSONPath
    /// Where in the text the problem is, when known.
    public var location: SourceLocation?
    /// What is wrong, in words a designer understands.
    public var message: String
    /// Whether the problem blocks rendering.
    public var severity: Severity
    /// Whether the problem is a file that exists but could not be read: missing
    /// input (status 66) rather than an invalid document (78).
    public var isUnreadableFile = false

    /// Creates a diagnostic.
    public init(
        file: String? = nil, path: JSONPath = .root, location: SourceLocation? = nil,
        message: String, severity: Severity = .error
    ) {
        self.file = file
        self.path = path
        self.location = location
        self.message = message
        self.severity = severity
    }

    /// Wraps a syntax error, which has a location but no path.
    public init(_ error: JSON5SyntaxError, file: String? = nil) {
        self.init(file: file, location: error.location, message: error.message)
    }

    /// `file:line:col: error: path: message`, in the compiler style editors turn
    /// into links. Missing parts are left out, and so is the root path, which
    /// would only add a noisy `$`.
    public var description: String {
        var prefix: [String] = []
        if let file { prefix.append(file) }
        if let location { prefix.append("\(location.line):\(location.column)") }
        var text = prefix.isEmpty ? "" : prefix.joined(separator: ":") + ": "
        text += "\(severity.rawValue): "
        if !path.isRoot { text += "\(path): " }
        return text + message
    }
}

/// Collects diagnostics from parsing and reading a document so they can be
/// reported all at once.
///
/// A class, because every reader of one document writes into the same list;
/// the mutex makes it safe to share across tasks.
public final class Diagnostics: Sendable, CustomStringConvertible, Sequence {
    /// The file stamped on diagnostics that arrive without one.
    public let file: String?
    private let storage = Mutex<Recorded>(Recorded())

    /// The list in recording order, and a set to keep it free of repeats.
    private struct Recorded {
        var list: [Diagnostic] = []
        var seen: Set<Diagnostic> = []
    }

    /// Creates an empty collection for the document in `file`.
    public init(file: String? = nil) {
        self.file = file
    }

    /// Everything recorded, in the order it was recorded.
    public var all: [Diagnostic] {
        storage.withLock { $0.list }
    }

    /// Everything recorded, in file order; diagnostics without a location come first, as they concern the whole file.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location ?? SourceLocation(line: 0, column: 0)
            let right = rhs.element.location ?? SourceLocation(line: 0, column: 0)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The diagnostics of severity error.
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }

    /// The diagnostics of severity warning.
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    /// Whether any error was recorded; warnings alone do not make a document unusable.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// Whether nothing was recorded.
    public var isEmpty: Bool { all.isEmpty }

    /// How many diagnostics were recorded.
    public var count: Int { all.count }

    /// Iterates over a snapshot of the diagnostics.
    public func makeIterator() -> IndexingIterator<[Diagnostic]> {
        all.makeIterator()
    }

    /// Records a diagnostic, giving it this collection's file if it has none. The
    /// same problem at the same place is recorded once: a named style's bad value is
    /// read by every element that uses the style, and reported once.
    public func append(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if diagnostic.file == nil { diagnostic.file = file }
        storage.withLock { recorded in
            if recorded.seen.insert(diagnostic).inserted { recorded.list.append(diagnostic) }
        }
    }

    /// Records a syntax error.
    public func append(_ error: JSON5SyntaxError) {
        append(Diagnostic(error))
    }

    /// Records an error.
    public func error(_ message: String, path: JSONPath = .root, location: SourceLocation? = nil) {
        append(Diagnostic(path: path, location: location, message: message, severity: .error))
    }

    /// Records a file that exists but could not be read (permission denied, an I/O error).
    public func unreadableFile(_ message: String, path: JSONPath = .root, location: SourceLocation? = nil) {
        var diagnostic = Diagnostic(path: path, location: location, message: message, severity: .error)
        diagnostic.isUnreadableFile = true
        append(diagnostic)
    }

    /// Records a warning.
    public func warning(_ message: String, path: JSONPath = .root, location: SourceLocation? = nil) {
        append(Diagnostic(path: path, location: location, message: message, severity: .warning))
    }

    /// One diagnostic per line, in file order.
    public var description: String {
        sorted.map(\.description).joined(separator: "\n")
    }
}
