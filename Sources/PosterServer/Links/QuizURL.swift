import NMTIDomain

/// Where a friend without the app takes the quiz (`serve --quiz-url`): a web quiz, an
/// H5 page, or a store or 小程序 page reachable over https. The invite page's main
/// button goes there carrying the invite, as one query parameter appended to whatever
/// query the URL already has (`carrying(invite:)`).
///
/// An operator's setting, but it ends up in every landing page's `href`, so it is
/// checked like any input: `https` (`http` only for `127.0.0.1` and `localhost`, for
/// local testing, as link bases allow), a host name, no user name, no fragment (the
/// invite would land behind it), printable ASCII only, well-formed `%` escapes, no
/// `nmti_invite` of its own, and at most `maximumLength` bytes.
public struct QuizURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given (already checked).
    public let text: String

    /// The longest quiz URL accepted, in bytes: the invite appended to it is up to about
    /// 1.5 KiB more, and the whole must stay a URL every browser and WeChat opens.
    public static let maximumLength = 512

    /// The query parameter that carries the invite: the whole invite link, percent-encoded.
    public static let inviteParameter = "nmti_invite"

    /// Checks a quiz URL, or says what is wrong with it.
    public init(_ text: String) throws(QuizURLError) {
        func fail(_ reason: String) -> QuizURLError { QuizURLError(reason: reason) }
        guard text.utf8.count <= Self.maximumLength else {
            throw fail("is \(text.utf8.count) bytes; the limit is \(Self.maximumLength)")
        }
        guard text.utf8.allSatisfy(Self.isAllowedByte) else {
            throw fail("may hold only printable ASCII without spaces, quotes, '<', '>', '\\', '^', '`', '{', '|' or '}'; percent-encode anything else")
        }
        guard !text.contains("#") else {
            throw fail("must not hold a fragment ('#'): the invite is appended to the query, and a browser never sends what follows '#'")
        }
        guard let split = text.range(of: "://") else { throw fail("expected an https:// URL such as https://quiz.example/start") }
        let scheme = text[..<split.lowerBound].lowercased()
        let rest = text[split.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<end].lowercased()
        guard !authority.contains("@") else { throw fail("must not hold a user name or password ('@' before the host)") }
        let host = Self.host(of: authority)
        guard let host else {
            throw fail("'\(authority)' is not a host name (letters, digits, '-' and '.', optionally ':port')")
        }
        let local = host == "127.0.0.1" || host == "localhost"
        guard scheme == "https" || (scheme == "http" && local) else {
            throw fail(scheme == "http"
                ? "the scheme must be https; http is accepted only for 127.0.0.1 and localhost (local testing)"
                : "the scheme must be https (or http for 127.0.0.1 and localhost)")
        }
        guard PercentEncoding.decodeBytes(Substring(text)) != nil else {
            throw fail("holds a '%' that is not followed by two hex digits")
        }
        if let query = rest.firstIndex(of: "?").map({ rest[rest.index(after: $0)...] }),
           query.split(separator: "&").contains(where: { $0 == Self.inviteParameter || $0.hasPrefix(Self.inviteParameter + "=") }) {
            throw fail("already has a '\(Self.inviteParameter)' parameter, which the landing page appends itself")
        }
        self.text = text
    }

    /// The URL as given.
    public var description: String { text }

    /// The URL with `nmti_invite=<the invite link, percent-encoded>` appended: after `?`
    /// when the URL has no query, else after `&` (nothing when it already ends in `?` or `&`).
    public func carrying(invite link: String) -> String {
        let separator = !text.contains("?") ? "?" : text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&"
        return text + separator + Self.inviteParameter + "=" + PercentEncoding.encode(link)
    }

    /// The lowercased host of `host[:port]`, or nil when it is not a host name or the port is not 1–65535.
    private static func host(of authority: String) -> String? {
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0]
        guard !host.isEmpty, host.utf8.count <= 253, !host.hasPrefix("."), !host.hasSuffix("."), !host.contains(".."),
              host.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else { return nil }
        if parts.count == 2 {
            guard parts[1].utf8.allSatisfy({ (48...57).contains($0) }), let port = Int(parts[1]), (1...65_535).contains(port) else { return nil }
        }
        return String(host)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// Printable ASCII except what RFC 3986 never allows unescaped in a URL.
    private static func isAllowedByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !Array("\"<>\\^`{|}".utf8).contains(byte)
    }
}

/// Why a quiz URL was refused. It quotes no more of the URL than the host.
public struct QuizURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with it.
    public let reason: String

    /// The reason.
    public var description: String { reason }
}
