import Dispatch
import Foundation
import PosterKit
import PosterServer
import Synchronization
import PosterFiles
import PosterHashing

/// `nmti-poster serve`: the HTTP render service (README, "Serving posters over HTTP").
struct ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve posters over HTTP.",
        discussion: """
            Renders posters on demand: POST /v1/render?theme=<name> with a result JSON,
            or GET /v1/posters/<theme>.png?c=6&s=-3&e=2&a=-5&pack=student&nickname=...
            Every image endpoint takes format=<name> (xhs, square, story, thumb, card,
            mp or the theme's own; default: the theme's default format, the poster);
            a format the theme does not ship is a 400 listing the ones it does.
            The bytes are identical to `nmti-poster render` with the same theme, format
            and compression. Every image carries a strong ETag computed before drawing
            (If-None-Match answers 304), Cache-Control and Content-Length; posters are
            cached in memory (least recently used evicted past --cache-mb).

            GET /healthz is liveness, GET /readyz readiness with a JSON pressure report
            (503 while starting or draining; 200 while busy, with state "saturated"),
            GET /metrics Prometheus text, GET /version the build and engine. One JSON
            line per request (timestamp, client, request id, trace id) goes to
            standard error; the request id is echoed in X-Request-Id.

            Once warm (fonts and themes loaded, one poster rendered per worker) it writes
            {"event":"listening","url":"http://HOST:PORT",...} on standard error. On
            SIGTERM, SIGINT or SIGHUP /readyz turns 503; for --lame-duck-s seconds it
            still accepts and serves (so balancers probing /readyz leave first), then
            stops accepting, drains in-flight requests for up to --drain-s seconds and
            exits 0; a second signal exits at once.

            Every option can also come from the environment: NMTI_ and the option's
            name in upper case with - as _ (NMTI_PORT=8080, NMTI_WATCH=1, lists comma-
            separated: NMTI_TRUSTED_PROXY=10.0.0.0/8,127.0.0.1); the command line wins.
            --themes, --link-base and --link-key-file read NMTI_THEMES_DIR,
            NMTI_LINK_BASE and NMTI_LINK_KEY_FILE.

            Without --signing-key-file anyone who can reach the server can put any
            nickname on your posters. With it, GET and POST requests must carry sig, an
            HMAC-SHA256 of the canonical path and query (README); every key in the file
            (one per line) is accepted, so keys can rotate.

            With --link-base (or NMTI_LINK_BASE) posters carry https links under that
            base, signed with the first key of --link-key-file (NMTI_LINK_KEY_FILE), and
            GET <base>i?... and <base>r?... (and the compact <base>I/... and <base>R/...,
            which posters carry) answer the link's landing page: the poster
            (for a reply, the pairing poster of --pair-theme) from
            GET /v1/links/<i|r>/<theme>.png?<link query>, an "open in the app" link and
            the preview meta tags (og:image is the card format of the page's theme).
            Nicknames from a link are shown only when its signature verifies under the
            link key file.
            With --quiz-url (NMTI_QUIZ_URL), the web quiz, H5, store or 小程序 page a
            friend without the app should reach (https; http only for 127.0.0.1 and
            localhost), an invite page's main button opens it with
            nmti_invite=<the invite link, percent-encoded> appended to its query, so
            the result can be an invited one; a reply page's main button passes the
            inviter's invite on the same way (without --quiz-url: to the invite page),
            and "open in the app" comes second. A bad quiz URL exits with 64. Each
            page's first image is the square thumb format of the page's theme (the
            default theme's when the page's ships none), the picture WeChat shows.
            /.well-known/apple-app-site-association and /.well-known/assetlinks.json
            declare the apps of --apple-app-id, --android-package and
            --android-cert-sha256 (404 when none is given).

            EXAMPLES:
              nmti-poster serve --port 8080
              curl -s 'http://127.0.0.1:8080/v1/posters/classic.png?c=6&s=-3&e=2&a=-5' \\
                   -o poster.png
              curl -s --data-binary @result.json -H 'Content-Type: application/json' \\
                   'http://127.0.0.1:8080/v1/render?theme=neon' -o poster.png
            """,
        options: [
            .value("host", valueName: "address", defaultValue: "127.0.0.1", help: "The IPv4 address to bind (0.0.0.0 for every interface)."),
            .value("port", short: "p", valueName: "port", defaultValue: "8080", help: "The port; 0 picks a free one."),
            .value("themes", valueName: "dir", help: "The themes folder (default: $NMTI_THEMES_DIR, ./Themes or the package's)."),
            .value("workers", valueName: "n", help: "Renders at once (default: the core count)."),
            .value("queue", valueName: "n", defaultValue: "64", help: "Renders that may wait; beyond that 429 with Retry-After."),
            .value("cache-mb", valueName: "n", defaultValue: "256", help: "Memory for cached posters, in MiB (0: no cache)."),
            .value("signing-key-file", valueName: "f", help: "Require signed URLs; one HMAC key per line, all active."),
            ThemeInput.compressionOption,
            .flag("watch", help: "Reload a theme folder when it changes (for theme authors); a failed reload keeps the last good theme."),
            .value("drain-s", valueName: "s", defaultValue: "20", help: "How long SIGTERM waits for in-flight requests."),
            .value("lame-duck-s", valueName: "s", defaultValue: "0",
                   help: "After SIGTERM, keep serving this long with /readyz at 503 before the socket closes."),
            .value("deadline-s", valueName: "s", defaultValue: "10", help: "A render not started in time gets 503."),
            .value("read-timeout-s", valueName: "s", defaultValue: "10", help: "A request must arrive within this."),
            .value("idle-timeout-s", valueName: "s", defaultValue: "5", help: "A connection silent this long is closed."),
            .value("max-connections", valueName: "n", defaultValue: "512", help: "Connections served; beyond, 503 (health checks still answered)."),
            .value("max-per-ip", valueName: "n", defaultValue: "128", help: "Connections from one client address."),
            .flag("quiet", short: "q", help: "No access-log lines (service events are still logged)."),
            .value("trusted-proxy", valueName: "cidr",
                   help: "A proxy (10.0.0.0/8, 127.0.0.1) whose X-Forwarded-For names the client in the log; repeatable.", isRepeating: true),
        ] + LinkOptions.specOptions + [
            .value("pair-theme", valueName: "name", defaultValue: "pair", help: "The theme of a reply link's page (the pairing poster)."),
            .value("quiz-url", valueName: "url",
                   help: "Where a friend without the app takes the quiz (https); the invite page's main button goes there with nmti_invite=<invite link>."),
            .value("apple-app-id", valueName: "id", help: "An iOS app (TEAMID.bundle.id) for apple-app-site-association; repeatable.", isRepeating: true),
            .value("android-package", valueName: "name", help: "The Android package for assetlinks.json (with --android-cert-sha256)."),
            .value("android-cert-sha256", valueName: "hex", help: "A signing certificate's SHA-256 (AA:BB:...) for assetlinks.json; repeatable.",
                   isRepeating: true),
        ],
        retiredOptions: [
            "card-theme": "og:image is now the card format of the page's theme (CHANGELOG, Breaking)",
            "thumb-theme": "a landing page's first image is now the thumb format of the page's theme (CHANGELOG, Breaking)",
        ])

    /// What the service is told.
    let configuration: ServerConfiguration
    /// The key file, read when the command runs.
    let signingKeyFile: String?
    /// The link base and link key file (`--link-base`, `--link-key-file` or their variables).
    let links: LinkOptions

    init(_ values: ParsedValues) throws(UsageError) {
        try self.init(values, environment: ProcessInfo.processInfo.environment)
    }

    /// The options the command line gave, then the `NMTI_…` variables of `environment`.
    init(_ given: ParsedValues, environment: [String: String]) throws(UsageError) {
        var values = given
        try values.fillFromEnvironment(environment, skipping: Self.ownVariables)
        let themes = values.option("themes").map { URL(fileURLWithPath: $0) } ?? ThemeStore.defaultDirectory()
        var configuration = ServerConfiguration(themesDirectory: themes)
        configuration.host = values.option("host") ?? configuration.host
        configuration.port = UInt16(try values.integer("port", in: 0...65_535) ?? 8080)
        configuration.workers = try values.integer("workers", in: 1...256) ?? configuration.workers
        configuration.queueCapacity = try values.integer("queue", in: 0...100_000) ?? configuration.queueCapacity
        configuration.cacheBytes = (try values.integer("cache-mb", in: 0...65_536) ?? 256) << 20
        configuration.compression = try ThemeInput.compression(values)
        configuration.watchThemes = values.flag("watch")
        configuration.drainSeconds = try Self.seconds(values, "drain-s", 0...3_600) ?? configuration.drainSeconds
        configuration.lameDuckSeconds = try Self.seconds(values, "lame-duck-s", 0...3_600) ?? configuration.lameDuckSeconds
        configuration.renderDeadlineSeconds = try Self.seconds(values, "deadline-s", 0.1...3_600) ?? configuration.renderDeadlineSeconds
        configuration.readTimeoutSeconds = try Self.seconds(values, "read-timeout-s", 0.1...3_600) ?? configuration.readTimeoutSeconds
        configuration.idleTimeoutSeconds = try values.integer("idle-timeout-s", in: 1...3_600) ?? configuration.idleTimeoutSeconds
        configuration.maximumConnections = try values.integer("max-connections", in: 1...100_000) ?? configuration.maximumConnections
        configuration.connectionsPerAddress = try values.integer("max-per-ip", in: 1...100_000) ?? configuration.connectionsPerAddress
        configuration.accessLog = !values.flag("quiet")
        configuration.trustedProxies = try values.options("trusted-proxy").map { text throws(UsageError) in
            guard let range = AddressRange(text) else {
                throw UsageError("\(values.source(of: "trusted-proxy")): '\(text)' is not an IPv4 address or CIDR block such as 10.0.0.0/8", commandPath: values.commandPath)
            }
            return range
        }
        links = try LinkOptions(values, environment: environment)
        configuration.linkBase = links.base
        configuration.pairTheme = try Self.themeName(values, "pair-theme") ?? configuration.pairTheme
        configuration.quizURL = try Self.quizURL(values)
        configuration.apps = try Self.apps(values)
        self.configuration = configuration
        signingKeyFile = values.options("signing-key-file").last
    }

    /// Options that read a variable of their own (`NMTI_THEMES_DIR`, `NMTI_LINK_BASE`, `NMTI_LINK_KEY_FILE`).
    static let ownVariables: Set<String> = ["themes", "link-base", "link-key-file"]

    private static func themeName(_ values: ParsedValues, _ name: String) throws(UsageError) -> String? {
        guard let text = values.options(name).last else { return nil }
        guard !text.isEmpty, !text.contains("/"), !text.hasPrefix(".") else {
            throw UsageError("\(values.source(of: name)) expects a theme folder name, got '\(text)'", commandPath: values.commandPath)
        }
        return text
    }

    private static func quizURL(_ values: ParsedValues) throws(UsageError) -> QuizURL? {
        guard let text = values.options("quiz-url").last else { return nil }
        do throws(QuizURLError) {
            return try QuizURL(text)
        } catch {
            throw UsageError("\(values.source(of: "quiz-url")) is not a usable quiz URL: \(error)", commandPath: values.commandPath)
        }
    }

    private static func apps(_ values: ParsedValues) throws(UsageError) -> AppDeclarations {
        var apps = AppDeclarations()
        do throws(AppDeclarationError) {
            apps.appleAppIDs = try values.options("apple-app-id").map { id throws(AppDeclarationError) in try AppDeclarations.appleAppID(id) }
            apps.androidPackage = try values.options("android-package").last.map { name throws(AppDeclarationError) in try AppDeclarations.androidPackage(name) }
            apps.androidCertificates = try values.options("android-cert-sha256").map { hex throws(AppDeclarationError) in try AppDeclarations.certificateFingerprint(hex) }
        } catch {
            throw UsageError(error.description, commandPath: values.commandPath)
        }
        if (apps.androidPackage == nil) != apps.androidCertificates.isEmpty {
            let missing = apps.androidPackage == nil ? "--android-package" : "--android-cert-sha256"
            throw UsageError("assetlinks.json needs both --android-package and --android-cert-sha256; \(missing) is missing", commandPath: values.commandPath)
        }
        return apps
    }

    private static func seconds(_ values: ParsedValues, _ name: String, _ range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = values.option(name) else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError(
                "\(values.source(of: name)) expects seconds from \(SecondsText.text(range.lowerBound)) to \(SecondsText.text(range.upperBound)), got '\(text)'",
                commandPath: values.commandPath)
        }
        return value
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        var configuration = configuration
        if let signingKeyFile {
            do throws(ServiceSetupError) {
                configuration.signingKeys = try URLSigner.keys(inFile: signingKeyFile)
            } catch {
                throw Self.failure(error)
            }
        }
        configuration.linkSigner = try links.signer()
        let signal = DispatchSemaphore(value: 0)
        let received = Mutex<String?>(nil)
        InterruptCleanup.interceptNextSignal { _, name in
            received.withLock { $0 = name }
            signal.signal()
        }
        let service: PosterService
        do throws(ServiceSetupError) {
            service = try PosterService(configuration, engineVersion: NMTIPoster.version)
            try service.start()
        } catch {
            throw Self.failure(error)
        }
        let port = Int(service.port ?? configuration.port)
        service.log.event([
            "event": "listening", "url": .string("http://\(configuration.host):\(port)"), "host": .string(configuration.host), "port": .int(port),
            "version": .string(NMTIPoster.version), "engine": .string(EngineIdentity.current.digest),
        ])
        signal.wait()
        let name = received.withLock { $0 } ?? "signal"
        service.log.event([
            "event": "draining", "signal": .string(name), "lameDuckSeconds": .double(configuration.lameDuckSeconds),
            "drainSeconds": .double(configuration.drainSeconds),
        ])
        let unfinished = service.drain()
        service.log.event(["event": "stopped", "unfinished": .int(unfinished), "level": unfinished > 0 ? "warn" : "info"])
    }

    static func failure(_ error: ServiceSetupError) -> CommandFailure {
        switch error.kind {
        case .noInput: CommandFailure(.missingInput, error.message, cause: error)
        case .badInput: CommandFailure(.invalidResult, error.message, cause: error)  // 65: the key file's content
        case .badTheme: CommandFailure(.invalidTheme, error.message, cause: error)
        case .failure: CommandFailure(.graphics, error.message, cause: error)  // 1: fonts, drawing or the address
        }
    }
}

/// Seconds as people write them: `20`, not `20.0`.
enum SecondsText {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
