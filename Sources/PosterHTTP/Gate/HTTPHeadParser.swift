/// Reads one request head (request line and header lines, up to the empty line) as
/// it arrives, more strictly than libmicrohttpd: lines end with CRLF only, one space
/// separates the parts of the request line, no folding, no whitespace before a
/// colon, no control characters, and the limits hold before the head is complete.
///
/// Bytes are scanned once as they arrive (a client sending one byte at a time costs
/// one pass, not one per byte); the head is parsed once its empty line is in.
struct HTTPHeadParser {
    /// The most header lines one head may have.
    static let maximumFields = 100
    /// Bytes besides the target a request line may have (method, version, spaces).
    static let requestLineSlack = 64

    /// What the bytes so far amount to.
    enum Outcome: Equatable {
        /// Not a whole head yet; feed more.
        case incomplete
        /// A whole head, and how many bytes it took (leading empty lines included).
        case head(HTTPRequestHead, length: Int)
        /// Refused; `line` is the request line's method and target when they were readable.
        case violation(HTTPRequestViolation, line: HTTPRequestLine?)
    }

    let maximumTargetBytes: Int
    let maximumHeaderBytes: Int
    let maximumBodyBytes: Int

    /// How far `bytes` has been scanned for line endings, relative to the head's start.
    private var scanned = 0
    /// Where the request line ends (its CR), once seen.
    private var requestLineEnd: Int?

    init(maximumTargetBytes: Int, maximumHeaderBytes: Int, maximumBodyBytes: Int) {
        self.maximumTargetBytes = maximumTargetBytes
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Scans what is new in `bytes[start...]`; parses the head once it is complete.
    /// Positions are kept relative to `start`, so the caller may move the head in its buffer.
    mutating func feed(_ bytes: [UInt8], from start: Int) -> Outcome {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        // Empty lines before a request line are skipped (RFC 9112 §2.2), CRLF ones only, a few at most.
        var leading = 0
        while start + leading + 1 < bytes.count, bytes[start + leading] == cr, bytes[start + leading + 1] == lf {
            leading += 2
            if leading > 8 { return .violation(.badRequestLine, line: nil) }
        }
        var index = start + max(scanned, leading)
        while index < bytes.count {
            let byte = bytes[index]
            let previous: UInt8 = index > start ? bytes[index - 1] : 0
            if byte == lf, previous != cr { return .violation(.badLineEnding, line: nil) }
            if previous == cr, byte != lf { return .violation(.badLineEnding, line: nil) }
            if byte == lf {
                if requestLineEnd == nil {
                    requestLineEnd = index - 1 - start
                } else if index - 3 - start >= requestLineEnd!, bytes[index - 3] == cr, bytes[index - 2] == lf {
                    return parse(bytes, start: start, lineStart: start + leading, end: index + 1)
                }
            }
            index += 1
            if let limit = exceededLimit(upTo: index - start - leading) {
                return .violation(limit, line: nil)
            }
        }
        scanned = index - start
        return .incomplete
    }

    /// The limit an unfinished head has already broken, if any (`length` counts from the request line).
    private func exceededLimit(upTo length: Int) -> HTTPRequestViolation? {
        guard let lineEnd = requestLineEnd else {
            return length > maximumTargetBytes + Self.requestLineSlack ? .targetTooLong(limit: maximumTargetBytes) : nil
        }
        return length - lineEnd > maximumHeaderBytes + 4 ? .headersTooLarge(limit: maximumHeaderBytes) : nil
    }

    private func parse(_ bytes: [UInt8], start: Int, lineStart: Int, end: Int) -> Outcome {
        let requestEnd = start + requestLineEnd!
        guard requestEnd >= lineStart else { return .violation(.badRequestLine, line: nil) }
        let line: HTTPRequestLine
        switch HTTPRequestLine.parse(bytes[lineStart..<requestEnd], maximumTargetBytes: maximumTargetBytes) {
        case .success(let parsed): line = parsed
        case .failure(let violation): return .violation(violation, line: nil)
        }
        // The header lines: from after the request line's CRLF to the empty line's CRLF.
        let fieldsEnd = end - 2
        guard fieldsEnd - (requestEnd + 2) <= maximumHeaderBytes else { return .violation(.headersTooLarge(limit: maximumHeaderBytes), line: line) }
        var fields: [HTTPRequestHead.Field] = []
        var cursor = requestEnd + 2
        while cursor < fieldsEnd {
            var lineEnd = cursor
            while bytes[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
            guard fields.count < Self.maximumFields else { return .violation(.headersTooLarge(limit: maximumHeaderBytes), line: line) }
            switch HTTPRequestHead.Field.parse(bytes[cursor..<lineEnd]) {
            case .success(let field): fields.append(field)
            case .failure(let violation): return .violation(violation, line: line)
            }
            cursor = lineEnd + 2
        }
        switch HTTPRequestHead.make(line: line, fields: fields, maximumBodyBytes: maximumBodyBytes) {
        case .success(let head): return .head(head, length: end - start)
        case .failure(let violation): return .violation(violation, line: line)
        }
    }
}
