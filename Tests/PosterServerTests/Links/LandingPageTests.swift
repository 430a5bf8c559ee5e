import Foundation
import NMTIDomain
import PosterKit
import PosterServer
import Testing
import TestSupport
@testable import PosterLinks

/// Landing pages against a real server under a link base with a path, with a link key.
@Suite struct LandingPageTests {
    static let base = "https://nmti.example/nmti/"

    /// A server over the fixture themes with the link base, the link key and the app IDs.
    static func server(_ extra: [String] = []) throws -> (ServerProcess, cleanup: () -> Void) {
        let themes = try LinkFixtures.themes()
        let key = try LinkFixtures.keyFile()
        let server = try ServerProcess(["--themes", themes.path, "--workers", "1", "--link-base", base, "--link-key-file", key.path] + extra)
        return (server, {
            server.stop()
            try? FileManager.default.removeItem(at: themes)
            try? FileManager.default.removeItem(at: key)
        })
    }

    /// The server's URL for an absolute URL under the base (the base's host is not resolvable here).
    static func local(_ server: ServerProcess, _ url: String) -> String {
        server.url(String(url.dropFirst("https://nmti.example".count)))
    }

    /// The pixel size in a PNG's IHDR.
    static func size(_ png: Data) -> (Int, Int) {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24 else { return (0, 0) }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// What `nmti-poster render <link>` writes with the same themes, base and key.
    static func cliRender(_ link: String, server: ServerProcess, theme: String) throws -> Data {
        let output = server.scratch.appendingPathComponent("cli-\(UUID().uuidString).png")
        let arguments = server.process.arguments ?? []
        func value(_ name: String) -> String { arguments[(arguments.firstIndex(of: name) ?? 0) + 1] }
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = ["render", link, "--theme", theme, "--link-base", base, "--link-key-file", value("--link-key-file"), "-o", output.path, "-q"]
        process.environment = ProcessInfo.processInfo.environment.merging(["NMTI_THEMES_DIR": value("--themes")]) { $1 }
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: output)
    }

    @Test func signedInviteShowsTheEscapedNicknameAndItsPoster() throws {
        let (server, cleanup) = try Self.server()
        defer { cleanup() }
        let link = LinkFixtures.invite
        let sig = LinkFixtures.signer.signature(for: link)
        let page = try Curl.request(server.url(try LinkFixtures.target(link, base: Self.base)))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["cache-control"] == "public, max-age=0, s-maxage=1")
        let etag = try #require(page.headers["etag"])
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
        let html = page.text

        // The hostile nickname is there, escaped everywhere; the only script is the page's own.
        #expect(html.contains("小王&lt;script&gt;&quot;&amp;&#39;&lt;/b&gt;"))
        #expect(!html.contains("<script>\""))
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("</b>"))
        #expect(LinkFixtures.meta("og:title", in: html)?.contains("小王" + LinkFixtures.hostile) == true)
        #expect(LinkFixtures.meta("og:url", in: html) == link.url(form: .web(try LinkBase(Self.base)), signature: sig))
        #expect(LinkFixtures.meta("twitter:card", in: html) == "summary_large_image")
        #expect(LinkFixtures.meta("og:description", in: html)?.isEmpty == false)
        let card = try #require(LinkFixtures.meta("og:image", in: html))
        #expect(card.hasPrefix(Self.base + "v1/links/i/classic.png?") && card.contains("&ls=\(sig)&format=card&d="))
        #expect(LinkFixtures.attribute("href", after: "id=\"open-app\"", in: html) == link.url(form: .scheme, signature: sig))

        let src = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: html))
        #expect(src.hasPrefix(Self.base + "v1/links/i/classic.png?"))
        #expect(LinkFixtures.attribute("width", after: "id=\"poster\"", in: html) == "750")
        #expect(LinkFixtures.attribute("height", after: "id=\"poster\"", in: html) == "1334")

        // The image loads under the base's path (a proxy passing the prefix on) and without it (stripping it).
        let image = try Curl.request(Self.local(server, src))
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/png")
        #expect(image.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(Self.size(image.body) == (750, 1334))
        let stripped = try Curl.request(server.url(String(src.dropFirst(Self.base.count - 1))))
        #expect(stripped.body == image.body)
        let revalidated = try Curl.request(Self.local(server, src), ["-H", "If-None-Match: \(image.headers["etag"] ?? "")"])
        #expect(revalidated.status == 304)

        // The same bytes as `render <link>`; the poster carries the signed compact invite, read back from its pixels.
        let linkText = link.url(form: .web(try LinkBase(Self.base)), signature: sig)
        #expect(try Self.cliRender(linkText, server: server, theme: "classic") == image.body)
        let printed = try #require(try QRDecoder.decode(png: image.body).first)
        #expect(printed == link.url(form: .compact(try LinkBase(Self.base)), signature: sig))
        #expect(printed.hasPrefix(Self.base + "I/"))
        #expect(LinkFixtures.signer.verifies(try ParsedLink(parsing: printed)))
        // A poster the request spelled out gets an unsigned link: without URL signing anyone
        // could otherwise have any nickname signed by asking for it.
        let plain = try Curl.request(server.url("/v1/posters/classic.png?c=-4&s=5&e=7&a=1&nickname=%E5%AE%98%E6%96%B9"))
        let official = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: -4, s: 5, e: 7, a: 1), nickname: "官方"))
        let unsigned = try #require(try QRDecoder.decode(png: plain.body).first)
        #expect(unsigned == official.url(form: .compact(try LinkBase(Self.base))))
        #expect(try ParsedLink(parsing: unsigned).signature == nil)
        #expect(try Curl.request(Self.local(server, card)).status == 200)
    }

    @Test func unsignedAndTamperedLinksLeaveNicknamesOut() throws {
        let (server, cleanup) = try Self.server()
        defer { cleanup() }
        let signed = try LinkFixtures.target(LinkFixtures.invite, base: Self.base)
        let otherKey = try LinkSigner(keys: [Array("another-key-0123456789".utf8)]).signature(for: LinkFixtures.invite)
        let cases = [
            "unsigned": try LinkFixtures.target(LinkFixtures.invite, base: Self.base, signed: false),
            "tampered scores": signed.replacingOccurrences(of: "v=6.-3.2.-5", with: "v=6.-3.2.-4"),
            "tampered nickname": signed.replacingOccurrences(of: "n=%E5%B0%8F%E7%8E%8B", with: "n=%E5%B0%8F%E6%9D%8E"),
            "other key": signed.replacingOccurrences(of: LinkFixtures.signer.signature(for: LinkFixtures.invite), with: otherKey),
        ]
        for (name, target) in cases {
            let page = try Curl.request(server.url(target))
            #expect(page.status == 200, "\(name)")
            #expect(!page.text.contains("小王") && !page.text.contains("小李"), "\(name): a nickname from an unverified link was shown")
            #expect(!page.text.contains("script&gt;"), "\(name)")
            let src = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: page.text))
            #expect(!src.contains("&n=") && !src.contains("ls="), "\(name): \(src)")
            #expect(LinkFixtures.meta("og:title", in: page.text) == "TA邀请你测一测：你是哪种做题家？", "\(name)")
        }
        // The image endpoint judges the link itself: a nickname without a valid ls is not drawn.
        let withName = try Curl.request(server.url("/v1/links/i/classic.png?v=6.-3.2.-5&n=%E5%B0%8F%E6%9D%8E"))
        let without = try Curl.request(server.url("/v1/links/i/classic.png?v=6.-3.2.-5"))
        #expect(withName.status == 200)
        #expect(withName.headers["etag"] == without.headers["etag"])
    }

    @Test func replyShowsThePairingPosterAndRevalidates() throws {
        let (server, cleanup) = try Self.server()
        defer { cleanup() }
        let target = try LinkFixtures.target(LinkFixtures.reply, base: Self.base)
        let page = try Curl.request(server.url(target))
        #expect(page.status == 200)
        #expect(LinkFixtures.meta("og:title", in: page.text)?.hasPrefix("阿May × 小王：") == true)
        let src = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: page.text))
        #expect(src.hasPrefix(Self.base + "v1/links/r/pair.png?"))
        #expect(try Curl.request(Self.local(server, src)).status == 200)
        #expect(LinkFixtures.meta("og:image", in: page.text)?.hasPrefix(Self.base + "v1/links/r/pair.png?") == true)

        // A strong validator: 304 without a body; the page is the same for every client.
        let etag = try #require(page.headers["etag"])
        let revalidated = try Curl.request(server.url(target), ["-H", "If-None-Match: \(etag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        let wechat = try Curl.request(server.url(target), ["-A", "Mozilla/5.0 (iPhone) MicroMessenger/8.0.50"])
        #expect(wechat.body == page.body && wechat.headers["etag"] == etag)
        #expect(page.text.contains("在浏览器打开"))
        let other = try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.invite, base: Self.base)))
        #expect(other.headers["etag"] != etag)
        // WeChat appends its own parameters to shared links; the page ignores them.
        let shared = try Curl.request(server.url(target + "&from=singlemessage&isappinstalled=0"))
        #expect(shared.headers["etag"] == etag)

        let metrics = try Curl.request(server.url("/metrics")).text
        #expect(metrics.contains("nmti_http_requests_total{route=\"landing\",status=\"200\"}"))
        #expect(metrics.contains("nmti_http_requests_total{route=\"link-poster\",status=\"200\"}"))
        #expect(server.accessLog.contains { ($0["path"] as? String)?.hasPrefix("/nmti/r?") == true && !(($0["path"] as? String) ?? "").contains("sig=") })
    }

    /// With URL signing the request is the deployment's own, so its poster's link is signed.
    @Test func urlSignedRequestsGetSignedLinks() throws {
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-url-keys-\(UUID().uuidString)")
        try "url-signing-key-0123456789\r\n".write(to: keys, atomically: true, encoding: .utf8)  // CRLF, as Windows saves it
        defer { try? FileManager.default.removeItem(at: keys) }
        let (server, cleanup) = try Self.server(["--signing-key-file", keys.path])
        defer { cleanup() }
        let target = URLSigner(keys: [Array("url-signing-key-0123456789".utf8)])
            .signedTarget(path: "/v1/posters/classic.png", query: [("c", "-4"), ("s", "5"), ("e", "7"), ("a", "1")])
        let poster = try Curl.request(server.url(target))
        #expect(poster.status == 200, "\(poster.text)")
        let invite = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: -4, s: 5, e: 7, a: 1)))
        #expect(try QRDecoder.decode(png: poster.body).first == invite.url(form: .compact(try LinkBase(Self.base)), signature: LinkFixtures.signer.signature(for: invite)))
    }
}

/// `<base path>I/<payload>` and `R/<payload>` are answered exactly as `/i?…` and `/r?…`.
@Suite struct CompactLandingTests {
    @Test func compactLinksGetTheLongFormsPageAndImages() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        let base = try LinkBase(LandingPageTests.base)
        for link in [LinkFixtures.invite, LinkFixtures.reply] {
            let compact = link.url(form: .compact(base), signature: LinkFixtures.signer.signature(for: link))
            let tag = try ParsedLink(parsing: compact).signature
            // The long form with the compact link's own 80-bit tag: the same link, the same page.
            let long = link.url(form: .web(base), signature: tag)
            let byCompact = try Curl.request(LandingPageTests.local(server, compact))
            let byLong = try Curl.request(LandingPageTests.local(server, long))
            #expect(byCompact.status == 200 && byLong.status == 200, "\(compact)")
            #expect(byCompact.body == byLong.body)
            for header in ["content-type", "cache-control", "etag", "content-security-policy", "x-content-type-options", "referrer-policy"] {
                #expect(byCompact.headers[header] == byLong.headers[header], "\(header)")
            }
            #expect(byCompact.text.contains("小王"), "the 80-bit tag verified: the nicknames are shown")
            // Under the base's path and without it (a proxy that strips it), with WeChat's own query.
            let stripped = try Curl.request(server.url(String(compact.dropFirst(base.text.count - 1)) + "?from=singlemessage&isappinstalled=0"))
            #expect(stripped.body == byCompact.body)
            let etag = try #require(byCompact.headers["etag"])
            let revalidated = try Curl.request(LandingPageTests.local(server, compact), ["-H", "If-None-Match: \(etag)"])
            #expect(revalidated.status == 304 && revalidated.body.isEmpty)
            #expect(try Curl.request(LandingPageTests.local(server, compact), ["-X", "POST"]).status == 405)
            let src = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: byCompact.text))
            #expect(try Curl.request(LandingPageTests.local(server, src)).status == 200)
        }
        // A tampered tag leaves the nicknames out, as a tampered long link does.
        let good = LinkFixtures.reply.url(form: .compact(base), signature: LinkFixtures.signer.signature(for: LinkFixtures.reply))
        let parsed = try ParsedLink(parsing: good)
        var tag = try #require(LinkSigner.decodeBase64url(parsed.signature ?? ""))
        tag[9] ^= 0x40
        let forged = LinkFixtures.reply.url(form: .compact(base), signature: LinkSigner.base64url(tag))
        let page = try Curl.request(LandingPageTests.local(server, forged))
        #expect(page.status == 200 && !page.text.contains("小王") && !page.text.contains("阿May"))
        let metrics = try Curl.request(server.url("/metrics")).text
        #expect(metrics.contains("nmti_http_requests_total{route=\"landing\",status=\"304\"}"))
        // One segment only: junk segments before a payload are not another spelling of the page.
        let payload = String(good.dropFirst(base.text.count + 2))
        for junk in ["/I/x/y/I/", "/R/x/I/", "/R/x/R/"] {
            #expect(try Curl.request(server.url(junk + payload)).status == 404, "\(junk)")
        }
    }
}
