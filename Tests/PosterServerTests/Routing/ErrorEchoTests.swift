import Foundation
import Testing
@testable import PosterServer

/// No page the service answers says what a stranger typed: a scam sentence in every
/// parameter, name, path and header a request reaches is never echoed, in the HTML
/// error pages, the JSON errors or the landing pages of unsigned links.
@Suite struct ErrorEchoTests {
    static let scam = "官方通知您的账户已被冻结，请立即加微信客服号领取补偿金"
    static let encoded = QueryItems.encode(scam)

    /// What an echo would carry, whichever way it were escaped.
    static let fragments = ["冻结", "微信", "补偿金", "客服", QueryItems.encode("微信"), QueryItems.encode("微信").lowercased(), "\\u51bb", "&#20923;", "&#x51bb;"]

    /// The requests: every parameter of every endpoint, as a value and as a name.
    static var targets: [String] {
        let s = encoded
        let poster = "/v1/posters/classic.png?c=1&s=1&e=1&a=1"
        var targets: [String] = []
        for name in ["c", "s", "e", "a"] {
            targets.append(poster.replacingOccurrences(of: "\(name)=1", with: "\(name)=\(s)"))
        }
        for name in ["pack", "code", "nickname", "from", "fromNickname", "v", "sig", "theme", "ls", "d"] {
            targets.append(poster + "&\(name)=\(s)")
        }
        targets += [
            poster + "&\(s)=1", poster + "&\(s)=1&\(s)=1", poster + "&\(s)%zz=1", poster + "&\(s)", poster + "&nickname=\(s)%zz",
            "/v1/posters/\(s).png?c=1&s=1&e=1&a=1", "/\(s)", "/v1/\(s)", "/v1/links/i/\(s).png?v=1.1.1.1",
        ]
        for page in ["/i", "/nmti/i", "/r", "/v1/links/i/classic.png", "/v1/links/r/pair.png"] {
            let reply = page == "/r" || page.hasPrefix("/v1/links/r/")
            let base = reply ? "v=1.1.1.1&iv=2.2.2.2" : "v=1.1.1.1"
            targets += [
                "\(page)?v=\(s)", "\(page)?t=\(s)", "\(page)?\(base)&p=\(s)", "\(page)?\(base)&n=\(s)", "\(page)?\(base)&sig=\(s)",
                "\(page)?\(base)&\(s)=1", "\(page)?\(base)&\(s)=1&\(s)=2", "\(page)?\(base)&\(s)%zz=1", "\(page)?\(base)&\(s)",
                "\(page)?\(base)&n=\(s)%E4", "\(page)?\(base)&ls=\(s)", "\(page)?\(base)&d=\(s)",
            ]
            if reply { targets += ["\(page)?v=1.1.1.1&iv=\(s)", "\(page)?v=1.1.1.1&it=\(s)", "\(page)?\(base)&in=\(s)"] }
        }
        return targets
    }

    /// Fails for any fragment of the scam in the answer (pictures are not text).
    static func expectNoEcho(_ answer: Curl.Response, _ label: String) {
        guard answer.headers["content-type"] != "image/png" else { return }
        for fragment in fragments {
            #expect(!answer.text.contains(fragment), "\(label) (\(answer.status)) echoed it: \(answer.text.prefix(600))")
        }
        if let error = answer.error {
            #expect(error["message"] is String, "\(label)")
            if let path = error["path"] as? String { #expect(!path.contains("冻结") && path.count <= 16, "\(label): path \(path)") }
        }
    }

    @Test func noAnswerEchoesTheRequestersText() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        for target in Self.targets {
            for accept in ["text/html", "application/json"] {
                let answer = try Curl.request(server.url(target), ["-H", "Accept: \(accept)"])
                #expect(answer.status < 500, "\(target)")
                Self.expectNoEcho(answer, "\(target) [\(accept)]")
            }
        }
        // POST: the query, the body's fields and the media type.
        for query in ["theme=\(Self.encoded)", "\(Self.encoded)=1", "theme=classic&sig=\(Self.encoded)"] {
            Self.expectNoEcho(try QueryRulesTests.render(server, query), "POST ?\(query)")
        }
        for field in ["code", "fromCode", "pack"] {
            let body = #"{"scores":{"c":1,"s":1,"e":1,"a":1},"\#(field)":"\#(Self.scam)"}"#
            let answer = try Curl.request(server.url("/v1/render"), ["-H", "Content-Type: application/json"], body: Data(body.utf8))
            Self.expectNoEcho(answer, "POST \(field)")
        }
        let type = try Curl.request(server.url("/v1/render"), ["-H", "Content-Type: text/\(Self.encoded)"], body: Data(QueryRulesTests.result.utf8))
        #expect(type.status == 415)
        Self.expectNoEcho(type, "Content-Type")
        let method = try Curl.request(server.url("/i?v=1.1.1.1"), ["-X", "FREEZE-CALL-WECHAT-NOW"])
        #expect(method.status == 405)
        #expect(!method.text.contains("FREEZE"), "\(method.text)")
        #expect(try Curl.request(server.url("/healthz")).status == 200)
    }
}
