/// A request line the gate accepts: `method SP target SP HTTP/1.x`, with the target
/// in origin form (`/path?query`) or `*`. An absolute-form target (`http://host/path`)
/// is read as its path, and its authority replaces `Host` (RFC 9112 §3.2.2).
struct HTTPRequestLine: Sendable, Hashable {
    /// The method, a token such as `GET`.
    let method: String
    /// The target in origin form, or `*`.
    let target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    let version: String
    /// The authority of an absolute-form target, which stands for `Host`.
    let authority: String?

    /// Whether this is HTTP/1.1 (else HTTP/1.0).
    var isHTTP11: Bool { version == "HTTP/1.1" }

    /// Reads a request line (without its CRLF).
    static func parse(_ bytes: ArraySlice<UInt8>, maximumTargetBytes: Int) -> Result<HTTPRequestLine, HTTPRequestViolation> {
        let parts = bytes.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(HTTPToken.isTokenByte) else { return .failure(.badRequestLine) }
        let rawTarget = parts[1], rawVersion = parts[2]
        guard rawTarget.count <= maximumTargetBytes else { return .failure(.targetTooLong(limit: maximumTargetBytes)) }
        // Visible ASCII only: a space, a control or a byte above 0x7E is no part of a URI.
        guard !rawTarget.isEmpty, rawTarget.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return .failure(.badRequestLine) }
        let version = String(decoding: rawVersion, as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(isVersion(rawVersion) ? .unsupportedVersion : .badRequestLine)
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: rawTarget, as: UTF8.self)
        if target.hasPrefix("/") { return .success(HTTPRequestLine(method: method, target: target, version: version, authority: nil)) }
        if target == "*" && method == "OPTIONS" { return .success(HTTPRequestLine(method: method, target: target, version: version, authority: nil)) }
        guard let (authority, path) = absoluteForm(target) else { return .failure(.badRequestLine) }
        return .success(HTTPRequestLine(method: method, target: path, version: version, authority: authority))
    }

    /// `HTTP/` DIGIT `.` DIGIT: a version, if not one served.
    private static func isVersion(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = Array(bytes)
        guard text.count == 8, Array(text[0..<5]) == Array("HTTP/".utf8), text[6] == UInt8(ascii: ".") else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[5]) && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[7])
    }

    /// `http://authority/path?query` (or https) as its authority and origin-form path.
    private static func absoluteForm(_ target: String) -> (String, String)? {
        let lowered = target.lowercased()
        let scheme = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
        guard scheme > 0 else { return nil }
        let rest = target.dropFirst(scheme)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = String(rest[..<end])
        // No user information: `user@host` would make the host ambiguous.
        guard !authority.isEmpty, !authority.contains("@"), HTTPToken.isHost(authority) else { return nil }
        let tail = rest[end...]
        return (authority, tail.hasPrefix("/") ? String(tail) : "/" + tail)
    }
}
