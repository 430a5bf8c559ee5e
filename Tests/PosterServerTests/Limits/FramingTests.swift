import Foundation
import Testing

/// Request smuggling and malformed framing over raw sockets (RFC 9112 §6.3): every
/// ambiguous or malformed request gets exactly one answer in the JSON error form, an
/// access-log line, and the connection closes; a request pipelined behind it is never
/// answered. Requests before it on the same connection are answered first, in order.
@Suite(.serialized) struct FramingTests {
    static let body = #"{"scores":{"c":6,"s":-3,"e":2,"a":-5}}"#
    static let smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    static func post(_ fields: String, body: String = body) -> String {
        "POST /v1/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(fields)\r\n" + body
    }

    static let cases: [(name: String, request: String, status: Int, code: String)] = [
        ("two different Content-Lengths", post("Content-Length: \(body.utf8.count)\r\nContent-Length: \(body.utf8.count + smuggled.utf8.count)\r\n"), 400, "bad-content-length"),
        ("two equal Content-Lengths", post("Content-Length: \(body.utf8.count)\r\nContent-Length: \(body.utf8.count)\r\n"), 400, "bad-content-length"),
        ("chunked and Content-Length", post("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", body: "\(String(body.utf8.count, radix: 16))\r\n\(body)\r\n0\r\n\r\n"), 400, "bad-framing"),
        ("Content-Length -1", post("Content-Length: -1\r\n", body: ""), 400, "bad-content-length"),
        ("Content-Length +10", post("Content-Length: +10\r\n", body: ""), 400, "bad-content-length"),
        ("Content-Length 1e3", post("Content-Length: 1e3\r\n", body: ""), 400, "bad-content-length"),
        ("Content-Length 0x10", post("Content-Length: 0x10\r\n", body: ""), 400, "bad-content-length"),
        ("Content-Length 2^64", post("Content-Length: 18446744073709551616\r\n", body: ""), 413, "body-too-large"),
        ("Transfer-Encoding gzip, chunked", "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501, "unsupported-transfer-coding"),
        ("Transfer-Encoding with an empty list member", post("Transfer-Encoding: ,chunked\r\n", body: "0\r\n\r\n"), 501, "unsupported-transfer-coding"),
        ("two Transfer-Encoding fields", post("Transfer-Encoding: chunked\r\nTransfer-Encoding: \r\n", body: "0\r\n\r\n"), 501, "unsupported-transfer-coding"),
        ("an absolute target naming another host", "GET http://evil.example/i?v=1.2.3.4 HTTP/1.1\r\nHost: nmti.example\r\n\r\n", 400, "bad-host"),
        ("Transfer-Encoding identity", "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n", 501, "unsupported-transfer-coding"),
        ("Transfer-Encoding with a control character", "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\u{0B}\r\n\r\n", 400, "bad-header"),
        ("two Hosts", "GET /healthz HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n", 400, "bad-host"),
        ("no Host in HTTP/1.1", "GET /healthz HTTP/1.1\r\n\r\n", 400, "bad-host"),
        ("bare LF line endings", "GET /healthz HTTP/1.1\nHost: x\n\n", 400, "bad-framing"),
        ("a folded header line", "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n", 400, "bad-header"),
        ("whitespace before a colon", "GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n", 400, "bad-header"),
        ("a malformed chunk", post("Transfer-Encoding: chunked\r\n", body: "zz\r\nabc\r\n0\r\n\r\n"), 400, "bad-framing"),
        ("an unknown expectation", "GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n", 417, "expectation-failed"),
        ("HTTP/2.0 in a request line", "GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 505, "http-version-not-supported"),
    ]

    @Test func eachMalformedRequestGetsOneAnswerAndClosesTheConnection() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for (name, request, status, code) in Self.cases {
            let logged = server.accessLog.count
            let connection = try RawConnection(port: server.port)
            connection.send(request + Self.smuggled)
            let (bytes, closed) = connection.readUntilClosed()
            #expect(closed, "\(name): the connection stayed open")
            let responses = RawConnection.responses(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(responses.count == 1, "\(name): \(responses.count) answers in \(text.debugDescription)")
            #expect(text.components(separatedBy: "\r\n\r\n").count == 2 && text.hasPrefix("HTTP/1.1 "), "\(name): a status line sent twice")
            guard let answer = responses.first else { continue }
            #expect(answer.status == status, "\(name)")
            #expect(answer.headers["content-type"] == "application/json", "\(name)")
            #expect(answer.headers["connection"] == "close", "\(name)")
            let error = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            let detail = error?["error"] as? [String: Any]
            #expect(detail?["code"] as? String == code, "\(name): \(answer.body)")
            #expect(detail?["status"] as? Int == status, "\(name)")
            #expect(!text.contains("ok\n"), "\(name): the pipelined request was answered")
            #expect(Self.waitForLog(server, count: logged + 1).last?["status"] as? Int == status, "\(name): no access-log line")
        }
        #expect(try Curl.request(server.url("/healthz")).status == 200)
    }

    @Test func requestsBeforeARefusedOneAreAnsweredFirstInOrder() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let good = Self.post("Content-Length: \(Self.body.utf8.count)\r\n")
        connection.send(good + Self.smuggled + Self.post("Content-Length: 3\r\nContent-Length: 40\r\n") + Self.smuggled)
        let (bytes, closed) = connection.readUntilClosed(timeout: 30)
        #expect(closed)
        let responses = RawConnection.responses(bytes)
        #expect(responses.map(\.status) == [200, 200, 400])
        #expect(responses.first?.headers["content-type"] == "image/png")
        #expect(responses.dropFirst().first?.body == "ok\n")
        #expect(responses.last?.headers["connection"] == "close")
    }

    @Test func aChunkedBodyAndAnAbsoluteTargetAreServed() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let half = Self.body.utf8.count / 2
        let chunks = "\(String(half, radix: 16));ext=1\r\n\(Self.body.prefix(half))\r\n\(String(Self.body.utf8.count - half, radix: 16))\r\n\(Self.body.dropFirst(half))\r\n0\r\nX-Trailer: t\r\n\r\n"
        connection.send(Self.post("Transfer-Encoding: chunked\r\n", body: chunks)
                        + "GET http://x/healthz HTTP/1.1\r\nHost: X\r\nConnection: close\r\n\r\n")
        let (bytes, closed) = connection.readUntilClosed(timeout: 30)
        #expect(closed)
        let responses = RawConnection.responses(bytes)
        #expect(responses.map(\.status) == [200, 200])
        let direct = try Curl.post(server, Self.body)
        #expect(responses.first?.headers["etag"] == direct.headers["etag"], "the chunked body is the same result")
    }

    @Test func theLargestHeadTheLimitsAllowIsServedAndOneByteMoreIsRefused() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // An 8,192-byte target full of query items, and 16,000 bytes of header lines.
        let path = "/healthz?"
        let target = path + String(repeating: "a&", count: (8_192 - path.utf8.count) / 2) + "a"
        #expect(target.utf8.count == 8_192)
        let fields = (0..<16).map { "X-Pad-\($0): \(String(repeating: "x", count: 980))\r\n" }.joined()
        let connection = try RawConnection(port: server.port)
        connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\(fields)Connection: close\r\n\r\n")
        let (bytes, closed) = connection.readUntilClosed()
        #expect(closed)
        #expect(RawConnection.responses(bytes).map(\.status) == [200], "\(String(decoding: bytes.prefix(300), as: UTF8.self))")
        let longer = try RawConnection(port: server.port)
        longer.send("GET \(target)a HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = RawConnection.responses(longer.readUntilClosed().bytes)
        #expect(refused.map(\.status) == [414])
        #expect(refused.first?.headers["content-type"] == "application/json")
    }

    @Test func aBadFieldIsNamedOnlyWhenTheServerKnowsIt() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for (field, named) in [("X-Visit-evil.example-now", nil), ("user-agent", "User-Agent")] as [(String, String?)] {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\(field): a\u{01}b\r\n\r\n")
            let answer = RawConnection.responses(connection.readUntilClosed().bytes).first
            #expect(answer?.status == 400)
            let detail = (try? JSONSerialization.jsonObject(with: Data((answer?.body ?? "").utf8)) as? [String: Any])?["error"] as? [String: Any]
            #expect(detail?["path"] as? String == named, "\(field)")
            let body = answer?.body ?? ""
            #expect(body.range(of: "evil") == nil, "the client's field name came back")
        }
    }

    /// A head arriving slowly, but within the read timeout, is answered: the library sees
    /// no traffic while the gate collects it, and must not cut it at the idle timeout.
    @Test func aSlowHeadWithinTheReadTimeoutIsAnswered() throws {
        let server = try ServerProcess(["--idle-timeout-s", "1", "--read-timeout-s", "8"])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let head = Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        // About 2.5 s in 10 pieces: past the idle timeout overall, never a second of silence.
        for piece in stride(from: 0, to: head.count, by: (head.count + 9) / 10) {
            connection.send(Array(head[piece..<min(head.count, piece + (head.count + 9) / 10)]))
            usleep(250_000)
        }
        let answers = RawConnection.responses(connection.readUntilClosed().bytes)
        #expect(answers.map(\.status) == [200])
    }

    /// The gate counts header lines as sent; libmicrohttpd is handed them rewritten
    /// (`name: value`, an absolute target's authority as `Host`), which can be longer.
    /// Found by fuzz-http: the reader's second line counted the rewrite and refused with 431.
    @Test func headsAtTheLimitAreServedHoweverTheGateRewritesThem() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // 16,384 bytes of header lines, none with a space after its colon.
        let start = "Host:x\r\nConnection:close\r\n"
        var fields = start + (0..<15).map { "X-Pad-\($0):\(String(repeating: "x", count: 1_000))\r\n" }.joined()
        fields += "X-Last:" + String(repeating: "y", count: 16_384 - fields.utf8.count - "X-Last:\r\n".utf8.count) + "\r\n"
        #expect(fields.utf8.count == 16_384)
        // And an absolute-form target whose 4,000-byte authority stands for Host, with 14,000 bytes of fields.
        let authority = String(repeating: "a", count: 4_000)
        let padding = (0..<14).map { "X-Pad-\($0): \(String(repeating: "x", count: 986))\r\n" }.joined()
        for request in ["GET /healthz HTTP/1.1\r\n\(fields)\r\n", "GET http://\(authority)/healthz HTTP/1.1\r\n\(padding)Connection: close\r\n\r\n"] {
            let connection = try RawConnection(port: server.port)
            connection.send(request)
            let (bytes, closed) = connection.readUntilClosed()
            #expect(closed)
            #expect(RawConnection.responses(bytes).map(\.status) == [200], "\(String(decoding: bytes.prefix(300), as: UTF8.self))")
        }
    }

    static func waitForLog(_ server: ServerProcess, count: Int) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(5)
        var lines = server.accessLog
        while lines.count < count, Date() < deadline {
            usleep(20_000)
            lines = server.accessLog
        }
        return lines
    }
}
