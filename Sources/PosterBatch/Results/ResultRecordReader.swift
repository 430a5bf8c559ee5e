import Foundation
import NMTIDomain
import PosterKit
import PosterFiles
#if canImport(Glibc)
import Glibc
#endif

/// One result of a results input, before it is decoded.
struct ResultRecord: Sendable {
    /// What can be in a record.
    enum Content: Sendable {
        /// The document's bytes.
        case document(Data)
        /// The file or line could not be read; `reason` says why.
        case unreadable(String)
        /// Not read: the record belongs to another shard.
        case skipped
    }

    /// The record's position among the input's results (0-based; blank lines do not count).
    let ordinal: Int
    /// Where it is, for messages and the manifest: `a.json`, `results.jsonl:17`, `<stdin>:3`.
    let location: String
    let content: Content
}

/// Reads the records of a `ResultStream.Input` one at a time. A JSON Lines stream is read
/// line by line, never whole; a file is read only when its record is wanted.
final class ResultRecordReader {
    private let source: ResultStream.Input
    private var descriptor: Int32 = -1
    private var lines: JSONLineReader?
    private var nextFile = 0
    private var ordinal = 0
    private var failed = false

    /// Opens the source; a JSON Lines file that is missing, unreadable or not a file fails here.
    init(_ source: ResultStream.Input) throws(ResultStream.InputError) {
        self.source = source
        guard case .lines(let path) = source else { return }
        let name = ResultStream.Input.displayName(path)
        if path == ResultStream.Input.standardInput {
            descriptor = dup(STDIN_FILENO)
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0, let status = FileStatus(path), status.kind == .directory {
                close(descriptor)
                throw ResultStream.InputError(path: name, reason: "is a directory, not a JSON Lines file", isMissing: true)
            }
        }
        guard descriptor >= 0 else {
            throw ResultStream.InputError(path: name, reason: RegularFileBytes.Failure.reason(errno), isMissing: true)
        }
        lines = JSONLineReader(descriptor: descriptor, limit: ResultStream.Input.maximumLineBytes)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The next record, or nil at the end; `isWanted(ordinal)` false skips reading a file.
    func next(isWanted: (Int) -> Bool) -> ResultRecord? {
        switch source {
        case .files(let paths):
            guard nextFile < paths.count else { return nil }
            let path = paths[nextFile]
            nextFile += 1
            defer { ordinal += 1 }
            guard isWanted(ordinal) else { return ResultRecord(ordinal: ordinal, location: path, content: .skipped) }
            return ResultRecord(ordinal: ordinal, location: path, content: Self.read(path))
        case .lines(let path):
            guard let lines, !failed else { return nil }
            let name = ResultStream.Input.displayName(path)
            while true {
                let line: JSONLineReader.Line?
                do throws(JSONLineReader.ReadFailure) {
                    line = try lines.next()
                } catch {
                    // The stream broke: the rest cannot be read, so it is one last failed record.
                    failed = true
                    defer { ordinal += 1 }
                    return ResultRecord(ordinal: ordinal, location: "\(name):\(error.line)",
                                      content: .unreadable("cannot read further (\(error.reason)); the rest of \(name) was not rendered"))
                }
                guard let line else { return nil }
                switch line {
                case .text(let number, let bytes):
                    if ResultStream.Input.isBlank(bytes) { continue }
                    defer { ordinal += 1 }
                    let location = "\(name):\(number)"
                    return ResultRecord(ordinal: ordinal, location: location, content: isWanted(ordinal) ? .document(bytes) : .skipped)
                case .tooLong(let number, let bytes):
                    defer { ordinal += 1 }
                    let reason = "$: line is \(bytes) bytes; the limit for one result is \(ResultStream.Input.maximumLineBytes)"
                    return ResultRecord(ordinal: ordinal, location: "\(name):\(number)", content: isWanted(ordinal) ? .unreadable(reason) : .skipped)
                }
            }
        }
    }

    /// One result file's bytes, or why not (`no such file`, `is a directory`, too large).
    private static func read(_ path: String) -> ResultRecord.Content {
        let limit = QuizResult.maximumDocumentBytes
        do throws(RegularFileBytes.Failure) {
            return .document(try RegularFileBytes.contents(path, limit: limit))
        } catch {
            switch error {
            case .system(let code): return .unreadable(RegularFileBytes.Failure.reason(code))
            case .notRegular(let isDirectory): return .unreadable(isDirectory ? "is a directory" : "not a regular file")
            case .tooLarge(let size): return .unreadable("$: document is \(size) bytes; the limit is \(limit)")
            }
        }
    }
}
