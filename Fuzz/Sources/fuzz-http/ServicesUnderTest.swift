import Dispatch
import Foundation
import FuzzDriver
import NMTIDomain
@testable import PosterHTTP
import PosterKit
@testable import PosterServer

/// One `PosterService` over the repository's `Themes/`, started once per process
/// (its warm-up renders every theme once), and how the harness asks it things.
final class ServiceUnderTest: Sendable {
    let service: PosterService
    let configuration: ServerConfiguration
    /// The URL signer when the service requires signed URLs.
    let urlSigner: URLSigner?

    /// The repository's themes folder, found from this file (the targets run from anywhere).
    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")
    static let linkKey = Array("fuzz-http-link-key-0123456789abcdef".utf8)
    static let urlKey = Array("fuzz-http-url-key-0123456789abcdef".utf8)

    /// `signed`: URLs must be signed and pages live under `https://nmti.example/base/`;
    /// else nothing is URL-signed and pages are built from `Host`. Both sign links.
    init(signed: Bool) {
        var configuration = ServerConfiguration(themesDirectory: Self.themes)
        configuration.port = 0
        configuration.workers = 1
        configuration.queueCapacity = 4
        configuration.compression = .fast
        configuration.cacheBytes = 32 << 20  // a few hundred posters: repeats hit, memory stays flat
        configuration.accessLog = false
        configuration.linkSigner = required("link signer") { try LinkSigner(keys: [Self.linkKey]) }
        if signed {
            configuration.signingKeys = [Self.urlKey]
            configuration.linkBase = required("link base") { try LinkBase("https://nmti.example/base/") }
            configuration.apps.appleAppIDs = ["ABCDE12345.com.example.nmti"]
            configuration.apps.androidPackage = "com.example.nmti"
            configuration.apps.androidCertificates = [Array(repeating: "AB", count: 32).joined(separator: ":")]
        }
        self.configuration = configuration
        urlSigner = signed ? URLSigner(keys: [Self.urlKey]) : nil
        let config = configuration
        service = required("service") { try PosterService(config, engineVersion: "fuzz") }
        required("service start") { try service.start() }
    }

    static let open = ServiceUnderTest(signed: false)
    static let signed = ServiceUnderTest(signed: true)

    /// The server the responders belong to. The service answers on the calling thread or
    /// a worker; a responder only stores the answer until its connection is suspended,
    /// which only libmicrohttpd's reader does, so this daemon never sees a request.
    static let core = required("HTTP core") { () throws(HTTPServerError) -> HTTPServerCore in
        var settings = HTTPServerConfiguration()
        settings.port = 0
        settings.threads = 1
        return try HTTPServerCore(settings) { _, _ in }
    }

    /// The longest an answer may take: a render is bounded by the render budget (docs/limits.md),
    /// well under this even under AddressSanitizer; longer counts as a hang.
    static let answerLimitSeconds = 15.0

    /// Hands `request` to the service and waits for its one answer; also how long it took.
    func answer(_ request: HTTPRequest) -> (response: HTTPResponse, seconds: Double) {
        let exchange = HTTPExchange(target: request.target)
        // Never dereferenced: a responder touches its connection only to resume it after a suspension.
        let responder = HTTPResponder(exchange: exchange, server: Self.core, connection: OpaquePointer(bitPattern: 0x1)!)
        let start = DispatchTime.now().uptimeNanoseconds
        service.handle(request, responder)
        var pause: UInt32 = 20
        while true {
            if let response = exchange.state.withLock({ $0.response }) {
                return (response, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            precondition(seconds < Self.answerLimitSeconds, "no answer within \(Self.answerLimitSeconds) s to \(request.method) \(request.target)")
            usleep(pause)
            pause = min(pause * 2, 2_000)
        }
    }

    /// Answers counted by the service's metrics (`nmti_http_requests_total`), summed.
    var answersCounted: Int {
        // strstr over the C string: splitting the text into Substrings took half the harness's time.
        service.metrics.exposition(service.snapshot()).withCString { text in
            var total = 0
            var cursor = text
            while let match: UnsafeMutablePointer<CChar> = strstr(cursor, "\nnmti_http_requests_total{") {
                let found = UnsafePointer(match)
                let newline: UnsafeMutablePointer<CChar>? = strchr(found + 1, 0x0A)
                let end = newline.map { UnsafePointer($0) } ?? found + strlen(found)
                var space = end
                while space > found, space.pointee != 0x20 { space -= 1 }
                total += strtol(space, nil, 10)
                cursor = end
            }
            return total
        }
    }
}
