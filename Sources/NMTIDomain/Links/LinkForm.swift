/// Which of the equivalent forms a link is written in.
public enum LinkForm: Sendable, Hashable {
    /// The app scheme, `nmti://invite?…` and `nmti://reply?…`.
    case scheme
    /// The long web form under a link base, `<base>i?…` and `<base>r?…`.
    case web(LinkBase)
    /// The compact form under a link base, `<base>I/<payload>` and `<base>R/<payload>`,
    /// for QR codes; a link it cannot hold is written in the long web form instead.
    case compact(LinkBase)

    /// The form to show people: the long web form for the compact form, else itself.
    public var longForm: LinkForm {
        if case .compact(let base) = self { return .web(base) }
        return self
    }
}

/// The `https://` prefix under which web-form links live, such as
/// `https://nmti.example/` or `https://example.com/nmti/`.
///
/// Normalised to a lowercase scheme and host and a path ending in `/`. Only
/// `https` opens an app through universal links and App Links; `http` is accepted
/// for local testing (`http://127.0.0.1:8080/`).
public struct LinkBase: Sendable, Hashable, CustomStringConvertible {
    /// The normalised base, ending in `/`.
    public let text: String
    /// The scheme, `https` or `http`.
    public let scheme: String
    /// The host, with its port if one was given.
    public let authority: String
    /// The path, starting and ending with `/`.
    public let path: String

    /// The longest base accepted, in bytes, so that links stay short enough to scan.
    public static let maximumLength = 100

    /// Parses and normalises a base, or says what is wrong with it.
    public init(_ base: String) throws(LinkBaseError) {
        func fail(_ reason: String) -> LinkBaseError { LinkBaseError(base: base, reason: reason) }
        guard base.utf8.count <= Self.maximumLength else {
            throw fail("is \(base.utf8.count) bytes; the limit is \(Self.maximumLength), so that QR codes stay easy to scan")
        }
        guard let split = base.range(of: "://") else { throw fail("expected an https:// URL such as https://nmti.example/") }
        let scheme = base[..<split.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http" else { throw fail("the scheme must be https (or http for local testing)") }
        let rest = base[split.upperBound...]
        guard !rest.contains(where: { "?#@\\".contains($0) }) else {
            throw fail("must not hold a query, fragment, user name or backslash")
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash].lowercased()
        guard Self.isValidAuthority(authority) else {
            throw fail("'\(authority)' is not a host name (letters, digits, '-' and '.', optionally ':port')")
        }
        var path = String(rest[slash...])
        if path.isEmpty { path = "/" }
        if !path.hasSuffix("/") { path += "/" }
        guard path.utf8.allSatisfy(Self.isPathByte), !path.contains("//"), !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            throw fail("the path '\(path)' may hold only letters, digits, '-', '.', '_', '~' and single '/' between segments")
        }
        self.scheme = scheme
        self.authority = authority
        self.path = path
        text = "\(scheme)://\(authority)\(path)"
    }

    /// The base as text.
    public var description: String { text }

    private static func isValidAuthority(_ authority: String) -> Bool {
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0]
        guard !host.isEmpty, host.utf8.count <= 63 * 4, !host.hasPrefix("."), !host.hasSuffix("."), !host.contains("..") else {
            return false
        }
        guard host.utf8.allSatisfy({ isHostByte($0) }) else { return false }
        if parts.count == 2 {
            guard let port = Int(parts[1]), parts[1].utf8.allSatisfy({ (48...57).contains($0) }), (1...65535).contains(port) else {
                return false
            }
        }
        return true
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
        }
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}

/// Why a link base was refused.
public struct LinkBaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The base as given.
    public let base: String
    /// What is wrong with it.
    public let reason: String

    /// A description naming the base and the reason.
    public var description: String { "link base '\(base)': \(reason)" }
}
