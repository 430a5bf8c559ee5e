import Foundation
import Testing

/// What operators read: the access log's fields, the echoed request id, `/version`,
/// `nmti_build_info`, the process metrics, and an exposition `promtool` accepts.
@Suite struct OperatorSignalsTests {
    @Test func accessLogNamesTheClientTheRequestAndTheTrace() throws {
        let server = try ServerProcess(["--trusted-proxy", "127.0.0.1"])
        defer { server.stop() }
        let trace = "4bf92f3577b34da6a3ce929d0e0e4736"
        let named = try Curl.request(server.url("/healthz"), [
            "-H", "X-Request-Id: req-42", "-H", "traceparent: 00-\(trace)-00f067aa0ba902b7-01", "-A", "probe/1.0",
            "-H", "X-Forwarded-For: 198.51.100.1, 203.0.113.9",
        ])
        #expect(named.headers["x-request-id"] == "req-42")
        let made = try Curl.request(server.url("/nowhere"))
        let madeID = try #require(made.headers["x-request-id"])
        #expect(madeID.count == 32 && madeID.allSatisfy(\.isHexDigit))

        let lines = server.accessLog
        let first = try #require(lines.first { $0["path"] as? String == "/healthz" })
        #expect(first["requestId"] as? String == "req-42")
        #expect(first["traceId"] as? String == trace)
        #expect(first["userAgent"] as? String == "probe/1.0")
        #expect(first["client"] as? String == "203.0.113.9")  // the peer, 127.0.0.1, is a trusted proxy
        #expect(first["level"] as? String == "info")
        #expect(first["status"] as? Int == 200 && first["bytes"] as? Int == 3 && first["ms"] is Double)
        let ts = try #require(first["ts"] as? String)
        #expect(ts.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil, "\(ts)")
        let second = try #require(lines.first { $0["path"] as? String == "/nowhere" })
        #expect(second["requestId"] as? String == madeID)
        #expect(second["traceId"] == nil)
    }

    @Test func listeningLineIsJSON() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let event = try #require(server.events.first)
        #expect(event["event"] as? String == "listening")
        #expect(event["port"] as? Int == Int(server.port))
        #expect(event["url"] as? String == "http://127.0.0.1:\(server.port)")
        #expect(event["level"] as? String == "info" && event["ts"] is String)
        #expect(!server.stderr.contains("listening on"))
    }

    @Test func versionAndBuildInfoNameTheEngine() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let answer = try Curl.request(server.url("/version"))
        #expect(answer.status == 200 && answer.headers["content-type"] == "application/json")
        let version = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let libraries = try #require(version["libraries"] as? [String: String])
        for name in ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "librsvg"] { #expect(libraries[name] != nil, "\(name)") }
        let fonts = try #require(version["fonts"] as? [[String: Any]])
        #expect(fonts.contains { $0["package"] as? String == "fonts-noto-cjk" })

        let families = try PrometheusParser.parse(try Curl.request(server.url("/metrics")).text)
        let info = try #require(families["nmti_build_info"]?.samples.first)
        #expect(info.value == 1)
        #expect(info.labels["version"] == version["version"] as? String)
        #expect(info.labels["engine"] == version["engine"] as? String)
        #expect(info.labels["cairo"] == libraries["cairo"] && info.labels["harfbuzz"] == libraries["harfbuzz"])
        #expect(info.labels["fonts"] == version["fontsDigest"] as? String)

        let now = Date().timeIntervalSince1970
        let start = families["process_start_time_seconds"]?.samples.first?.value ?? 0
        #expect(start > now - 600 && start <= now + 1, "started at \(start), now \(now)")
        #expect((families["process_cpu_seconds_total"]?.samples.first?.value ?? 0) > 0)
        #expect((families["process_open_fds"]?.samples.first?.value ?? 0) > 3)
        #expect((families["process_max_fds"]?.samples.first?.value ?? 0) >= (families["process_open_fds"]?.samples.first?.value ?? 0))
        #expect(families["process_cpu_seconds_total"]?.type == "counter")
    }

    /// Prometheus's own linter accepts the exposition (scripts/setup installs promtool).
    @Test func promtoolChecksTheMetricsClean() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        _ = try Curl.request(server.url("/v1/posters/neon.png?c=1&s=2&e=3&a=4"))
        _ = try Curl.request(server.url("/healthz"))
        let text = try Curl.request(server.url("/metrics")).body
        let promtool = Process()
        promtool.executableURL = URL(fileURLWithPath: "/usr/bin/promtool")
        promtool.arguments = ["check", "metrics"]
        let input = Pipe(), output = Pipe()
        promtool.standardInput = input
        promtool.standardOutput = output
        promtool.standardError = output
        try promtool.run()
        input.fileHandleForWriting.write(text)
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        promtool.waitUntilExit()
        #expect(promtool.terminationStatus == 0, "\(said)")
        #expect(said.isEmpty, "\(said)")
    }
}
