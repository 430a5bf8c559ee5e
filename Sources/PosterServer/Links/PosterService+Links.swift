import Foundation
import NMTIDomain
import PosterKit
import PosterHTTP
import PosterHashing
import PosterLinks

extension PosterService {
    /// Answers a link route: a landing page or a `/.well-known/` file at once, on
    /// the HTTP thread (nothing is drawn), or a link poster through the render queue.
    func handleLink(_ route: LinkRoute, _ exchange: Exchange) {
        let request = exchange.request
        guard ["GET", "HEAD"].contains(request.method) else {
            let error = ServiceError.methodNotAllowed(request.method, allowed: ["GET", "HEAD"])
            switch route {
            case .page, .compactPage: return exchange.finish(LandingError.response(error, request))
            default: break
            }
            return exchange.fail(error)
        }
        switch route {
        case .page(let kind):
            do throws(ServiceError) {
                exchange.finish(try landing(kind, request))
            } catch {
                exchange.finish(LandingError.response(error, request))
            }
        case .compactPage(let kind, let payload):
            do throws(ServiceError) {
                exchange.finish(try landing(kind, request, compactPayload: payload))
            } catch {
                exchange.finish(LandingError.response(error, request))
            }
        case .image(let kind, let theme, let path):
            if !isServing { return exchange.fail(.draining) }
            if let open = http.withLock({ $0?.openConnections }), open > configuration.maximumConnections { return exchange.fail(.overCapacity) }
            do throws(ServiceError) {
                serve(try linkPosterJob(request, kind: kind, theme: theme, path: path), exchange)
            } catch {
                exchange.fail(error)
            }
        case .appleAssociation:
            let paths = LinkRoute.declaredPaths.map { (configuration.linkBase?.path ?? "/") + $0 }
            wellKnown(configuration.apps.appleAssociation(paths: paths), exchange, missing: "no iOS app is declared; start serve with --apple-app-id TEAMID.bundle.id")
        case .assetLinks:
            wellKnown(configuration.apps.assetLinks(), exchange, missing: "no Android app is declared; start serve with --android-package and --android-cert-sha256")
        }
    }

    private func wellKnown(_ body: [UInt8]?, _ exchange: Exchange, missing: String) {
        // The files are cached for an hour: an ignored query would make a new cache key each.
        guard exchange.request.query.isEmpty else {
            return exchange.fail(ServiceError(400, "bad-query", "the /.well-known/ files take no query"))
        }
        guard let body else { return exchange.fail(ServiceError(404, "not-found", missing)) }
        exchange.finish(HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "public, max-age=3600")], body: body))
    }

    /// The base page and image URLs are written under: `--link-base`, or else
    /// `http://<Host>/` (for local use; behind TLS set the base).
    func pageBase(_ request: HTTPRequest) throws(ServiceError) -> LinkBase {
        if let base = configuration.linkBase { return base }
        guard let host = request.header("Host"), !host.isEmpty, host.utf8.allSatisfy({ $0 != UInt8(ascii: "/") }),
              let base = try? LinkBase("http://\(host)/") else {
            throw ServiceError(400, "bad-host", path: "Host", "the Host header is missing or not a host name, and no --link-base is set to build the page's URLs from")
        }
        return base
    }

    /// `GET <base>i?…` and `<base>r?…`, or a compact link's `<base>I/<payload>` and
    /// `<base>R/<payload>`: the landing page of the link the URL is, the same for both.
    func landing(_ kind: String, _ request: HTTPRequest, compactPayload: String? = nil) throws(ServiceError) -> HTTPResponse {
        _ = try QueryItems(raw: request.query)  // the service's query rules first: no repeats, empty items or broken escapes
        let base = try pageBase(request)
        // A compact link's value is all in its path: any query is ignored, as the link parser does.
        let text = compactPayload.map { base.text + kind.uppercased() + "/" + $0 }
            ?? base.text + kind + (request.query.isEmpty ? "" : "?" + request.query)
        let parsed: ParsedLink
        do throws(LinkError) {
            parsed = try ParsedLink(parsing: text)
        } catch {
            throw Self.badLink(error)
        }
        let checked = CheckedLink(parsed, signer: configuration.linkSigner)
        let signature = checked.isVerified ? parsed.signature : nil
        let posterTheme = checked.link.webPath == "r" ? configuration.pairTheme : ThemeStore.defaultThemeName
        let pageURL = checked.link.url(form: .web(base), signature: signature)
        let page = LandingPage(
            link: checked.link, pageURL: pageURL, appURL: checked.link.url(form: .scheme, signature: signature),
            actionURL: actionURL(checked, pageURL: pageURL, base: base),
            thumb: linkImage(checked.link, signature: signature, page: posterTheme, format: "thumb", base: base),
            poster: linkImage(checked.link, signature: signature, theme: posterTheme, base: base, fallback: (750, 1334)),
            card: linkImage(checked.link, signature: signature, page: posterTheme, format: "card", base: base))
        let body = page.html
        let etag = "\"" + SHA256.hex(body).prefix(32) + "\""
        var headers: [(name: String, value: String)] = [
            ("ETag", etag), ("Cache-Control", CachePolicy.revalidate),
            ("Content-Security-Policy", LandingPage.contentSecurityPolicy(imageOrigin: "\(base.scheme)://\(base.authority)")),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ]
        // Without a link base the page's URLs come from the Host header: a cache must key on it.
        if configuration.linkBase == nil { headers.append(("Vary", "Host")) }
        if let condition = request.header("If-None-Match"), PosterKey.header(condition, lists: etag) {
            return HTTPResponse(status: 304, headers: headers, body: body)  // not sent: it gives the 304 the 200's Content-Length
        }
        headers.append(("Content-Type", "text/html; charset=utf-8"))
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    /// Where a landing page's main button goes. An invite: the quiz URL carrying the
    /// invite (nil without a quiz URL). A reply: the inviter's own invite, for a third
    /// friend, through the quiz URL or else as its landing page. The invite is signed
    /// only when the reply verified (its nicknames are then the ones the reply vouched for).
    func actionURL(_ checked: CheckedLink, pageURL: String, base: LinkBase) -> String? {
        switch checked.link {
        case .invite:
            return configuration.quizURL?.carrying(invite: pageURL)
        case .reply(let pack, _, let inviter):
            let invite = NMTILink.invite(pack: pack, sender: inviter)
            let signature = checked.isVerified ? configuration.linkSigner?.signature(for: invite) : nil
            let inviteURL = invite.url(form: .web(base), signature: signature)
            return configuration.quizURL?.carrying(invite: inviteURL) ?? inviteURL
        }
    }

    /// A landing page's image in `format` (`thumb`, `card`) of the page's theme, or
    /// where it ships none, of the theme `pageImageSource` falls back to.
    func linkImage(_ link: NMTILink, signature: String?, page theme: String, format: String, base: LinkBase) -> LandingPage.Image {
        let source = pageImageSource(format: format, pageTheme: theme)
        let standard = PosterFormat.standard(named: format).map { (Int($0.canvasSize.width * 2), Int($0.canvasSize.height * 2)) }
        return linkImage(link, signature: signature, theme: source.theme, format: source.format, base: base, fallback: standard ?? (750, 1334))
    }

    /// The absolute URL of a link's poster in `theme` (in `format`, nil for the theme's
    /// default), signed when the service signs URLs, with `d=<digest>` (content-addressed)
    /// when the theme is loaded and ships the format; and its size in pixels.
    func linkImage(
        _ link: NMTILink, signature: String?, theme name: String, format: String? = nil, base: LinkBase, fallback: (Int, Int)
    ) -> LandingPage.Image {
        let text = link.url(form: .web(base))
        let raw = text.firstIndex(of: "?").map { text[text.index(after: $0)...] } ?? ""
        var pairs = ((try? QueryItems(raw: raw))?.items ?? []).map { ($0.name, $0.value) }
        if let signature { pairs.append(("ls", signature)) }
        if let format { pairs.append(("format", format)) }
        var size = fallback
        let entry = catalog.entry(name)
        let drawn = format.map { entry?.theme.inFormat($0) } ?? entry?.theme
        if let entry, let drawn {
            pairs.append(("d", key(link.result, entry, drawn).digest))
            size = drawn.pixelSize
        }
        let path = "/\(LinkRoute.imagePrefix)\(link.webPath)/\(QueryItems.encode(name)).png"
        let target = signer?.signedTarget(path: path, query: pairs)
            ?? path + "?" + pairs.map { "\(QueryItems.encode($0.0))=\(QueryItems.encode($0.1))" }.joined(separator: "&")
        return LandingPage.Image(url: base.text + target.dropFirst(), width: size.0, height: size.1)
    }

    /// The link parameters a link image takes, besides `ls` (the link's signature),
    /// `d` (the content digest) and `sig` (the URL signature).
    static let linkParameters: Set<String> = ["v", "t", "iv", "it", "p", "n", "in"]

    /// `GET <base>v1/links/<i|r>/<theme>.png?<link query>[&ls=][&format=][&d=][&sig=]`.
    func linkPosterJob(_ request: HTTPRequest, kind: String, theme name: Substring, path: String) throws(ServiceError) -> PosterJob {
        let query = try QueryItems(raw: request.query)
        try checkSignature(query) { URLSigner.canonical(path: path, query: query) }
        try refuseUnknown(query, known: Self.linkParameters.union(["ls", "format", "d", "sig"]),
                          "link posters take the web link's v, t, iv, it, p, n, in, and ls (the link's signature), format, d, sig")
        // Without a link key no `ls` can verify: refused like a `sig` without URL signing. With
        // one, an `ls` that does not verify leaves the nicknames out, as a tampered link's page does.
        if query.value("ls") != nil, configuration.linkSigner == nil {
            throw ServiceError(400, "bad-query", path: "ls", "ls: this server has no link key (it was started without --link-key-file), so it cannot check a link's signature; leave ls out (the poster is drawn without nicknames)")
        }
        let items = query.items.compactMap { item -> String? in
            if Self.linkParameters.contains(item.name) { return "\(QueryItems.encode(item.name))=\(QueryItems.encode(item.value))" }
            return item.name == "ls" ? "sig=\(QueryItems.encode(item.value))" : nil
        }
        let base = try pageBase(request)
        let parsed: ParsedLink
        do throws(LinkError) {
            parsed = try ParsedLink(parsing: base.text + kind + "?" + items.joined(separator: "&"))
        } catch {
            throw Self.badLink(error)
        }
        guard let themeName = QueryItems.decode(name) else {
            throw ServiceError(400, "bad-query", path: "theme", "the theme name in the path is not valid percent-encoded UTF-8")
        }
        guard let entry = catalog.entry(themeName) else {
            let role = themeName == configuration.pairTheme ? "the pairing theme '\(themeName)' (--pair-theme)" : "no theme of that name"
            throw ServiceError(404, "unknown-theme", path: "theme", "\(role) is not loaded; add it to the themes folder. Known themes: \(catalog.names.joined(separator: ", "))")
        }
        if kind == "i", themeName == configuration.pairTheme {
            throw ServiceError(400, "bad-link", "theme '\(themeName)' (--pair-theme) draws a pairing, which only a reply link (/v1/links/r/) has")
        }
        let drawn = try format(query, of: entry)
        let result = CheckedLink(parsed, signer: configuration.linkSigner).link.result
        let key = key(result, entry, drawn)
        try checkDigest(query, "d", key)
        return PosterJob(result: result, entry: entry, theme: drawn, key: key, contentAddressed: query.value("d") != nil)
    }

    /// A link the parser refused: the parameter and the reason, quoting nothing from the link.
    static func badLink(_ error: LinkError) -> ServiceError {
        ServiceError(400, "bad-link", path: error.parameter, error.descriptionWithoutInput)
    }
}
