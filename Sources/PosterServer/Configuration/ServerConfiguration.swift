import Foundation
import NMTIDomain
import PosterKit
import PosterLinks

/// Everything `nmti-poster serve` can be told: where to listen, how much to render
/// at once, how much to keep, and every limit, with the defaults the README lists.
public struct ServerConfiguration: Sendable {
    /// The IPv4 address to bind: `127.0.0.1` unless told otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (printed in the `listening on` line).
    public var port: UInt16 = 8080
    /// The folder holding one sub-folder per theme.
    public var themesDirectory: URL
    /// Renders that run at once (one render worker each); the core count by default.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Renders that may wait for a worker; one more gets 429 at once.
    public var queueCapacity = 64
    /// The rendered-poster cache's memory bound, in bytes.
    public var cacheBytes = 256 << 20
    /// HMAC keys, one per active key; empty means URLs are not signed.
    public var signingKeys: [[UInt8]] = []
    /// How hard PNGs are compressed; the same setting gives the same bytes as `render`.
    public var compression: PosterCompression = .balanced
    /// Reload a theme folder when it changes, keeping the last good theme when a reload fails.
    public var watchThemes = false
    /// How often `--watch` looks at the theme folders, in seconds.
    public var watchInterval = 1.0
    /// How long a drain (SIGTERM, SIGINT) waits for in-flight requests, in seconds.
    public var drainSeconds = 20.0
    /// How long a drain first keeps accepting and serving as usual while `/readyz` says
    /// 503, so that load balancers probing it stop sending before the socket closes, in seconds.
    public var lameDuckSeconds = 0.0
    /// A request still waiting for a worker after this many seconds gets 503 without being drawn.
    public var renderDeadlineSeconds = 10.0
    /// A request must arrive in full within this many seconds (slow clients are cut off).
    public var readTimeoutSeconds = 10.0
    /// A connection silent this long either way is closed (idle keep-alive, a client not reading).
    public var idleTimeoutSeconds = 5
    /// Connections served at once; beyond this, requests other than `/healthz` and `/readyz` get 503.
    public var maximumConnections = 512
    /// Extra connections accepted beyond `maximumConnections` so health checks still get in.
    public static let healthConnectionReserve = 16
    /// Connections one client address may hold.
    public var connectionsPerAddress = 128
    /// The largest request body (a result JSON is at most 64 KiB).
    public var maximumBodyBytes = 64 * 1024
    /// The longest request target, path and query.
    public var maximumURLBytes = 8 * 1024
    /// The most header bytes.
    public var maximumHeaderBytes = 16 * 1024
    /// libmicrohttpd's own threads, which parse HTTP and never render.
    public var httpThreads = 2
    /// Write one JSON access-log line per request on standard error.
    public var accessLog = true
    /// Proxies whose `X-Forwarded-For` names the client in the access log; empty trusts none.
    public var trustedProxies: [AddressRange] = []
    /// The base web links are printed under (`https://nmti.example/i?…`) and landing
    /// pages answer at; nil prints `nmti://` links and builds page URLs from the `Host`.
    public var linkBase: LinkBase?
    /// Signs the links printed on posters and verifies links opened on landing pages;
    /// nil prints unsigned links, and nicknames carried by links are never shown.
    public var linkSigner: LinkSigner?
    /// The theme a reply link's landing page shows (the pairing poster). A landing page's
    /// first image and its preview card (`og:image`) are the page theme's `thumb` and
    /// `card` formats (an invite page's theme is the default theme).
    public var pairTheme = "pair"
    /// Where a friend without the app takes the quiz: the invite page's main button,
    /// carrying the invite; nil keeps "open in the app" as the invite page's main action.
    public var quizURL: QuizURL?
    /// The apps that may open the link base's URLs (`/.well-known/` files).
    public var apps = AppDeclarations()

    /// A configuration over a themes folder with the defaults above.
    public init(themesDirectory: URL) {
        self.themesDirectory = themesDirectory
    }
}
