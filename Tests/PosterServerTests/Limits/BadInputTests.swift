import Foundation
import Testing

/// Every bad-input class gets its status and a JSON error body, never a redirect, a
/// partial body or a stack trace, and the server keeps serving.
@Suite struct BadInputTests {
    @Test func everyBadInputClass() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        // A bad result: 400 with the CLI's message (the CLI prefixes the file name).
        let cli = try BoundedCLI.stderr(["render", "Fixtures/bad-results/scores-c-float.json", "-o", "/dev/null"])
        let bad = try Curl.post(server, try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent("Fixtures/bad-results/scores-c-float.json"), encoding: .utf8))
        #expect(bad.status == 400)
        let error = try #require(bad.error)
        #expect(error["status"] as? Int == 400)
        #expect(error["code"] as? String == "bad-result")
        #expect(error["path"] as? String == "scores.c")
        let message = try #require(error["message"] as? String)
        #expect(cli.hasSuffix(message + "\n"), "CLI said \(cli)")
        // ... except that it quotes nothing the request wrote: the CLI says 'DOOM' disagrees, the service that the code does.
        let disagrees = try Curl.post(server, try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent("Fixtures/bad-results/code-disagrees.json"), encoding: .utf8))
        #expect(disagrees.error?["path"] as? String == "code")
        #expect(disagrees.error?["message"] as? String == "code: the code disagrees with the scores, which give PRED (六边形悍匪)")

        let notJSON = try Curl.post(server, "{\"scores\":")
        #expect(notJSON.status == 400)
        #expect((notJSON.error?["message"] as? String)?.contains("not valid JSON") == true)

        // The simple URL form names the query parameter.
        let fraction = try Curl.request(server.url("/v1/posters/classic.png?c=1.5&s=0&e=0&a=0"))
        #expect(fraction.status == 400)
        #expect(fraction.error?["path"] as? String == "c")
        #expect((fraction.error?["message"] as? String)?.contains("fraction") == true)
        let missing = try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0"))
        #expect(missing.status == 400)
        #expect(missing.error?["path"] as? String == "a")
        let typo = try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0&a=0&nick=x"))
        #expect(typo.status == 400)
        #expect(typo.error?["code"] as? String == "bad-query" && typo.error?["path"] is NSNull)  // an unknown name is the requester's text: named by position
        #expect((typo.error?["message"] as? String)?.hasPrefix("query item 5: unknown parameter; known: c, s, e, a, pack") == true)
        #expect(try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0&a=0&pack=office")).status == 400)
        #expect(try Curl.request(server.url("/v1/posters/classic.png?c=%zz&s=0&e=0&a=0")).status == 400)
        // A NUL (or another control character) in a nickname is refused, not drawn cut short.
        let nul = try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0&a=0&nickname=a%00b"))
        #expect(nul.status == 400 && nul.error?["code"] as? String == "bad-result" && nul.error?["path"] as? String == "nickname", "\(nul.text)")
        let escape = try Curl.post(server, #"{"scores":{"c":1,"s":1,"e":1,"a":1},"fromCode":"PRED","fromNickname":"a\u001bb"}"#)
        #expect(escape.status == 400 && escape.error?["path"] as? String == "fromNickname", "\(escape.text)")

        // Unknown theme and unknown path: 404.
        let theme = try Curl.request(server.url("/v1/posters/nope.png?c=1&s=0&e=0&a=0"))
        #expect(theme.status == 404)
        #expect(theme.error?["code"] as? String == "unknown-theme")
        #expect(try Curl.post(server, "{}", theme: "..%2F..%2Fetc").status == 404)
        #expect(try Curl.request(server.url("/v1/posters/..%2Fclassic.png?c=1&s=0&e=0&a=0")).status == 404)
        #expect(try Curl.request(server.url("/")).status == 404)

        // Wrong method: 405 with Allow.
        let method = try Curl.request(server.url("/v1/render?theme=classic"))
        #expect(method.status == 405)
        #expect(method.headers["allow"] == "POST")
        let delete = try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0&a=0"), ["-X", "DELETE"])
        #expect(delete.status == 405)
        #expect(delete.headers["allow"] == "GET, HEAD")

        // Wrong content type: 415.
        let type = try Curl.post(server, #"{"scores":{"c":1,"s":1,"e":1,"a":1}}"#, contentType: "text/plain")
        #expect(type.status == 415)
        #expect(type.error?["code"] as? String == "unsupported-media-type")

        // Body over 64 KiB: 413; URL over 8 KiB: 414; headers over 16 KiB: 431.
        let big = try Curl.post(server, "{\"nickname\":\"" + String(repeating: "x", count: 70_000) + "\"}")
        #expect(big.status == 413)
        let long = try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0&a=0&nickname=" + String(repeating: "x", count: 9_000)))
        #expect(long.status == 414)
        let headers = (0..<20).flatMap { ["-H", "X-Filler-\($0): " + String(repeating: "y", count: 1_000)] }
        let wide = try Curl.request(server.url("/healthz"), headers)
        #expect(wide.status == 431)

        for answer in [bad, fraction, theme, method, type, big, long, wide] {
            #expect(answer.headers["content-type"] == "application/json")
            #expect(answer.headers["location"] == nil)
            #expect(answer.headers["content-length"] == String(answer.body.count))
        }
        #expect(!server.stderr.contains("Fatal error"))
        #expect(try Curl.request(server.url("/healthz")).status == 200)
        #expect(try Curl.request(server.url("/v1/posters/classic.png?c=1&s=0&e=0&a=0")).status == 200)
    }

    /// A target with as many query items as 8 KiB can hold still gets an answer (a JSON
    /// 400), not a dropped connection: libmicrohttpd keeps every item in the connection's
    /// memory pool, which used to be too small for about 1,000 of them.
    @Test func aQueryOfThousandsOfItemsIsAnswered() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for query in [String(repeating: "&x=1", count: 1_000), String(repeating: "&", count: 4_000), String(repeating: "&a", count: 2_000)] {
            let answer = try Curl.request(server.url("/v1/posters/classic.png?c=1&s=1&e=1&a=1" + query), maxTime: 10)
            // Unknown, repeated, malformed and empty items are all a 400.
            #expect(answer.error?["code"] as? String == "bad-query",
                    "\(query.prefix(12))… (\(query.count) bytes): \(answer.status) \(answer.text.prefix(200))")
        }
        #expect(try Curl.request(server.url("/healthz")).status == 200)
    }
}

/// The CLI's standard error for a run that fails.
enum BoundedCLI {
    static func stderr(_ arguments: [String]) throws -> String {
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-serve-cli-err-\(UUID().uuidString)")
        try Data().write(to: errURL)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = ServerProcess.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    }
}
