import UTF8Validation
/// A cursor over JSON5 source bytes that keeps line and column current and
/// reads the trivia and names between values.
///
/// The parser validates UTF-8 before scanning, so everything here may decode
/// multi-byte sequences without re-checking them.
struct JSON5Scanner {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The byte under the cursor, or nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte `offset` positions ahead, or nil past the end.
    func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    func error(_ message: String, at location: SourceLocation? = nil) -> JSON5SyntaxError {
        JSON5SyntaxError(location: location ?? self.location, message: message)
    }

    /// Moves one byte; CR LF counts as one line break because the LF does the counting.
    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A || (byte == 0x0D && current != 0x0A) {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Steps over a leading BOM without counting a column, since editors do not show it.
    mutating func skipByteOrderMark() {
        index = 3
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count where !isAtEnd { advance() }
    }

    /// Decodes the scalar starting at `offset`, returning it with its length in bytes.
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length > 1, offset + length <= bytes.count else { return (Unicode.Scalar(lead), 1) }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for next in bytes[(offset + 1)..<(offset + length)] {
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Skips whitespace and comments. A lone `/` is left for the caller, which
    /// knows what it expected there.
    mutating func skipTrivia() throws(JSON5SyntaxError) {
        while let byte = current {
            switch byte {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                advance()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while !isAtEnd && !isLineTerminator(at: index) {
                    advance()
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = location
                advance(by: 2)
                while !(current == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
                    guard !isAtEnd else { throw error("unterminated comment: '/*' is never closed with '*/'", at: start) }
                    advance()
                }
                advance(by: 2)
            case 0x80...:
                let (scalar, length) = self.scalar(at: index)
                guard Self.isWhitespace(scalar) else { return }
                advance(by: length)
            default:
                return
            }
        }
    }

    /// LF, CR, U+2028 or U+2029: what ends a `//` comment in JSON5.
    func isLineTerminator(at offset: Int) -> Bool {
        switch bytes[offset] {
        case 0x0A, 0x0D: return true
        case 0xE2: return offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] & 0xFE) == 0xA8
        default: return false
        }
    }

    /// JSON5 whitespace beyond ASCII: NBSP, BOM, the line/paragraph separators and any space separator.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "$" || scalar == "_" || scalar.properties.isIDStart
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || scalar.properties.isIDContinue || scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    /// Whether an identifier (unquoted key or word such as `true`) starts at the cursor.
    var isAtIdentifierStart: Bool {
        guard let byte = current else { return false }
        return byte == UInt8(ascii: "\\") || Self.isIdentifierStart(scalar(at: index).scalar)
    }

    /// Reads an ECMAScript IdentifierName, resolving `\uXXXX` escapes as the spec allows.
    mutating func scanIdentifier() throws(JSON5SyntaxError) -> String {
        var scalars = String.UnicodeScalarView()
        while let byte = current {
            let start = location
            let scalar: Unicode.Scalar
            if byte == UInt8(ascii: "\\") {
                guard peek(1) == UInt8(ascii: "u") else {
                    throw error("invalid escape in a key; only \\uXXXX is allowed outside quotes", at: start)
                }
                advance(by: 2)
                scalar = try scanUnicodeEscape(startingAt: start)
                guard scalars.isEmpty ? Self.isIdentifierStart(scalar) : Self.isIdentifierPart(scalar) else {
                    throw error("U+\(JSONNode.hex4(scalar.value)) cannot be part of an unquoted key; put the key in quotes", at: start)
                }
            } else {
                let (decoded, length) = self.scalar(at: index)
                guard scalars.isEmpty ? Self.isIdentifierStart(decoded) : Self.isIdentifierPart(decoded) else { break }
                scalar = decoded
                advance(by: length)
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Names what is under the cursor for "found …" in messages: a whole
    /// string or word when there is one, since a bare `'"'` helps nobody.
    func describeToken() -> String {
        guard let byte = current else { return "end of input" }
        switch byte {
        case 0x0A, 0x0D:
            return "a line break"
        case 0x00..<0x20, 0x7F:
            return "control character U+\(JSONNode.hex4(UInt32(byte)))"
        default:
            break
        }
        var end = index
        var shown = 0
        let isQuote = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        func isWordByte(_ b: UInt8) -> Bool {
            b >= 0x80 || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || (0x30...0x39).contains(b)
                || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
        }
        repeat {
            end += scalar(at: end).length
            shown += 1
            guard end < bytes.count, shown < 32, bytes[end] != 0x0A, bytes[end] != 0x0D else { break }
            if isQuote {
                if bytes[end] == byte {
                    end += 1
                    break
                }
            } else if !isWordByte(byte) || !isWordByte(bytes[end]) || Self.isWhitespace(scalar(at: end).scalar) {
                break
            }
        } while true
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        return "'\(text)\(shown >= 32 ? "…" : "")'"
    }
}
