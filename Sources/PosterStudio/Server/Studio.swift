import Dispatch
import Foundation
import PosterHTTP
import PosterKit
import Synchronization

/// `nmti-poster studio`: a live preview of one theme in the browser, on 127.0.0.1 only.
///
/// The page (`StudioPage`) shows the poster of any variant, nickname, inviter and format,
/// with its fit, contrast and QR findings and its layout. The theme folder is watched
/// (inotify); on every save the theme is loaded again and each waiting page gets its
/// poster, or the theme's diagnostics, as the answer to its long poll (`/api/wait`).
/// Posters are drawn with the renderer and encoder `render` uses: the same bytes.
public final class Studio: Sendable {
    let configuration: StudioConfiguration
    let engine: StudioEngine
    let waiters: LongPollWaiters
    private let watcher: ThemeWatcher
    private let server = Mutex<HTTPServer?>(nil)
    /// Whether the thread that answers long polls past their time runs.
    private let ticking = Atomic<Bool>(false)

    /// Loads the fonts and the theme (a theme that does not load is shown on the page, not
    /// refused); fails when the fonts are missing.
    public init(_ configuration: StudioConfiguration) throws(StudioError) {
        self.configuration = configuration
        engine = try StudioEngine(configuration)
        let waiters = LongPollWaiters()
        self.waiters = waiters
        let engine = engine
        watcher = ThemeWatcher(folder: engine.folder, debounceSeconds: configuration.debounceSeconds) { engine.reload() }
        engine.loadNow()
        engine.onReload { generation in waiters.release(through: generation, engine: engine) }
    }

    /// The theme file shown.
    public var themeFile: URL { engine.themeFile }

    /// Whether the theme loaded now, and its problems when it did not (for the start-up line).
    public var themeProblems: [Diagnostic] {
        engine.themeProblems
    }

    /// Binds 127.0.0.1 and starts watching the theme folder.
    public func start() throws(StudioError) {
        var http = HTTPServerConfiguration()
        http.host = StudioConfiguration.host
        http.port = configuration.port
        http.threads = 2
        http.connectionLimit = 64
        http.perAddressConnectionLimit = 64
        // Long polls wait up to `longPollSeconds`; the gate never closes a connection waiting for its answer.
        http.idleTimeoutSeconds = 30
        http.maximumBodyBytes = 1024
        http.maximumTargetBytes = 4096
        http.maximumHeaderBytes = 16 * 1024
        do throws(HTTPServerError) {
            let started = try HTTPServer(http) { [self] request, responder in handle(request, responder) }
            server.withLock { $0 = started }
        } catch {
            throw StudioError(error.message)
        }
        watcher.start()
        ticking.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            while ticking.load(ordering: .relaxed) {
                usleep(250_000)
                waiters.expire(engine: engine)
            }
        }
        thread.name = "studio long poll"
        thread.start()
    }

    /// The port bound, once started.
    public var port: UInt16? { server.withLock { $0?.port } }

    /// The page's address, once started.
    public var url: String? { port.map { "http://\(StudioConfiguration.host):\($0)/" } }

    /// Stops watching and serving; waiting pages are answered 503.
    public func stop() {
        watcher.stop()
        ticking.store(false, ordering: .relaxed)
        let running = server.withLock { current -> HTTPServer? in
            defer { current = nil }
            return current
        }
        running?.stop(answeringPendingWith: StudioResponse.error(StudioRequestError(503, nil, "the studio is stopping")))
    }
}

extension StudioEngine {
    /// The current theme's problems; empty when it loaded.
    var themeProblems: [Diagnostic] {
        switch currentTheme {
        case .loaded: []
        case .failed(let diagnostics): diagnostics
        }
    }
}
