import Foundation
import PosterKit
import PosterFiles
#if canImport(Glibc)
import Glibc
#endif

/// Reads a JSON Lines stream one line at a time from a file descriptor, holding at
/// most one line (up to `limit` bytes) and one read buffer in memory, so a
/// million-line file or an endless pipe never fills memory.
///
/// A line longer than `limit` is not kept: it is reported as `.tooLong` and the
/// rest of it is skipped up to the next line break. Line numbers start at 1 and
/// count every line, blank ones too, so they match what an editor shows. A final
/// line without a line break still counts, and a `\r` before the break is dropped.
final class JSONLineReader {
    /// One line of the stream.
    enum Line: Equatable {
        /// The line's bytes (without the line break).
        case text(number: Int, Data)
        /// A line longer than the limit; `bytes` is its full length.
        case tooLong(number: Int, bytes: Int)
    }

    /// Why the stream could not be read to its end.
    struct ReadFailure: Error, Equatable {
        /// The line being read when it failed.
        let line: Int
        /// The system's reason, such as `input/output error`.
        let reason: String
    }

    private let descriptor: Int32
    private let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var number = 0

    /// Reads from `descriptor` (not closed here); lines of more than `limit` bytes are `.tooLong`.
    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line, or nil at the end of the stream.
    func next() throws(ReadFailure) -> Line? {
        var line = Data()
        var length = 0
        while true {
            if start == end {
                guard !atEnd else { break }
                try fill()
                if start == end { break }
            }
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let stop = newline ?? end
            let count = stop - start
            // One byte over the limit is kept for a `\r` that `finish` drops.
            if length + count <= limit + 1 { line.append(contentsOf: buffer[start..<stop]) }
            length += count
            start = newline.map { $0 + 1 } ?? end
            if newline != nil { return finish(line, length: length) }
        }
        // The end of the stream: a last line without a break, or nothing more.
        guard length > 0 else { return nil }
        return finish(line, length: length)
    }

    private func finish(_ line: Data, length: Int) -> Line {
        number += 1
        // `\r\n` line ends: the `\r` is not part of the JSON (which would tolerate it anyway).
        let complete = length == line.count
        let carriageReturn = complete && line.last == UInt8(ascii: "\r")
        let bytes = carriageReturn ? length - 1 : length
        guard complete, bytes <= limit else { return .tooLong(number: number, bytes: bytes) }
        return .text(number: number, carriageReturn ? Data(line.dropLast()) : line)
    }

    private func fill() throws(ReadFailure) {
        start = 0
        end = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                end = count
                return
            }
            if count == 0 {
                atEnd = true
                return
            }
            if errno == EINTR { continue }
            throw ReadFailure(line: number + 1, reason: RegularFileBytes.Failure.reason(errno))
        }
    }
}
