import NMTIDomain

/// A request path the links part of the service answers, found under the root and,
/// when the link base has a path (`https://example.com/nmti/`), under that path too,
/// so a proxy may pass the prefix on or strip it.
enum LinkRoute: Equatable {
    /// `<base>i` or `<base>r`: a landing page; `kind` is `i` or `r`.
    case page(kind: String)
    /// `<base>I/<payload>` or `<base>R/<payload>`: the landing page of a compact link,
    /// answered as its long form is; `kind` is `i` or `r`.
    case compactPage(kind: String, payload: String)
    /// `<base>v1/links/<i|r>/<theme>.png`: a poster drawn from a link. `path` is the
    /// path below the base (`/v1/links/r/pair.png`): what a signed URL signs.
    case image(kind: String, theme: Substring, path: String)
    /// `/.well-known/apple-app-site-association`.
    case appleAssociation
    /// `/.well-known/assetlinks.json`.
    case assetLinks

    /// The prefix of link image paths below the base.
    static let imagePrefix = "v1/links/"

    /// The landing page paths below the base path, as the app declares them: the long
    /// form's `i` and `r`, and the compact form's `I/…` and `R/…` (`*` as in the AASA file).
    static let declaredPaths = ["i", "r", "I/*", "R/*"]

    /// The route of `path`, or nil when it is none of the above.
    init?(path: Substring, base: LinkBase?) {
        switch path {
        case "/.well-known/apple-app-site-association": self = .appleAssociation; return
        case "/.well-known/assetlinks.json": self = .assetLinks; return
        default: break
        }
        guard path.hasPrefix("/") else { return nil }
        var rest = path.dropFirst()
        if let prefix = base?.path, prefix != "/", path.hasPrefix(prefix) { rest = path.dropFirst(prefix.count) }
        if rest == "i" || rest == "r" {
            self = .page(kind: String(rest))
            return
        }
        if rest.hasPrefix("I/") || rest.hasPrefix("R/") {
            // One segment only: `/I/x/y/I/<payload>` would be another spelling of one page
            // (a cache key each) whose kind the parser reads from the last segment.
            guard !rest.dropFirst(2).contains("/") else { return nil }
            // The payload is checked by the link parser, which names what is wrong with it.
            self = .compactPage(kind: rest.hasPrefix("I/") ? "i" : "r", payload: String(rest.dropFirst(2)))
            return
        }
        guard rest.hasPrefix(Self.imagePrefix), rest.hasSuffix(".png") else { return nil }
        let tail = rest.dropFirst(Self.imagePrefix.count).dropLast(".png".count)
        guard let slash = tail.firstIndex(of: "/") else { return nil }
        let kind = tail[..<slash]
        let theme = tail[tail.index(after: slash)...]
        guard kind == "i" || kind == "r", !theme.isEmpty, !theme.contains("/") else { return nil }
        self = .image(kind: String(kind), theme: theme, path: "/" + String(rest))
    }

    /// The label in metrics and the access log.
    var route: PosterService.Route {
        switch self {
        case .page, .compactPage: .landing
        case .image: .linkPoster
        case .appleAssociation, .assetLinks: .wellKnown
        }
    }
}
