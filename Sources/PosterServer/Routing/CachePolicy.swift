import PosterHTTP

/// The `Cache-Control` values the service sends, and why (docs/deploy.md, "Behind a CDN").
enum CachePolicy {
    /// Posters and landing pages whose URL does not name their content: shared caches
    /// (Varnish, nginx, CDNs) store them for a second, then revalidate with
    /// `If-None-Match`, which the origin answers `304` from the ETag alone; browsers
    /// revalidate every time. `no-cache` would say the same to a browser, but Varnish's
    /// and nginx's defaults do not store a `no-cache` answer at all, so every request
    /// would be a full answer from the origin. After a theme change a shared cache may
    /// serve the old poster for that second (and Varnish for its grace, 10 s by default).
    static let revalidate = "public, max-age=0, s-maxage=1"

    /// Posters whose URL carries their content digest (`v=`, `d=`): the same bytes for ever.
    static let immutable = "public, max-age=31536000, immutable"
}

extension PosterService {
    /// A `304` for a poster. RFC 9110 §8.6 allows a `Content-Length` in a 304 only when
    /// it equals the 200's; libmicrohttpd always writes one, the length of the body it
    /// is given (which it never sends with a 304). So it is given the poster when the
    /// cache holds it, and the length is right; otherwise it writes `Content-Length: 0`,
    /// which Varnish and nginx ignore on a 304 (scripts/check-cdn checks both).
    func notModified(_ headers: [(name: String, value: String)], digest: String) -> HTTPResponse {
        guard let png = cache.peek(digest) else { return HTTPResponse(status: 304, headers: headers) }
        return HTTPResponse(status: 304, headers: headers, shared: png)
    }
}
