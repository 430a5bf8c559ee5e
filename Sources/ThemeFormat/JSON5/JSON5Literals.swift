extension JSON5Scanner {
    /// Reads a single- or double-quoted string; the cursor is on the opening quote.
    mutating func scanString() throws(JSON5SyntaxError) -> String {
        let start = location
        let quote = bytes[index]
        let quoteText = quote == UInt8(ascii: "'") ? "'" : "\""
        advance()
        var out: [UInt8] = []
        while true {
            guard let byte = current else {
                throw error("unterminated string: the closing \(quoteText) is missing", at: start)
            }
            switch byte {
            case quote:
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try scanEscape(into: &out)
            case 0x0A, 0x0D:
                // Usually a forgotten closing quote, so point at the string's start, not the line end.
                throw error("unterminated string: the closing \(quoteText) is missing before the end of the line (write \\n for a line break)", at: start)
            case 0x00..<0x20:
                throw error("control character U+\(JSONNode.hex4(UInt32(byte))) in a string; write it as an escape such as \\t")
            default:
                out.append(byte)
                advance()
            }
        }
    }

    /// Resolves one escape sequence; the cursor is on the backslash.
    private mutating func scanEscape(into out: inout [UInt8]) throws(JSON5SyntaxError) {
        let start = location
        advance()
        guard let byte = current else { return }  // the string loop reports the missing quote
        func emit(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { out.append($0) }
        }
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "v"): 0x0B
        default: nil
        }
        if let simple {
            out.append(simple)
            advance()
            return
        }
        switch byte {
        case UInt8(ascii: "0"):
            if let next = peek(1), (0x30...0x39).contains(next) {
                throw error("invalid escape '\\0\(Character(Unicode.Scalar(next)))': \\0 cannot be followed by a digit", at: start)
            }
            out.append(0)
            advance()
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))': digits cannot be escaped", at: start)
        case UInt8(ascii: "x"):
            advance()
            emit(Unicode.Scalar(UInt8(try hexValue(digits: 2, escape: "\\x", startingAt: start))))
        case UInt8(ascii: "u"):
            advance()
            emit(try scanUnicodeEscape(startingAt: start))
        case 0x0A:
            advance()  // line continuation: the break is not part of the text
        case 0x0D:
            advance()
            if current == 0x0A { advance() }
        case 0x00..<0x20:
            throw error("control character U+\(JSONNode.hex4(UInt32(byte))) in a string; write it as an escape such as \\t")
        default:
            // JSON5 lets any other character escape itself, and U+2028/9 after a backslash continue the line.
            let (scalar, length) = self.scalar(at: index)
            advance(by: length)
            if scalar != "\u{2028}" && scalar != "\u{2029}" { emit(scalar) }
        }
    }

    /// Reads the four hex digits after `\u`, pairing UTF-16 surrogates because
    /// JSON5 writes characters beyond the BMP as two escapes.
    mutating func scanUnicodeEscape(startingAt start: SourceLocation) throws(JSON5SyntaxError) -> Unicode.Scalar {
        let first = try hexValue(digits: 4, escape: "\\u", startingAt: start)
        let unpaired = "unpaired surrogate '\\u\(JSONNode.hex4(first))'; characters above U+FFFF need a high and a low surrogate escape, e.g. \\uD83D\\uDE00"
        switch first {
        case 0xD800...0xDBFF:
            guard current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else { throw error(unpaired, at: start) }
            let secondStart = location
            advance(by: 2)
            let second = try hexValue(digits: 4, escape: "\\u", startingAt: secondStart)
            guard (0xDC00...0xDFFF).contains(second) else { throw error(unpaired, at: start) }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw error(unpaired, at: start)
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func hexValue(digits: Int, escape: String, startingAt start: SourceLocation) throws(JSON5SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw error("invalid escape: \(escape) must be followed by \(digits) hexadecimal digits", at: start)
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// Reads a number: optional sign, then hex, decimal (with optional leading or
    /// trailing point and exponent), `Infinity` or `NaN`.
    mutating func scanNumber(allowingNonFinite: Bool) throws(JSON5SyntaxError) -> JSONNode.Kind {
        let start = location
        let startIndex = index
        let negative = current == UInt8(ascii: "-")
        if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { advance() }
        func invalid(_ detail: String = "") -> JSON5SyntaxError {
            var end = index
            while end < bytes.count, end - startIndex < 40, continuesNumber(at: end) { end += scalar(at: end).length }
            let text = String(decoding: bytes[startIndex..<end], as: UTF8.self)
            return error("invalid number '\(text)'\(detail)", at: start)
        }
        if current == UInt8(ascii: "I") || current == UInt8(ascii: "N") {
            let word = try scanIdentifier()
            guard word == "Infinity" || word == "NaN" else { throw invalid() }
            guard allowingNonFinite else { throw error("\(word) is not allowed; use a finite number", at: start) }
            return .number(word == "NaN" ? .nan : negative ? -.infinity : .infinity, exact: nil)
        }
        if current == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X") {
            advance(by: 2)
            var value = 0.0
            var exact: Int? = 0
            var count = 0
            while let byte = current, let digit = Self.hexDigit(byte) {
                value = value * 16 + Double(digit)
                exact = exact.flatMap { Self.appendDigit(Int(digit), to: $0, base: 16, negative: negative) }
                count += 1
                advance()
            }
            guard count > 0, !continuesNumber(at: index) else { throw invalid() }
            guard value.isFinite else { throw error("number is too large", at: start) }
            return .number(negative ? -value : value, exact: exact)
        }
        var digits: [UInt8] = []  // ASCII, so the mantissa string is a plain copy
        var fractionCount = 0
        while let byte = current, (0x30...0x39).contains(byte) { digits.append(byte); advance() }
        let integerCount = digits.count
        if current == UInt8(ascii: ".") {
            advance()
            while let byte = current, (0x30...0x39).contains(byte) { digits.append(byte); fractionCount += 1; advance() }
        }
        guard !digits.isEmpty else { throw invalid() }
        if integerCount > 1 && digits[0] == UInt8(ascii: "0") { throw invalid(": numbers cannot start with 0") }
        var exponent = 0
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            let negativeExponent = current == UInt8(ascii: "-")
            if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { advance() }
            var exponentDigits = 0
            while let byte = current, (0x30...0x39).contains(byte) {
                exponent = min(exponent * 10 + Int(byte - 0x30), 1_000_000)  // clamped: beyond this, it is 0 or too large anyway
                exponentDigits += 1
                advance()
            }
            guard exponentDigits > 0 else { throw invalid(": the exponent needs digits") }
            if negativeExponent { exponent = -exponent }
        }
        if continuesNumber(at: index) { throw invalid() }
        let text = (negative ? "-" : "") + "0." + String(decoding: digits, as: UTF8.self) + "e\(exponent - fractionCount + digits.count)"
        guard let value = Double(text), value.isFinite else { throw error("number is too large", at: start) }
        return .number(value, exact: Self.exactInteger(digits: digits, exponent: exponent - fractionCount, negative: negative))
    }

    /// Whether the character at `offset`, right after a number, makes the number
    /// malformed (`12px`, `1.2.3`) rather than merely ending it.
    private func continuesNumber(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        let byte = bytes[offset]
        return byte == UInt8(ascii: ".") || (0x30...0x39).contains(byte) || Self.isIdentifierPart(scalar(at: offset).scalar)
    }

    /// The integer `digits × 10^exponent` if it is one and fits in `Int`;
    /// computed from the digits so that `1.0000000000000000001` is not mistaken for 1.
    private static func exactInteger(digits: [UInt8], exponent: Int, negative: Bool) -> Int? {
        var significant = digits.drop { $0 == UInt8(ascii: "0") }
        var exponent = exponent
        while significant.last == UInt8(ascii: "0") {
            significant.removeLast()
            exponent += 1
        }
        if significant.isEmpty { return 0 }
        guard exponent >= 0, significant.count + exponent <= 19 else { return nil }
        var value = 0
        for digit in significant + Array(repeating: UInt8(ascii: "0"), count: exponent) {
            guard let next = appendDigit(Int(digit - 0x30), to: value, base: 10, negative: negative) else { return nil }
            value = next
        }
        return value
    }

    /// `value * base ± digit`, or nil on overflow; negatives accumulate downwards so `Int.min` fits.
    private static func appendDigit(_ digit: Int, to value: Int, base: Int, negative: Bool) -> Int? {
        let (shifted, overflow) = value.multipliedReportingOverflow(by: base)
        guard !overflow else { return nil }
        let (result, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
        return overflow2 ? nil : result
    }
}
