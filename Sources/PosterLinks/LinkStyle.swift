import NMTIDomain

/// How the engine prints the links on its posters: the form (the `nmti://` app
/// scheme, or under a link base the compact form, falling back to the long web form)
/// and, with a signer, a signature.
public struct LinkStyle: Sendable {
    /// The form links are written in.
    public var form: LinkForm
    /// The signer that signs every printed link, if any.
    public var signer: LinkSigner?

    /// A style; the default prints unsigned `nmti://` links, as before link bases existed.
    public init(form: LinkForm = .scheme, signer: LinkSigner? = nil) {
        self.form = form
        self.signer = signer
    }

    /// Unsigned links in the app scheme.
    public static let scheme = LinkStyle()

    /// The style for an optional link base: the compact form under the base (what
    /// posters carry by default), or the app scheme without one.
    public init(base: LinkBase?, signer: LinkSigner? = nil) {
        self.init(form: base.map { .compact($0) } ?? .scheme, signer: signer)
    }

    /// What a poster's bytes depend on in this style, for provenance records: the
    /// form (`nmti`, or `web <base>`) and, when signing, the signing key's identifier.
    public var fingerprint: String {
        var text: String
        switch form {
        case .scheme: text = "nmti"
        case .web(let base): text = "web \(base.text)"
        case .compact(let base): text = "compact \(base.text)"
        }
        if let signer { text += " signed \(signer.keyIdentifier)" }
        return text
    }

    /// The link's text in this style, as a poster's QR code carries it: in the compact
    /// form, the signature's first 80 bits, or the long web form for a link the compact
    /// form cannot hold (a score outside -16…15).
    public func text(for link: NMTILink) -> String {
        link.url(form: form, signature: signer?.signature(for: link))
    }

    /// The link's text for people: the long web form under the base (with a full
    /// 128-bit signature) where `text(for:)` prints the compact form, else the same.
    public func longText(for link: NMTILink) -> String {
        link.url(form: form.longForm, signature: signer?.signature(for: link))
    }
}

/// A parsed link judged against a signer: what may be shown of it. Nicknames are
/// user text, so they are kept only when the signature verifies; everything else
/// (types, scores, pack) is shown either way.
public struct CheckedLink: Sendable, Hashable {
    /// The link to draw: the parsed link, without nicknames unless it verified.
    public let link: NMTILink
    /// Whether the link carried a signature that verifies under the signer's keys.
    public let isVerified: Bool
    /// Whether nicknames were removed because the link did not verify.
    public let removedNicknames: Bool

    /// Judges a parsed link; with no signer nothing verifies.
    public init(_ parsed: ParsedLink, signer: LinkSigner?) {
        isVerified = signer?.verifies(parsed) ?? false
        removedNicknames = !isVerified && parsed.link.hasNicknames
        link = isVerified ? parsed.link : parsed.link.withoutNicknames
    }
}
