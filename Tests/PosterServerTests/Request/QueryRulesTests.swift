import Foundation
import Testing
@testable import PosterServer

/// The query rules every endpoint shares, against a real server: a repeated or empty
/// item is a 400 wherever it appears, and nothing the origin ignores can make a new
/// cache key (a `v` or `d` that is not the poster's digest, a `sig` or `ls` the server
/// cannot check).
@Suite struct QueryRulesTests {
    static let result = #"{"scores":{"c":1,"s":1,"e":1,"a":1}}"#

    /// POSTs the result to `/v1/render?<query>`.
    static func render(_ server: ServerProcess, _ query: String) throws -> Curl.Response {
        try Curl.request(server.url("/v1/render?\(query)"), ["-H", "Content-Type: application/json"], body: Data(result.utf8))
    }

    /// A JSON error answer: its status, code and path (nil for `null`).
    static func refusal(_ answer: Curl.Response) -> (status: Int, code: String?, path: String?) {
        (answer.status, answer.error?["code"] as? String, answer.error?["path"] as? String)
    }

    @Test func aRepeatedParameterIsRefusedOnEveryEndpoint() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        let json = ["-H", "Accept: application/json"]
        // The first value used to win: `theme=classic&theme=pair` drew classic.
        for query in ["theme=classic&theme=pair", "theme=classic&theme=classic"] {
            let answer = try Self.render(server, query)
            #expect(Self.refusal(answer) == (400, "bad-query", "theme"), "\(query): \(answer.status) \(answer.text)")
        }
        let cases: [(target: String, path: String?)] = [
            ("/v1/posters/classic.png?c=1&s=1&e=1&a=1&c=2", "c"),
            ("/v1/posters/classic.png?c=1&s=1&e=1&a=1&nickname=x&nickname=x", "nickname"),
            ("/v1/links/i/classic.png?v=1.1.1.1&v=1.1.1.1", "v"),
            ("/v1/links/i/classic.png?v=1.1.1.1&d=x&d=y", "d"),
            ("/nmti/i?v=1.1.1.1&v=1.1.1.1", "v"),
            ("/i?v=1.1.1.1&sig=a&sig=b", "sig"),
            // A parameter the endpoint does not read is not named: its name is the requester's text.
            ("/i?v=1.1.1.1&utm=1&utm=1", nil),
            ("/v1/posters/classic.png?c=1&s=1&e=1&a=1&utm=1&utm=1", nil),
        ]
        for (target, path) in cases {
            let answer = try Curl.request(server.url(target), json)
            #expect(Self.refusal(answer) == (400, "bad-query", path), "\(target): \(answer.status) \(answer.text)")
            #expect(answer.headers["cache-control"] == "no-store", "\(target)")
        }
        #expect(try Curl.request(server.url("/v1/posters/classic.png?c=1&s=1&e=1&a=1")).status == 200)
    }

    @Test func anEmptyItemOrABrokenEscapeInANameIsRefused() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        let targets = [
            "/v1/posters/classic.png?c=1&&s=1&e=1&a=1", "/v1/posters/classic.png?&c=1&s=1&e=1&a=1",
            "/v1/posters/classic.png?c=1&s=1&e=1&a=1&", "/v1/links/i/classic.png?v=1.1.1.1&",
            "/i?v=1.1.1.1&", "/i?&v=1.1.1.1", "/r?v=1.1.1.1&&iv=2.2.2.2", "/i?v=1.1.1.1&%zz=1", "/i?v=1.1.1.1&x%E4=1",
        ]
        for target in targets {
            let answer = try Curl.request(server.url(target), ["-H", "Accept: application/json"])
            #expect(Self.refusal(answer) == (400, "bad-query", nil), "\(target): \(answer.status) \(answer.text)")
        }
        #expect(Self.refusal(try Self.render(server, "theme=classic&")) == (400, "bad-query", nil))
        // The page itself: `?` with nothing after it is no item at all.
        #expect(try Curl.request(server.url("/i?v=1.1.1.1")).status == 200)
    }

    @Test func aDigestThatIsNotThePostersIsRefused() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        let plain = "/v1/posters/classic.png?c=1&s=1&e=1&a=1"
        let first = try Curl.request(server.url(plain))
        let digest = try #require(first.headers["etag"]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #expect(first.headers["cache-control"] == "public, max-age=0, s-maxage=1")
        let addressed = try Curl.request(server.url(plain + "&v=\(digest)"))
        #expect(addressed.status == 200 && addressed.headers["cache-control"] == "public, max-age=31536000, immutable")
        let wrong = String(digest.dropLast()) + (digest.hasSuffix("0") ? "1" : "0")
        for junk in ["zzz", "", wrong, digest.uppercased(), digest + "0", "%20" + digest] {
            let answer = try Curl.request(server.url(plain + "&v=\(junk)"))
            #expect(Self.refusal(answer) == (400, "bad-digest", "v"), "v=\(junk): \(answer.status) \(answer.text)")
        }

        // Link posters: `d`, as the landing page writes it.
        let page = try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.invite, base: LandingPageTests.base)))
        let src = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: page.text))
        let image = LandingPageTests.local(server, src)
        #expect(try Curl.request(image).headers["cache-control"] == "public, max-age=31536000, immutable")
        let d = try #require(image.range(of: "&d=")).upperBound
        let digestD = String(image[d...].prefix(32))
        for junk in ["zzz", String(digestD.dropLast()) + (digestD.hasSuffix("0") ? "1" : "0")] {
            let answer = try Curl.request(image.replacingOccurrences(of: "d=\(digestD)", with: "d=\(junk)"))
            #expect(Self.refusal(answer) == (400, "bad-digest", "d"), "d=\(junk): \(answer.status) \(answer.text)")
        }
        let withoutD = try Curl.request(image.replacingOccurrences(of: "&d=\(digestD)", with: ""))
        #expect(withoutD.status == 200 && withoutD.headers["cache-control"] == "public, max-age=0, s-maxage=1")
    }

    /// A signature the server cannot check is refused, not ignored; an unsigned link is still served without nicknames.
    @Test func signaturesTheServerCannotCheckAreRefused() throws {
        let themes = try LinkFixtures.themes()
        defer { try? FileManager.default.removeItem(at: themes) }
        // No --signing-key-file and no --link-key-file.
        let server = try ServerProcess(["--themes", themes.path, "--workers", "1", "--link-base", LandingPageTests.base])
        defer { server.stop() }
        let cases: [(target: String, path: String)] = [
            ("/v1/posters/classic.png?c=1&s=1&e=1&a=1&sig=abc", "sig"),
            ("/v1/links/i/classic.png?v=1.1.1.1&sig=abc", "sig"),
            ("/v1/links/i/classic.png?v=1.1.1.1&n=x&ls=abc", "ls"),
        ]
        for (target, path) in cases {
            let answer = try Curl.request(server.url(target))
            #expect(Self.refusal(answer) == (400, "bad-query", path), "\(target): \(answer.status) \(answer.text)")
        }
        #expect(Self.refusal(try Self.render(server, "theme=classic&sig=abc")) == (400, "bad-query", "sig"))
        // Unsigned links, and signed ones on their own pages, are served as before.
        #expect(try Curl.request(server.url("/v1/links/i/classic.png?v=1.1.1.1&n=x")).status == 200)
        #expect(try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.invite, base: LandingPageTests.base))).status == 200)
    }
}
