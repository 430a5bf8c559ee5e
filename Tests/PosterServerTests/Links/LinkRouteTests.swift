import Foundation
import NMTIDomain
import PosterKit
import Testing
@testable import PosterServer
@testable import PosterLinks

/// Bad links, the `/.well-known/` files, missing themes, signed URLs and the serve options.
@Suite struct LinkRouteTests {
    static let appID = "ABCDE12345.com.example.nmti"
    static let fingerprint = (0..<32).map { String(format: "%02x", $0 * 7 % 256) }.joined(separator: ":")

    @Test func badLinksAre400NamingTheParameter() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        let cases: [(target: String, code: String, parameter: String?, says: String)] = [
            ("/nmti/i", "bad-link", "t", "missing parameter 't'"),
            ("/i?v=1.2.3", "bad-link", "v", "is not four integers"),
            ("/r?v=1.1.1.1", "bad-link", "it", "missing parameter 'it'"),
            ("/i?t=NOPE", "bad-link", "t", "not a personality code"),
            ("/i?v=1.1.1.1&p=x", "bad-link", "p", "unknown pack"),
            ("/i?v=1.1.1.1&n=a%00b", "bad-link", "n", "holds the control character U+0000"),
            // Compact links: the payload's problem, quoting nothing of it.
            ("/nmti/R/0U00", "bad-link", nil, "ends before its last field"),
            ("/I/0u00", "bad-link", nil, "is in lower case"),
            ("/I/8U00", "bad-link", nil, "unknown compact link version 1"),
            ("/I/0U01", "bad-link", nil, "padding bits that are not zero"),
            ("/I/0U0W", "bad-link", nil, "character 4 is not one of 0-9 A-V"),
            ("/I/", "bad-link", nil, "ends before its last field"),
            // The query rules every endpoint shares come first.
            ("/i?v=1.1.1.1&n=%ZZ", "bad-query", "n", "not valid percent-encoded UTF-8"),
            ("/i?v=1.1.1.1&v=2.2.2.2", "bad-query", "v", "more than once"),
        ]
        for (target, code, parameter, says) in cases {
            let json = try Curl.request(server.url(target), ["-H", "Accept: application/json"])
            #expect(json.status == 400, "\(target)")
            #expect(json.headers["content-type"] == "application/json", "\(target)")
            #expect(json.headers["cache-control"] == "no-store", "\(target)")
            #expect(json.error?["code"] as? String == code, "\(target)")
            #expect(json.error?["path"] as? String == parameter, "\(target)")
            #expect((json.error?["message"] as? String)?.contains(says) == true, "\(target): \(json.text)")
            let html = try Curl.request(server.url(target))
            #expect(html.status == 400, "\(target)")
            #expect(html.headers["content-type"] == "text/html; charset=utf-8", "\(target)")
            #expect(html.text.contains(code) && (parameter.map { html.text.contains("<code>\($0)</code>") } ?? true), "\(target)")
            #expect(!html.text.contains("0U0") && !html.text.contains("0u0"), "\(target): the payload is not quoted")
        }
        // What the link said is not repeated at all, escaped or not (ErrorEchoTests tries every parameter).
        let hostile = try Curl.request(server.url("/i?t=%3Cimg%20src=x%3E"))
        #expect(hostile.status == 400)
        #expect(!hostile.text.contains("<img") && !hostile.text.contains("img src"))

        #expect(try Curl.request(server.url("/i?v=1.1.1.1"), ["-X", "POST"]).status == 405)
        let unknown = try Curl.request(server.url("/v1/links/i/classic.png?v=1.1.1.1&utm=x"))
        #expect(unknown.status == 400 && unknown.error?["path"] is NSNull && (unknown.error?["message"] as? String)?.hasPrefix("query item 2: unknown parameter") == true)
        let bad = try Curl.request(server.url("/v1/links/r/pair.png?v=1.1.1.1"))
        #expect(bad.status == 400 && bad.error?["code"] as? String == "bad-link" && bad.error?["path"] as? String == "it")
        #expect(try Curl.request(server.url("/v1/links/x/classic.png?v=1.1.1.1")).status == 404)
        let invitePair = try Curl.request(server.url("/v1/links/i/pair.png?v=1.1.1.1"))
        #expect(invitePair.status == 400 && (invitePair.error?["message"] as? String)?.contains("reply link") == true)
        // No app declared here: both files are 404.
        #expect(try Curl.request(server.url("/.well-known/apple-app-site-association")).status == 404)
        #expect(try Curl.request(server.url("/.well-known/assetlinks.json")).status == 404)
    }

    @Test func wellKnownFilesDeclareTheApps() throws {
        let (server, cleanup) = try LandingPageTests.server([
            "--apple-app-id", Self.appID, "--android-package", "com.example.nmti", "--android-cert-sha256", Self.fingerprint,
        ])
        defer { cleanup() }
        let apple = try Curl.request(server.url("/.well-known/apple-app-site-association"))
        #expect(apple.status == 200)  // curl does not follow redirects: a 3xx would fail here
        #expect(apple.headers["content-type"] == "application/json")
        let association = try #require(try JSONSerialization.jsonObject(with: apple.body) as? [String: Any])
        let details = try #require((association["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.first?["appIDs"] as? [String] == [Self.appID])
        let paths = ["/nmti/i", "/nmti/r", "/nmti/I/*", "/nmti/R/*"]  // the long and the compact form
        #expect((details.first?["components"] as? [[String: String]])?.map { $0["/"] } == paths)
        #expect(details.contains { $0["appID"] as? String == Self.appID && $0["paths"] as? [String] == paths })

        let android = try Curl.request(server.url("/.well-known/assetlinks.json"))
        #expect(android.status == 200)
        #expect(android.headers["content-type"] == "application/json")
        let statements = try #require(try JSONSerialization.jsonObject(with: android.body) as? [[String: Any]])
        #expect(statements.first?["relation"] as? [String] == ["delegate_permission/common.handle_all_urls"])
        let target = try #require(statements.first?["target"] as? [String: Any])
        #expect(target["namespace"] as? String == "android_app")
        #expect(target["package_name"] as? String == "com.example.nmti")
        #expect(target["sha256_cert_fingerprints"] as? [String] == [Self.fingerprint.uppercased()])
        // Cached for an hour: a query, which nothing here reads, is refused rather than made a new cache key.
        for path in ["/.well-known/apple-app-site-association?x=1", "/.well-known/assetlinks.json?v=2"] {
            let junk = try Curl.request(server.url(path))
            #expect(junk.status == 400 && junk.error?["code"] as? String == "bad-query" && junk.headers["cache-control"] == "no-store", "\(path)")
        }
    }

    @Test func withoutThePairThemeThePageStillWorksAndImagesAreSigned() throws {
        let themes = try LinkFixtures.themes(without: ["pair"])
        defer { try? FileManager.default.removeItem(at: themes) }
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-url-keys-\(UUID().uuidString)")
        try "url-signing-key-0123456789\n".write(to: keys, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keys) }
        // No link base: page URLs come from the Host; URL signing on, no link key.
        let server = try ServerProcess(["--themes", themes.path, "--workers", "1", "--signing-key-file", keys.path])
        defer { server.stop() }
        let origin = server.url("/")
        let reply = try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.reply, base: origin)))
        #expect(reply.status == 200)
        #expect(reply.headers["vary"] == "Host", "the page's URLs come from the Host header")
        #expect(!reply.text.contains("阿May"))  // no link key: nothing verifies
        let pair = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: reply.text))
        #expect(pair.hasPrefix(origin + "v1/links/r/pair.png?") && pair.contains("&sig="))
        let missing = try Curl.request(pair)
        #expect(missing.status == 404)
        #expect(missing.headers["x-content-type-options"] == "nosniff")
        #expect((missing.error?["message"] as? String)?.contains("--pair-theme") == true)
        // The thumbnail and card fall back to the default theme's formats, so they still load, signed.
        let card = try #require(LinkFixtures.meta("og:image", in: reply.text))
        #expect(card.hasPrefix(origin + "v1/links/r/classic.png?") && card.contains("&format=card&") && card.contains("&sig="), "\(card)")
        let preview = try Curl.request(card)
        #expect(preview.status == 200 && LandingPageTests.size(preview.body) == (1200, 630))
        let thumb = try #require(LinkFixtures.attribute("src", after: "id=\"thumb\"", in: reply.text))
        #expect(thumb.hasPrefix(origin + "v1/links/r/classic.png?") && thumb.contains("&format=thumb&"), "\(thumb)")
        let square = try Curl.request(thumb)
        #expect(square.status == 200 && LandingPageTests.size(square.body) == (500, 500))
        #expect(try Curl.request(thumb.replacingOccurrences(of: "format=thumb", with: "format=card")).status == 403, "the format is signed")

        let invite = try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.invite, base: origin)))
        let poster = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: invite.text))
        #expect(try Curl.request(poster).status == 200)
        let unsigned = String(poster[..<poster.range(of: "&sig=")!.lowerBound])
        #expect(try Curl.request(unsigned).status == 403)
        #expect(try Curl.request(poster.replacingOccurrences(of: "v=6.-3.2.-5", with: "v=6.-3.2.-4")).status == 403)
    }

    @Test func posterKeysChangeWithTheLinkStyle() throws {
        var configuration = ServerConfiguration(themesDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(PosterService.linkFingerprint(configuration) == "")  // unchanged ETags for nmti:// posters
        configuration.linkBase = try LinkBase("https://nmti.example/")
        let based = PosterService.linkFingerprint(configuration)
        configuration.linkSigner = LinkFixtures.signer
        let signed = PosterService.linkFingerprint(configuration)
        configuration.linkSigner = try LinkSigner(keys: [Array("another-key-0123456789".utf8)])
        let rotated = PosterService.linkFingerprint(configuration)
        #expect(Set([based, signed, rotated, ""]).count == 4)
        #expect(!signed.contains(LinkFixtures.linkKey))
    }

    @Test func serveRefusesBadLinkAndAppOptions() throws {
        let cases: [([String], String)] = [
            (["--apple-app-id", "com.example.nmti"], "--apple-app-id 'com.example.nmti'"),
            (["--apple-app-id", "ABCDE12345."], "bundle ID"),
            (["--android-package", "nmti"], "--android-package 'nmti'"),
            (["--android-package", "com.example.nmti"], "--android-cert-sha256 is missing"),
            (["--android-package", "com.example.nmti", "--android-cert-sha256", "AA:BB"], "32 hex pairs"),
            (["--link-base", "ftp://nmti.example/"], "--link-base"),
            (["--pair-theme", "../x"], "--pair-theme"),
            (["--thumb-theme", "thumb"], "option '--thumb-theme' was removed: a landing page's first image is now the thumb format"),
            (["--quiz-url", "http://quiz.example/start"], "option '--quiz-url' is not a usable quiz URL: the scheme must be https; http is accepted only for 127.0.0.1"),
            (["--quiz-url", "https://quiz.example/#/start"], "option '--quiz-url' is not a usable quiz URL: must not hold a fragment"),
        ]
        for (arguments, says) in cases {
            let process = Process()
            process.executableURL = ServerProcess.binary
            process.arguments = ["serve", "--port", "0"] + arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }  // a start that wrongly succeeds
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            defer { watchdog.cancel() }
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 64, "\(arguments): \(text)")
            #expect(text.contains(says), "\(arguments): \(text)")
        }
    }
}
