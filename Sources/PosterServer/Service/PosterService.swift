import Dispatch
import Foundation
import NMTIDomain
import PosterKit
import Synchronization
import PosterHTTP
import PosterHashing
import PosterLinks

/// The HTTP render service behind `nmti-poster serve`, embeddable in an app: themes
/// loaded once, a bounded pool of render workers behind a bounded queue, a poster
/// cache, signed URLs, health, readiness and metrics, and a drain for shutdown.
///
/// HTTP threads never render: a request that needs drawing is queued and its
/// connection suspended until a worker answers it.
public final class PosterService: Sendable {
    /// Where the service is in its life.
    public enum Phase: String, Sendable {
        /// Loading themes and warming the workers; `/readyz` says 503.
        case starting
        /// Serving.
        case ready
        /// Shutting down; `/readyz` says 503. For the lame-duck period (`lameDuckSeconds`)
        /// requests are still accepted and served; then no new connections, and the
        /// requests in flight finish.
        case draining
    }

    let configuration: ServerConfiguration
    let catalog: ThemeCatalog
    let renderer: PosterRenderer
    /// Admission control in front of the renderer's workers (no threads of its own).
    let admission: RenderAdmission
    /// Renders under way, so a second request for the same poster waits for the first.
    let inFlight = InFlightRenders()
    let cache: PosterCache
    let signer: URLSigner?
    let engine: String
    let build: BuildInfo
    let metrics: ServiceMetrics
    /// The access log and service events.
    package let log: AccessLog
    private let phaseState = Mutex(Phase.starting)
    let http = Mutex<HTTPServer?>(nil)
    private let watching = Atomic<Bool>(false)
    /// True during the lame-duck period of a drain: draining, yet still serving as usual.
    private let lameDuck = Atomic<Bool>(false)

    /// Loads the themes and fonts; nothing listens yet (see `start`).
    public init(_ configuration: ServerConfiguration, engineVersion: String) throws(ServiceSetupError) {
        self.configuration = configuration
        catalog = try ThemeCatalog(directory: configuration.themesDirectory)
        do throws(RenderError) {
            let links = LinkStyle(base: configuration.linkBase, signer: configuration.linkSigner)
            renderer = try PosterRenderer(compression: configuration.compression, workers: configuration.workers, links: links)
        } catch {
            throw ServiceSetupError(.failure, error.message)
        }
        admission = RenderAdmission(workers: configuration.workers, capacity: configuration.queueCapacity)
        cache = PosterCache(capacityBytes: configuration.cacheBytes)
        signer = configuration.signingKeys.isEmpty ? nil : URLSigner(keys: configuration.signingKeys)
        engine = EngineIdentity.current.describing(version: engineVersion) + Self.linkFingerprint(configuration)
        build = BuildInfo(version: engineVersion)
        metrics = ServiceMetrics(build: build)
        log = AccessLog(enabled: configuration.accessLog)
    }

    /// The phase now.
    public var phase: Phase { phaseState.withLock { $0 } }

    /// Whether requests that render are taken: while ready, and in a drain's lame-duck period.
    var isServing: Bool { phase == .ready || lameDuck.load(ordering: .relaxed) }

    /// The port listened on, once started.
    public var port: UInt16? { http.withLock { $0?.port } }

    /// Warms every worker with one poster, then listens; returns once requests are served.
    public func start() throws(ServiceSetupError) {
        do throws(HTTPServerError) {
            try HTTPServer.loadLibrary()  // a missing libmicrohttpd fails now, not after the warm-up
        } catch {
            throw ServiceSetupError(.failure, error.message)
        }
        try warm()
        var settings = HTTPServerConfiguration()
        settings.host = configuration.host
        settings.port = configuration.port
        settings.threads = configuration.httpThreads
        settings.connectionLimit = configuration.maximumConnections + ServerConfiguration.healthConnectionReserve
        settings.perAddressConnectionLimit = configuration.connectionsPerAddress
        settings.idleTimeoutSeconds = configuration.idleTimeoutSeconds
        settings.readTimeoutSeconds = configuration.readTimeoutSeconds
        settings.maximumBodyBytes = configuration.maximumBodyBytes
        settings.maximumTargetBytes = configuration.maximumURLBytes
        settings.maximumHeaderBytes = configuration.maximumHeaderBytes
        let server: HTTPServer
        do throws(HTTPServerError) {
            server = try HTTPServer(settings) { [self] request, responder in handle(request, responder) }
        } catch {
            throw ServiceSetupError(.failure, error.message)
        }
        if server.connectionLimit < settings.connectionLimit {
            log.event([
                "event": "connection-limit-lowered", "level": "warn", "connections": .int(server.connectionLimit),
                "reason": .string("the open-file limit (ulimit -n) leaves descriptors for \(server.connectionLimit) connections of the \(settings.connectionLimit) asked for (each takes 3); raise it, or lower --max-connections"),
            ])
        }
        http.withLock { $0 = server }
        phaseState.withLock { $0 = .ready }
        if configuration.watchThemes { startWatching() }
    }

    /// Renders one poster of every theme on every worker, so the first requests find fonts
    /// loaded, Pango contexts made and every theme's assets decoded, and each other format
    /// a theme ships once (its layout is checked to draw; the worker's setup is shared).
    /// Each theme's renders are handed in together, one per worker, so every worker starts and takes one.
    private func warm() throws(ServiceSetupError) {
        let failure = Mutex<String?>(nil)
        for (offset, name) in catalog.names.enumerated() {
            guard let entry = catalog.entry(name) else { continue }
            let group = DispatchGroup()
            let others = entry.theme.everyFormat.filter { $0.formatName != entry.theme.formatName }
            let themes = Array(repeating: entry.theme, count: admission.workers) + others
            for (index, theme) in themes.enumerated() {
                let code = PersonalityCode.all[(index + offset) % PersonalityCode.all.count]
                var sample = QuizResult.catalogueSample(for: code, pack: .workplace)
                if name == configuration.pairTheme {  // the pairing theme draws invited results
                    sample = NMTILink.reply(pack: .workplace, sender: LinkPerson(scores: sample.scores), inviter: LinkPerson(code: code)).result
                }
                group.enter()
                renderer.submit(RenderRequest(sample, theme: theme)) { outcome in
                    if case .failure(let error)? = outcome {
                        failure.withLock { $0 = "warm-up render with theme '\(theme.formatLabel)' failed: \(error.message)" }
                    }
                    group.leave()
                }
            }
            group.wait()
        }
        if let message = failure.withLock({ $0 }) { throw ServiceSetupError(.failure, message) }
    }

    /// What the links printed on posters depend on, for the poster keys: the base and
    /// (through a signature of a fixed link) the signing key; empty for unsigned `nmti://`.
    static func linkFingerprint(_ configuration: ServerConfiguration) -> String {
        guard configuration.linkBase != nil || configuration.linkSigner != nil else { return "" }
        let probe = NMTILink.invite(pack: .workplace, sender: LinkPerson(code: PersonalityCode.all[0]))
        let text = "links \(configuration.linkBase?.text ?? "nmti://") \(configuration.linkSigner?.signature(for: probe) ?? "unsigned")"
        return "\n" + SHA256.hex(Array(text.utf8)).prefix(16)
    }

    /// Drains and stops: `/readyz` turns 503 at once; for `lameDuckSeconds` requests are
    /// still accepted and served (each answer closes its connection), so that balancers
    /// probing `/readyz` stop sending first; then the listening socket closes, and
    /// requests in flight and queued finish for up to `drainSeconds`; what is still
    /// waiting then gets 503. Returns the number of requests that did not finish in time.
    @discardableResult
    public func drain() -> Int {
        if configuration.lameDuckSeconds > 0, phase == .ready { lameDuck.store(true, ordering: .relaxed) }
        phaseState.withLock { $0 = .draining }
        watching.store(false, ordering: .relaxed)
        guard let server = http.withLock({ $0 }) else { return 0 }
        if lameDuck.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: min(configuration.lameDuckSeconds, 3_600))
            lameDuck.store(false, ordering: .relaxed)
        }
        server.quiesce()
        let counts = admission.counts
        log.event(["event": "listener-closed", "inFlight": .int(counts.running), "queued": .int(counts.queued)])
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, configuration.drainSeconds) * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            let counts = admission.counts
            if counts.queued == 0, counts.running == 0, server.suspendedRequests == 0 { break }
            usleep(20_000)
        }
        let unfinished = server.suspendedRequests
        server.stop(answeringPendingWith: ServiceError.draining.response)
        http.withLock { $0 = nil }
        return unfinished
    }

    private func startWatching() {
        watching.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            while watching.load(ordering: .relaxed) {
                usleep(UInt32(max(0.1, configuration.watchInterval) * 1e6))
                guard watching.load(ordering: .relaxed) else { return }
                for event in catalog.reloadChanged() {
                    log.event(event.mapValues { .string($0) }.merging(["level": event["event"] == "theme-reload-failed" ? "warn" : "info"]) { _, level in level })
                }
            }
        }
        thread.name = "theme watch"
        thread.start()
    }
}
