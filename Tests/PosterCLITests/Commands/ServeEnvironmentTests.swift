import Foundation
import PosterServer
import Testing
@testable import PosterCLI

/// Every `serve` option can come from an `NMTI_…` variable; the command line wins, and
/// a bad value names the variable it came from.
@Suite struct ServeEnvironmentTests {
    func command(_ words: [String], _ environment: [String: String]) throws(UsageError) -> ServeCommand {
        let values = try CommandParser.parse(words, spec: ServeCommand.spec, commandPath: ["serve"])
        return try ServeCommand(values, environment: environment)
    }

    @Test func everyOptionHasAVariable() throws {
        let serve = try command([], [
            "NMTI_HOST": "0.0.0.0", "NMTI_PORT": "9090", "NMTI_WORKERS": "3", "NMTI_QUEUE": "7", "NMTI_CACHE_MB": "2",
            "NMTI_COMPRESSION": "fast", "NMTI_WATCH": "true", "NMTI_DRAIN_S": "9", "NMTI_LAME_DUCK_S": "4.5",
            "NMTI_DEADLINE_S": "2", "NMTI_READ_TIMEOUT_S": "3", "NMTI_IDLE_TIMEOUT_S": "4", "NMTI_MAX_CONNECTIONS": "100",
            "NMTI_MAX_PER_IP": "10", "NMTI_QUIET": "1", "NMTI_TRUSTED_PROXY": "10.0.0.0/8, 127.0.0.1",
            "NMTI_PAIR_THEME": "classic", "NMTI_SIGNING_KEY_FILE": "/keys",
            "NMTI_QUIZ_URL": "https://quiz.example/h5?src=poster,wechat",
            "NMTI_APPLE_APP_ID": "ABCDE12345.com.example.a,ABCDE12345.com.example.b",
            "NMTI_ANDROID_PACKAGE": "com.example.nmti", "NMTI_ANDROID_CERT_SHA256": String(repeating: "AB:", count: 31) + "AB",
        ])
        let configuration = serve.configuration
        #expect(configuration.host == "0.0.0.0" && configuration.port == 9090 && configuration.workers == 3)
        #expect(configuration.queueCapacity == 7 && configuration.cacheBytes == 2 << 20 && configuration.compression == .fast)
        #expect(configuration.watchThemes && !configuration.accessLog)
        #expect(configuration.drainSeconds == 9 && configuration.lameDuckSeconds == 4.5 && configuration.renderDeadlineSeconds == 2)
        #expect(configuration.readTimeoutSeconds == 3 && configuration.idleTimeoutSeconds == 4)
        #expect(configuration.maximumConnections == 100 && configuration.connectionsPerAddress == 10)
        #expect(configuration.trustedProxies.map(\.description) == ["10.0.0.0/8", "127.0.0.1/32"])
        #expect(configuration.pairTheme == "classic")
        #expect(configuration.quizURL?.text == "https://quiz.example/h5?src=poster,wechat")  // one value: commas stay
        #expect(configuration.apps.appleAppIDs.count == 2 && configuration.apps.androidPackage == "com.example.nmti")
        #expect(serve.signingKeyFile == "/keys")
        // Every option of the spec is covered above, or reads a variable of its own.
        let covered: Set<String> = [
            "host", "port", "workers", "queue", "cache-mb", "compression", "watch", "drain-s", "lame-duck-s", "deadline-s",
            "read-timeout-s", "idle-timeout-s", "max-connections", "max-per-ip", "quiet", "trusted-proxy", "pair-theme",
            "quiz-url", "signing-key-file", "apple-app-id", "android-package", "android-cert-sha256",
        ]
        #expect(Set(ServeCommand.spec.options.map(\.name)).subtracting(covered) == ServeCommand.ownVariables)
    }

    @Test func theCommandLineWinsAndFlagsCanBeTurnedOff() throws {
        let serve = try command(["--port", "8081", "--apple-app-id", "ABCDE12345.com.example.c"], [
            "NMTI_PORT": "9090", "NMTI_WATCH": "off", "NMTI_QUIET": "", "NMTI_APPLE_APP_ID": "ABCDE12345.com.example.a",
        ])
        #expect(serve.configuration.port == 8081 && !serve.configuration.watchThemes && serve.configuration.accessLog)
        #expect(serve.configuration.apps.appleAppIDs == ["ABCDE12345.com.example.c"])
    }

    @Test func repeatableOptionsRepeatOnTheCommandLine() throws {
        let serve = try command(["--apple-app-id", "ABCDE12345.com.example.a", "--apple-app-id", "ABCDE12345.com.example.b",
                                 "--trusted-proxy", "10.0.0.1", "--trusted-proxy", "10.0.0.2"], [:])
        #expect(serve.configuration.apps.appleAppIDs.count == 2 && serve.configuration.trustedProxies.count == 2)
    }

    @Test func badValuesNameTheirVariable() throws {
        let cases: [([String: String], String)] = [
            (["NMTI_PORT": "http"], "environment variable NMTI_PORT (--port) expects an integer from 0 to 65535, got 'http'"),
            (["NMTI_DRAIN_S": "-1"], "environment variable NMTI_DRAIN_S (--drain-s) expects seconds from 0 to 3600, got '-1'"),
            (["NMTI_WATCH": "maybe"], "environment variable NMTI_WATCH (--watch) expects 1, true, yes or on, or 0, false, no or off, got 'maybe'"),
            (["NMTI_TRUSTED_PROXY": "10.0.0.0/8,proxy.local"],
             "environment variable NMTI_TRUSTED_PROXY (--trusted-proxy): 'proxy.local' is not an IPv4 address or CIDR block such as 10.0.0.0/8"),
            (["NMTI_QUIZ_URL": "http://quiz.example/"],
             "environment variable NMTI_QUIZ_URL (--quiz-url) is not a usable quiz URL: the scheme must be https; http is accepted only for 127.0.0.1 and localhost (local testing)"),
            (["NMTI_COMPRESSION": "max"], "environment variable NMTI_COMPRESSION (--compression) must be fast, balanced or smallest, not 'max'"),
        ]
        for (environment, message) in cases {
            #expect(refusal([], environment) == message)
        }
        #expect(refusal(["--port", "x"], [:]) == "option '--port' expects an integer from 0 to 65535, got 'x'")
        #expect(refusal(["--quiz-url", "https://quiz.example/#go"], [:])
            == "option '--quiz-url' is not a usable quiz URL: must not hold a fragment ('#'): the invite is appended to the query, and a browser never sends what follows '#'")
        #expect(try command([], [:]).configuration.quizURL == nil)
    }

    /// The thumbnail and card are formats of the page's theme now: the old options, and
    /// their variables left in a deployment, say so instead of being ignored or guessed at.
    @Test func theRetiredThemeOptionsSayWhatReplacedThem() throws {
        let option = refusal(["--card-theme", "card"], [:])
        #expect(option == "option '--card-theme' was removed: og:image is now the card format of the page's theme (CHANGELOG, Breaking)")
        let variable = refusal([], ["NMTI_THUMB_THEME": "thumb"])
        #expect(variable?.hasPrefix("environment variable NMTI_THUMB_THEME (--thumb-theme) was removed: a landing page's first image is now the thumb format") == true,
                "\(variable ?? "accepted")")
        #expect(try command([], ["NMTI_CARD_THEME": ""]).configuration.pairTheme == "pair")  // an empty variable is no setting
    }

    func refusal(_ words: [String], _ environment: [String: String]) -> String? {
        do {
            _ = try command(words, environment)
            return nil
        } catch {
            return error.message
        }
    }
}
