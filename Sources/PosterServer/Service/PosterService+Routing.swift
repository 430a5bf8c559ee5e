import Foundation
import PosterHTTP

extension PosterService {
    /// The routes, for metrics labels and the access log.
    enum Route: String {
        case healthz, readyz, metrics, version, render, poster, landing, unknown
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
        case "/version": route = .version
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
        case .version:
            guard ["GET", "HEAD"].contains(request.method) else { return exchange.fail(.methodNotAllowed(request.method, allowed: ["GET", "HEAD"])) }
            exchange.finish(HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: build.json))
        case .unknown, .landing, .linkPoster, .wellKnown:
            exchange.fail(.notFound)
        case .render, .poster:
            if !isServing { return exchange.fail(.draining) }
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
            ready: phase == .ready, saturated: admission.isFull)
    }

    /// `/readyz`: "can take traffic". 200 while serving, busy or not (`state` is
    /// `saturated` while the queue is full: new renders then get 429, and a balancer
    /// that took every saturated origin out would turn those cheap 429s and 304s into
    /// its own 503s); 503 while starting and draining. Always the pressure report.
    func readiness() -> HTTPResponse {
        let snapshot = snapshot()
        let state = phase == .ready ? (snapshot.saturated ? "saturated" : "ready") : phase.rawValue
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
            status: snapshot.ready ? 200 : 503, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: [UInt8](body))
    }
}

/// One request on its way to an answer: echoes its request id, writes the access-log
/// line and counts it once.
struct Exchange: Sendable {
    let service: PosterService
    let request: HTTPRequest
    let responder: HTTPResponder
    let route: PosterService.Route
    let identity: RequestIdentity

    init(service: PosterService, request: HTTPRequest, responder: HTTPResponder, route: PosterService.Route) {
        self.service = service
        self.request = request
        self.responder = responder
        self.route = route
        identity = RequestIdentity(request, trustedProxies: service.configuration.trustedProxies)
    }

    func fail(_ error: ServiceError) {
        finish(error.response)
    }

    func finish(_ response: HTTPResponse, renderNanoseconds: UInt64? = nil, cache: String? = nil) {
        var response = response
        response.headers.append(("X-Request-Id", identity.requestID))
        // While draining (the lame-duck period included) every answer closes its connection,
        // so keep-alive clients and proxies open their next one where the balancer now sends
        // it; connections idle all along are closed by the idle timeout, which a lame-duck
        // period longer than it lets run out before the listening socket closes.
        if service.phase == .draining, !response.headers.contains(where: { $0.name == "Connection" }) {
            response.headers.append(("Connection", "close"))
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- request.receivedAt
        responder.respond(response)
        service.metrics.countRequest(route: route.rawValue, status: response.status, nanoseconds: elapsed)
        let sent = request.method == "HEAD" || response.status == 304 ? 0 : response.bodyCount
        service.log.request(AccessLog.Line(
            ts: Timestamp.rfc3339(Date()), level: AccessLog.level(status: response.status),
            method: request.method, path: AccessLog.loggedPath(request.target), status: response.status,
            bytes: sent, ms: (Double(elapsed) / 1e5).rounded() / 10,
            renderMs: renderNanoseconds.map { (Double($0) / 1e5).rounded() / 10 }, cache: cache,
            client: identity.client.isEmpty ? "-" : identity.client, userAgent: identity.userAgent,
            requestId: identity.requestID, traceId: identity.traceID))
    }
}
