import Foundation
import NMTIDomain
import PosterKit
import PosterFiles
#if canImport(Glibc)
import Glibc
#endif

extension ResultStream {
    /// Where the results of a `ResultStream` come from: result JSON files (one result
    /// each), or a JSON Lines stream (one result per line) from a file or standard input.
    public enum Input: Sendable, Hashable {
        /// Result documents, in the order given; each is read only when its turn comes.
        case files([String])
        /// A JSON Lines file, or `-` for standard input; read as a stream.
        case lines(String)

        /// The spelling of standard input.
        public static let standardInput = "-"

        /// The longest line of a JSON Lines stream: the limit for one result document.
        public static let maximumLineBytes = QuizResult.maximumDocumentBytes

        /// How a stream is named in messages.
        static func displayName(_ path: String) -> String { path == standardInput ? "<stdin>" : path }

        /// The `*.json` files directly inside `folder`, sorted by name (byte order).
        /// Subfolders are not entered; hidden files, symlinks and anything but a regular
        /// file whose name ends in `.json` are left out.
        public static func jsonFiles(in folder: String) -> [String] {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return OutputFolder(root: URL(fileURLWithPath: folder)).files(maximumDepth: 0)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .map { prefix + $0 }
        }

        /// How many results the source holds, when that can be known before reading it
        /// (files, a regular JSON Lines file: its non-blank lines); nil for a pipe.
        func count() -> Int? {
            switch self {
            case .files(let paths): return paths.count
            case .lines(let path):
                guard path != Self.standardInput, let status = FileStatus(path), status.kind == .regular else { return nil }
                let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                guard descriptor >= 0 else { return nil }
                defer { close(descriptor) }
                let reader = JSONLineReader(descriptor: descriptor, limit: Self.maximumLineBytes)
                var count = 0
                while let line = try? reader.next() {
                    if case .text(_, let bytes) = line, Self.isBlank(bytes) { continue }
                    count += 1
                }
                return count
            }
        }

        /// Whether a line holds only spaces and tabs: blank lines are not results.
        static func isBlank(_ bytes: Data) -> Bool {
            bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        }
    }

    /// Why a results input as a whole cannot be read (not one bad result: the stream itself).
    public struct InputError: Error, Sendable, CustomStringConvertible {
        /// The input, as named in messages.
        public let path: String
        /// The system's reason: `no such file`, `permission denied`, `is a directory`, ….
        public let reason: String
        /// Whether the input is missing or unreadable (rather than failing while read).
        public let isMissing: Bool

        /// `path: reason`.
        public var description: String { "\(path): \(reason)" }
    }
}
