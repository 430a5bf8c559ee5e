import Dispatch
import Foundation
import Synchronization
import NMTIDomain
import PosterKit
import PosterHTTP
import PosterHashing
import PosterLinks

extension PosterService {
    /// A poster to serve: the result, the theme state, the format and the key, all known before drawing.
    struct PosterJob: Sendable {
        let result: QuizResult
        let entry: ThemeCatalog.Entry
        /// The entry's theme drawing the format the request asked for (`format=`).
        let theme: Theme
        let key: PosterKey
        /// Whether the URL names this exact content (`v=<ETag digest>`), so it may be cached for ever.
        let contentAddressed: Bool
        /// Whether the links printed on the poster are signed (see `signsLinks(for:)`).
        var signsLinks = true
    }

    /// Whether a poster of a result a request spelled out gets signed links: only when
    /// the request itself was URL-signed. Otherwise anyone could have any nickname
    /// signed by asking for `/v1/posters/…?nickname=…` and reading the QR code back.
    /// (Link posters are always signed: their nicknames survive only from verified links.)
    var signsRequestedLinks: Bool { signer != nil }

    /// `POST /v1/render?theme=<name>[&format=<name>]` with a result JSON body.
    func renderJob(_ request: HTTPRequest) throws(ServiceError) -> PosterJob {
        guard request.method == "POST" else { throw .methodNotAllowed(request.method, allowed: ["POST"]) }
        let query = try QueryItems(raw: request.query)
        let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            throw ServiceError(415, "unsupported-media-type", "the body must be a result JSON sent as Content-Type: application/json (\(type == nil ? "it had none" : "it had another type"))")
        }
        try checkSignature(query) { URLSigner.canonical(path: String(request.path), query: query) + "\n" + SHA256.hex(request.body) }
        try refuseUnknown(query, known: ["theme", "format", "sig"], "POST /v1/render takes theme, format (and sig)")
        let entry = try theme(query.value("theme") ?? ThemeStore.defaultThemeName)
        let drawn = try format(query, of: entry)
        let result: QuizResult
        do throws(ResultError) {
            result = try QuizResult(jsonData: Data(request.body))
        } catch {
            let path = error.path.isEmpty ? "$" : error.path
            throw ServiceError(400, "bad-result", path: path, "\(path): \(error.reasonWithoutInput)")
        }
        return PosterJob(result: result, entry: entry, theme: drawn, key: key(result, entry, drawn, signsLinks: signsRequestedLinks),
                         contentAddressed: false, signsLinks: signsRequestedLinks)
    }

    /// `GET /v1/posters/<theme>.png?c=…&s=…&e=…&a=…[&format=…]` (the simple URL form).
    func posterJob(_ request: HTTPRequest, theme name: String) throws(ServiceError) -> PosterJob {
        guard ["GET", "HEAD"].contains(request.method) else { throw .methodNotAllowed(request.method, allowed: ["GET", "HEAD"]) }
        let query = try QueryItems(raw: request.query)
        try checkSignature(query) { URLSigner.canonical(path: String(request.path), query: query) }
        guard let themeName = QueryItems.decode(Substring(name)) else {
            throw ServiceError(400, "bad-query", path: "theme", "the theme name in the path is not valid percent-encoded UTF-8")
        }
        let entry = try theme(themeName)
        let result = try SimpleURLResult.result(from: query)
        let drawn = try format(query, of: entry)
        let key = key(result, entry, drawn, signsLinks: signsRequestedLinks)
        try checkDigest(query, "v", key)
        return PosterJob(result: result, entry: entry, theme: drawn, key: key, contentAddressed: query.value("v") != nil,
                         signsLinks: signsRequestedLinks)
    }

    /// Checks `sig` against the canonical text when the service signs URLs; without URL
    /// signing a `sig` is refused, not ignored: it could never be checked, and an
    /// ignored parameter would make any number of cache keys for one poster.
    func checkSignature(_ query: QueryItems, _ canonical: () -> String) throws(ServiceError) {
        guard let signer else {
            guard query.value("sig") == nil else {
                throw ServiceError(400, "bad-query", path: "sig", "sig: this server does not check URL signatures (it was started without --signing-key-file); leave sig out")
            }
            return
        }
        guard let sig = query.value("sig") else { throw ServiceError(403, "missing-signature", path: "sig", "this server requires signed URLs: add sig (HMAC-SHA256 of the canonical path and query, base64url)") }
        guard signer.verify(sig, canonical: canonical()) else { throw ServiceError(403, "bad-signature", path: "sig", "the signature does not match this URL under any active key") }
    }

    /// Refuses the first parameter not in `known`, by position: its name is the requester's text.
    func refuseUnknown(_ query: QueryItems, known: Set<String>, _ takes: String) throws(ServiceError) {
        guard let index = query.items.firstIndex(where: { !known.contains($0.name) }) else { return }
        let name = query.items[index].name
        let subject = QueryItems.namedParameters.contains(name) ? name : "query item \(index + 1)"
        throw ServiceError(400, "bad-query", path: QueryItems.namedParameters.contains(name) ? name : nil, "\(subject): unknown parameter; \(takes)")
    }

    /// `v` (posters) or `d` (link posters), when given, must be the poster's own content
    /// digest: the URL then names exactly these bytes and is served `immutable`. Anything
    /// else is refused rather than ignored, so that no junk value makes a new cache key.
    func checkDigest(_ query: QueryItems, _ parameter: String, _ key: PosterKey) throws(ServiceError) {
        guard let given = query.value(parameter) else { return }
        guard given.utf8.count == 32, given.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw ServiceError(400, "bad-digest", path: parameter, "\(parameter): expected the poster's content digest, the 32 lowercase hex digits of its ETag")
        }
        guard given == key.digest else {
            throw ServiceError(400, "bad-digest", path: parameter, "\(parameter): not this poster's content digest (its ETag), which changes with the theme and the engine; leave \(parameter) out or use the current ETag")
        }
    }

    func theme(_ name: String) throws(ServiceError) -> ThemeCatalog.Entry {
        guard let entry = catalog.entry(name) else {
            throw ServiceError(404, "unknown-theme", path: "theme", "no theme of that name is loaded; known themes: \(catalog.names.joined(separator: ", "))")
        }
        return entry
    }

    /// The key of `result` drawn by `drawn`, one format of `entry`'s theme; the default
    /// format keys as posters did before formats, so their ETags stay as they were.
    func key(_ result: QuizResult, _ entry: ThemeCatalog.Entry, _ drawn: Theme, signsLinks: Bool = true) -> PosterKey {
        let printing = signsLinks || configuration.linkSigner == nil ? engine : engine + "\nunsigned links"
        let format = drawn.formatName == entry.theme.formatName ? nil : drawn.formatName
        return PosterKey(engine: printing, themeDigest: entry.digest, format: format, compression: configuration.compression, result: result)
    }

    /// Answers from the validator or the cache when possible, else queues the render.
    func serve(_ job: PosterJob, _ exchange: Exchange) {
        let headers = imageHeaders(job)
        if let condition = exchange.request.header("If-None-Match"), job.key.matches(ifNoneMatch: condition) {
            return exchange.finish(notModified(headers, digest: job.key.digest), cache: "revalidated")
        }
        if let png = cache.poster(job.key.digest) {
            return exchange.finish(HTTPResponse(status: 200, headers: headers + [("Content-Type", "image/png")], shared: png), cache: "hit")
        }
        // A render of this very poster is under way: wait for it (no second render, no queue place).
        if inFlight.join(job.key.digest, exchange) { return }
        guard admission.admit() else {
            for waiting in [exchange] + inFlight.finish(job.key.digest) { waiting.fail(.queueFull) }
            return
        }
        let deadline = UInt64(configuration.renderDeadlineSeconds * 1e9)
        var request = RenderRequest(job.result, theme: job.theme, extras: .timings)
        request.links = job.signsLinks ? renderer.links : LinkStyle(form: renderer.links.form)
        let waited = Mutex<UInt64>(0)
        renderer.submit(request, onStart: { [admission] queued in
            admission.started()
            waited.withLock { $0 = queued }
            return queued <= deadline
        }, completion: { [self] outcome in
            admission.finished()
            let exchanges = [exchange] + inFlight.finish(job.key.digest)
            answer(exchanges, job: job, headers: headers, outcome: outcome, queued: waited.withLock { $0 })
        })
    }

    /// Answers every exchange that waited for one render: the poster (cached first), or the
    /// deadline, or the error.
    private func answer(
        _ exchanges: [Exchange], job: PosterJob, headers: [(name: String, value: String)],
        outcome: Result<RenderOutput, RenderError>?, queued: UInt64
    ) {
        switch outcome {
        case nil:
            for exchange in exchanges { exchange.fail(.deadline(configuration.renderDeadlineSeconds)) }
        case .success(let output)?:
            guard let poster = output.poster, let timings = output.timings else {
                for exchange in exchanges { exchange.fail(ServiceError(500, "render-failed", "the poster could not be drawn")) }
                return
            }
            let drawn = timings.layout + timings.draw
            metrics.recordRender(route: exchanges[0].route.rawValue, queueWait: queued, draw: drawn, encode: timings.encode)
            let png = HTTPSharedBody(copying: poster.png)
            cache.insert(png, for: job.key.digest)
            for (index, exchange) in exchanges.enumerated() {
                exchange.finish(
                    HTTPResponse(status: 200, headers: headers + [("Content-Type", "image/png")], shared: png),
                    renderNanoseconds: index == 0 ? drawn + timings.encode : nil, cache: index == 0 ? "miss" : "joined")
            }
        case .failure(let error)?:
            let failure: ServiceError
            if error.kind == .result || error.isCausedByUserData {
                failure = ServiceError(400, "bad-result", error.message)
            } else {
                log.event(["event": "render-failed", "level": "error", "theme": .string(job.theme.formatLabel), "error": .string(error.message)])
                failure = ServiceError(500, "render-failed", "the poster could not be drawn: \(error.message)")
            }
            for exchange in exchanges { exchange.fail(failure) }
        }
    }

    /// `ETag` and `Cache-Control` for an image answer (and its 304).
    private func imageHeaders(_ job: PosterJob) -> [(name: String, value: String)] {
        let policy = job.contentAddressed ? CachePolicy.immutable : CachePolicy.revalidate
        return [("ETag", job.key.etag), ("Cache-Control", policy)]
    }
}
