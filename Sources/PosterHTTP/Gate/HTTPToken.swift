/// The character classes of RFC 9110 that the gate checks bytes against.
enum HTTPToken {
    /// A `tchar`: the letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Whether two ASCII texts are equal ignoring the case of letters.
    static func equalsIgnoringCase(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where a != b {
            let lowerA = (a >= 0x41 && a <= 0x5A) ? a | 0x20 : a
            let lowerB = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
            guard lowerA == lowerB else { return false }
        }
        return true
    }

    /// The field names an error may name back (canonically spelled): fields the server reads or
    /// framing depends on. Any other name is the client's own text and is not repeated.
    static let knownFields = ["Host", "Content-Length", "Transfer-Encoding", "Expect", "Content-Type", "Accept",
                              "If-None-Match", "Connection", "User-Agent", "X-Forwarded-For", "X-Request-Id", "Traceparent"]

    /// `name`'s canonical spelling when it is one of `knownFields`, else nil.
    static func knownFieldName(_ name: some Collection<UInt8>) -> String? {
        knownFields.first { equalsIgnoringCase(name, $0.utf8) }
    }

    /// A byte a field value may hold: visible ASCII, space, tab and obs-text (0x80–0xFF).
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    /// `uri-host [":" port]`: a registered name, IPv4 address or bracketed IPv6
    /// literal (their characters only), then at most five port digits.
    static func isHost(_ text: String) -> Bool {
        var host = Substring(text)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.utf8.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return false }
            host = host[host.index(after: close)...]
            return host.isEmpty || isPort(host)
        }
        if let colon = host.lastIndex(of: ":") {
            guard isPort(host[colon...]) else { return false }
            host = host[..<colon]
        }
        return !host.isEmpty && host.utf8.allSatisfy(isRegisteredNameByte)
    }

    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && digits.count <= 5 && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// unreserved, sub-delims and `%` (a reg-name's percent escapes).
    private static func isRegisteredNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }
}
