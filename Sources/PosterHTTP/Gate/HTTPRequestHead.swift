/// A request head the gate accepted, with one unambiguous reading of where its body
/// ends. It is passed on to libmicrohttpd rewritten in a canonical form, so the
/// library never sees a framing it could read differently.
struct HTTPRequestHead: Sendable, Hashable {
    /// One header line: a token name and its value without surrounding whitespace.
    struct Field: Sendable, Hashable {
        let name: String
        /// The value's bytes as sent (obs-text passes through unchanged).
        let bytes: [UInt8]

        init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }

        init(name: String, value: String) {
            self.init(name: name, bytes: Array(value.utf8))
        }

        /// The value as text (bytes that are not UTF-8 read as U+FFFD).
        var value: String { String(decoding: bytes, as: UTF8.self) }

        /// Reads `name: value` (without CRLF): no whitespace before the colon, no folding,
        /// no control characters.
        static func parse(_ bytes: ArraySlice<UInt8>) -> Result<Field, HTTPRequestViolation> {
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.badHeaderField(name: nil)) }
            let name = bytes[..<colon]
            guard !name.isEmpty, name.allSatisfy(HTTPToken.isTokenByte) else { return .failure(.badHeaderField(name: nil)) }
            var value = bytes[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            guard value.allSatisfy(HTTPToken.isFieldValueByte) else { return .failure(.badHeaderField(name: HTTPToken.knownFieldName(name))) }
            return .success(Field(name: String(decoding: name, as: UTF8.self), bytes: Array(value)))
        }

        /// Whether the name is `other` in any letter case (ASCII: names are tokens). Not
        /// Foundation's `caseInsensitiveCompare`, which costs a microsecond a call.
        func named(_ other: String) -> Bool {
            HTTPToken.equalsIgnoringCase(name.utf8, other.utf8)
        }
    }

    /// Where the body ends.
    enum Framing: Sendable, Hashable {
        /// No body.
        case none
        /// Exactly this many bytes.
        case length(Int)
        /// Chunked: the gate decodes it and passes it on in canonical chunks.
        case chunked
    }

    let line: HTTPRequestLine
    /// The header lines to pass on: every one the client sent except the framing
    /// fields (`Content-Length`, `Transfer-Encoding`), which the gate writes itself.
    let fields: [Field]
    let framing: Framing
    /// Whether the client waits for `100 Continue` before sending the body.
    let expectsContinue: Bool

    /// Decides the framing of a parsed head, or the violation that refuses it.
    static func make(line: HTTPRequestLine, fields: [Field], maximumBodyBytes: Int) -> Result<HTTPRequestHead, HTTPRequestViolation> {
        var hosts = fields.filter { $0.named("Host") }
        if hosts.count > 1 { return .failure(.badHost(.repeated)) }
        if let authority = line.authority {
            // RFC 9112 §3.2.2 lets an absolute target's authority override Host; pages built from
            // the host would then differ from what a cache keyed on Host stored, so they must agree.
            if let host = hosts.first, !HTTPToken.equalsIgnoringCase(host.bytes, authority.utf8) { return .failure(.badHost(.conflicting)) }
            hosts = [Field(name: "Host", value: authority)]
        }
        if hosts.isEmpty, line.isHTTP11 { return .failure(.badHost(.missing)) }
        if let host = hosts.first, !HTTPToken.isHost(host.value) { return .failure(.badHost(.malformed)) }

        let lengths = fields.filter { $0.named("Content-Length") }
        let codings = fields.filter { $0.named("Transfer-Encoding") }
        var framing = Framing.none
        if !codings.isEmpty {
            guard lengths.isEmpty, line.isHTTP11 else { return .failure(.conflictingFraming) }
            // Exactly one field saying exactly `chunked`: no lists, not even with empty members
            // (`,chunked`), which a proxy might read another way.
            guard codings.count == 1, HTTPToken.equalsIgnoringCase(codings[0].bytes, "chunked".utf8) else {
                return .failure(.unsupportedTransferCoding)
            }
            framing = .chunked
        } else if !lengths.isEmpty {
            guard lengths.count == 1 else { return .failure(.badContentLength(.repeated)) }
            let digits = lengths[0].value.utf8
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(.badContentLength(.malformed))
            }
            // Valid digits beyond any body we read are too large, however many there are.
            guard let length = Int(lengths[0].value), length <= maximumBodyBytes else { return .failure(.bodyTooLarge(limit: maximumBodyBytes)) }
            if length > 0 { framing = .length(length) }
        }

        let expectations = fields.filter { $0.named("Expect") }
        var expectsContinue = false
        if line.isHTTP11, !expectations.isEmpty {  // HTTP/1.0 expectations are ignored (RFC 9110 §10.1.1)
            guard expectations.count == 1, HTTPToken.equalsIgnoringCase(expectations[0].bytes, "100-continue".utf8) else {
                return .failure(.unsupportedExpectation)
            }
            expectsContinue = framing != .none
        }
        // The framing fields are written anew; marker and query fields are only ever the gate's own.
        var kept = fields.filter {
            !$0.named("Content-Length") && !$0.named("Transfer-Encoding") && !$0.named("Expect") && !$0.named("Host")
                && !$0.named(HTTPGateMarker.field) && !$0.named(HTTPGateMarker.queryField)
        }
        if let host = hosts.first { kept.insert(Field(name: "Host", bytes: host.bytes), at: 0) }
        return .success(HTTPRequestHead(line: line, fields: kept, framing: framing, expectsContinue: expectsContinue))
    }

    /// The head as libmicrohttpd is given it: the request line, the kept fields, and
    /// one framing field (`Content-Length` or `Transfer-Encoding: chunked`).
    var canonicalBytes: [UInt8] {
        var bytes = Array(HTTPGateMarker.requestLine(method: line.method, target: line.target, version: line.version).utf8)
        for field in fields {
            bytes += field.name.utf8
            bytes += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            bytes += field.bytes
            bytes += [0x0D, 0x0A]
        }
        switch framing {
        case .none: break
        case .length(let count): bytes += "Content-Length: \(count)\r\n".utf8
        case .chunked: bytes += "Transfer-Encoding: chunked\r\n".utf8
        }
        if expectsContinue { bytes += "Expect: 100-continue\r\n".utf8 }
        bytes += [0x0D, 0x0A]
        return bytes
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
