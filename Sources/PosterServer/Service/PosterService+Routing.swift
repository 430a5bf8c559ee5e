import Foundation
import PosterHTTP

extension PosterService {
    /// The routes, for metrics labels and the access log.
    enum Route: String {
        case healthz, readyz, metrics, render, poster, landing, unknown
        case linkPoster = "link-poster"
        case wellKnown = "well-known"
    }

    /// Every request starts here, on an HTTP thread: it is answered now, or queued for a worker.
    func handle(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let path = request.path
        if let link = LinkRoute(path: path, base: configuration.linkBase) {
            let exchange = Exchange(service: self, request: request, responder: responder, route: link.route)
            if let violation = request.violation { return exchange.fail(.limit(violation)) }
            return handleLink(link, exchange)
        }
        let route: Route
        var theme = ""
        switch path {
        case "/healthz": route = .healthz
        case "/readyz": route = .readyz
        case "/metrics": route = .metrics
        case "/v1/render": route = .render
        case _ where path.hasPrefix("/v1/posters/") && path.hasSuffix(".png"):
            route = .poster
            theme = String(path.dropFirst("/v1/posters/".count).dropLast(".png".count))
        default: route = .unknown
        }
        let exchange = Exchange(service: self, request: request, responder: responder, route: route)
        if let violation = request.violation { return exchange.fail(.limit(violation)) }
        switch route {
        case .healthz:
            guard ["GET", "HEAD"].contains(request.method) else { return exchange.fail(.methodNotAllowed(request.method, allowed: ["GET", "HEAD"])) }
            exchange.finish(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")], body: Array("ok\n".utf8)))
        case .readyz:
            guard ["GET", "HEAD"].contains(request.method) else { return exchange.fail(.methodNotAllowed(request.method, allowed: ["GET", "HEAD"])) }
            exchange.finish(readiness())
        case .metrics:
            guard ["GET", "HEAD"].contains(request.method) else { return exchange.fail(.methodNotAllowed(request.method, allowed: ["GET", "HEAD"])) }
            exchange.finish(HTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Array(metrics.exposition(snapshot()).utf8)))
        case .unknown, .landing, .linkPoster, .wellKnown:
            exchange.fail(.notFound)
        case .render, .poster:
            if phase != .ready { return exchange.fail(.draining) }
            if let open = http.withLock({ $0?.openConnections }), open > configuration.maximumConnections { return exchange.fail(.overCapacity) }
            do throws(ServiceError) {
                let job = try route == .render ? renderJob(request) : posterJob(request, theme: theme)
                serve(job, exchange)
            } catch {
                exchange.fail(error)
            }
        }
    }

    /// What readiness, metrics and the pressure report read.
    func snapshot() -> ServiceMetrics.Snapshot {
        let counts = admission.counts
        let server = http.withLock { $0 }
        return ServiceMetrics.Snapshot(
            inFlight: counts.running, queued: counts.queued, queueCapacity: admission.capacity, workers: admission.workers,
            rejected: counts.rejected, cache: cache.statistics, cacheCapacity: cache.capacityBytes,
            openConnections: server?.openConnections ?? 0, readTimeouts: server?.readTimeouts ?? 0,
            evictedConnections: server?.evictedConnections ?? 0,
            ready: phase == .ready && !admission.isFull)
    }

    /// `/readyz`: 200 when serving with room in the queue, else 503; always the pressure report.
    func readiness() -> HTTPResponse {
        let snapshot = snapshot()
        let state = phase == .ready ? (admission.isFull ? "saturated" : "ready") : phase.rawValue
        struct Report: Encodable {
            let state: String
            let workers, inFlight, queued, queueCapacity, rejected, openConnections: Int
            let cacheHitRatio: Double
            let cacheEntries, cacheBytes: Int
            let themes: [String]
        }
        let report = Report(
            state: state, workers: snapshot.workers, inFlight: snapshot.inFlight, queued: snapshot.queued,
            queueCapacity: snapshot.queueCapacity, rejected: snapshot.rejected, openConnections: snapshot.openConnections,
            cacheHitRatio: (snapshot.cache.hitRatio * 1000).rounded() / 1000, cacheEntries: snapshot.cache.entries,
            cacheBytes: snapshot.cache.bytes, themes: catalog.names)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = ((try? encoder.encode(report)) ?? Data()) + Data("\n".utf8)
        return HTTPResponse(
            status: state == "ready" ? 200 : 503, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: [UInt8](body))
    }
}

/// One request on its way to an answer: writes the access-log line and counts it once.
struct Exchange: Sendable {
    let service: PosterService
    let request: HTTPRequest
    let responder: HTTPResponder
    let route: PosterService.Route

    func fail(_ error: ServiceError) {
        finish(error.response)
    }

    func finish(_ response: HTTPResponse, renderNanoseconds: UInt64? = nil, cache: String? = nil) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- request.receivedAt
        responder.respond(response)
        service.metrics.countRequest(route: route.rawValue, status: response.status, nanoseconds: elapsed)
        service.log.request(AccessLog.Line(
            method: request.method, path: AccessLog.loggedPath(request.target), status: response.status,
            bytes: request.method == "HEAD" ? 0 : response.bodyCount, ms: (Double(elapsed) / 1e5).rounded() / 10,
            renderMs: renderNanoseconds.map { (Double($0) / 1e5).rounded() / 10 }, cache: cache))
    }
}
