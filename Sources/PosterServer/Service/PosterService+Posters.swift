import Dispatch
import Foundation
import NMTIDomain
import PosterGraphics
import PosterKit

extension PosterService {
    /// A poster to serve: the result, the theme state and the key, all known before drawing.
    struct PosterJob: Sendable {
        let result: QuizResult
        let entry: ThemeCatalog.Entry
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

    /// `POST /v1/render?theme=<name>` with a result JSON body.
    func renderJob(_ request: HTTPRequest) throws(ServiceError) -> PosterJob {
        guard request.method == "POST" else { throw .methodNotAllowed(request.method, allowed: ["POST"]) }
        let query = try QueryItems(raw: request.query)
        let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            throw ServiceError(415, "unsupported-media-type", "the body must be a result JSON sent as Content-Type: application/json, not \(type.map { "'\($0)'" } ?? "none")")
        }
        if let signer {
            let canonical = URLSigner.canonical(path: String(request.path), query: query) + "\n" + SHA256.hex(request.body)
            try check(signer, query.value("sig"), canonical)
        }
        for item in query.items where !["theme", "sig"].contains(item.name) {
            throw ServiceError(400, "bad-query", path: item.name, "\(item.name): unknown parameter; POST /v1/render takes theme (and sig)")
        }
        let entry = try theme(query.value("theme") ?? ThemeStore.defaultThemeName)
        let result: QuizResult
        do throws(ResultError) {
            result = try QuizResult(jsonData: Data(request.body))
        } catch {
            throw ServiceError(400, "bad-result", path: error.path.isEmpty ? "$" : error.path, error.description)
        }
        return PosterJob(result: result, entry: entry, key: key(result, entry, signsLinks: signsRequestedLinks), contentAddressed: false,
                         signsLinks: signsRequestedLinks)
    }

    /// `GET /v1/posters/<theme>.png?c=…&s=…&e=…&a=…` (the simple URL form).
    func posterJob(_ request: HTTPRequest, theme name: String) throws(ServiceError) -> PosterJob {
        guard ["GET", "HEAD"].contains(request.method) else { throw .methodNotAllowed(request.method, allowed: ["GET", "HEAD"]) }
        let query = try QueryItems(raw: request.query)
        if let signer {
            try check(signer, query.value("sig"), URLSigner.canonical(path: String(request.path), query: query))
        }
        let entry = try theme(try QueryItems.decode(Substring(name), item: Substring(name)))
        let result = try SimpleURLResult.result(from: query)
        let key = key(result, entry, signsLinks: signsRequestedLinks)
        return PosterJob(result: result, entry: entry, key: key, contentAddressed: query.value("v") == key.digest,
                         signsLinks: signsRequestedLinks)
    }

    func check(_ signer: URLSigner, _ sig: String?, _ canonical: String) throws(ServiceError) {
        guard let sig else { throw ServiceError(403, "missing-signature", path: "sig", "this server requires signed URLs: add sig (HMAC-SHA256 of the canonical path and query, base64url)") }
        guard signer.verify(sig, canonical: canonical) else { throw ServiceError(403, "bad-signature", path: "sig", "the signature does not match this URL under any active key") }
    }

    func theme(_ name: String) throws(ServiceError) -> ThemeCatalog.Entry {
        guard let entry = catalog.entry(name) else {
            throw ServiceError(404, "unknown-theme", path: "theme", "theme '\(name)' not found; known themes: \(catalog.names.joined(separator: ", "))")
        }
        return entry
    }

    func key(_ result: QuizResult, _ entry: ThemeCatalog.Entry, signsLinks: Bool = true) -> PosterKey {
        let printing = signsLinks || configuration.linkSigner == nil ? engine : engine + "\nunsigned links"
        return PosterKey(engine: printing, themeDigest: entry.digest, compression: configuration.compression, result: result)
    }

    /// Answers from the validator or the cache when possible, else queues the render.
    func serve(_ job: PosterJob, _ exchange: Exchange) {
        let headers = imageHeaders(job)
        if let condition = exchange.request.header("If-None-Match"), job.key.matches(ifNoneMatch: condition) {
            return exchange.finish(HTTPResponse(status: 304, headers: headers), cache: "revalidated")
        }
        if let png = cache.poster(job.key.digest) {
            return exchange.finish(HTTPResponse(status: 200, headers: headers + [("Content-Type", "image/png")], shared: png), cache: "hit")
        }
        let deadline = UInt64(configuration.renderDeadlineSeconds * 1e9)
        let accepted = queue.submit { [self] queued in
            guard queued <= deadline else {
                return exchange.fail(.deadline(configuration.renderDeadlineSeconds))
            }
            do throws(RenderError) {
                let links = job.signsLinks ? renderer.links : LinkStyle(form: renderer.links.form)
                let rendered = try renderer.renderTimed(job.result, theme: job.entry.theme, links: links)
                metrics.recordRender(queueWait: queued, draw: rendered.drawNanoseconds, encode: rendered.encodeNanoseconds)
                let png = HTTPSharedBody(copying: rendered.poster.png)
                cache.insert(png, for: job.key.digest)
                exchange.finish(
                    HTTPResponse(status: 200, headers: headers + [("Content-Type", "image/png")], shared: png),
                    renderNanoseconds: rendered.drawNanoseconds + rendered.encodeNanoseconds, cache: "miss")
            } catch {
                if error.kind == .result || error.isCausedByUserData {
                    exchange.fail(ServiceError(400, "bad-result", error.message))
                } else {
                    log.event(["event": "render-failed", "theme": job.entry.theme.name, "error": error.message])
                    exchange.fail(ServiceError(500, "render-failed", "the poster could not be drawn: \(error.message)"))
                }
            }
        }
        if !accepted { exchange.fail(.queueFull) }
    }

    /// `ETag` and `Cache-Control` for an image answer (and its 304).
    private func imageHeaders(_ job: PosterJob) -> [(name: String, value: String)] {
        let policy = job.contentAddressed ? "public, max-age=31536000, immutable" : "public, no-cache"
        return [("ETag", job.key.etag), ("Cache-Control", policy)]
    }
}
