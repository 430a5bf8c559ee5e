import Foundation
import Testing

/// The service against the CLI: same bytes, validators, cache and the status endpoints.
@Suite struct ServiceTests {
    static let invited = "Fixtures/results/invited-student.json"

    /// What `nmti-poster render` writes for a result file and theme.
    static func cliRender(_ result: String, theme: String, extra: [String] = []) throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-serve-cli-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = ["render", result, "--theme", theme, "-o", output.path, "-q"] + extra
        process.currentDirectoryURL = ServerProcess.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["NMTI_THEMES_DIR": ServerProcess.packageRoot.appendingPathComponent("Themes").path]) { $1 }
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: output)
    }

    @Test func postAndSimpleURLGiveTheCLIsBytes() throws {
        let server = try ServerProcess(["--compression", "fast"])
        defer { server.stop() }
        let json = try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent(Self.invited), encoding: .utf8)
        let cli = try Self.cliRender(Self.invited, theme: "paper", extra: ["--compression", "fast"])

        let posted = try Curl.post(server, json, theme: "paper")
        #expect(posted.status == 200)
        #expect(posted.headers["content-type"] == "image/png")
        #expect(posted.headers["content-length"] == String(cli.count))
        #expect(posted.body == cli)

        // The same result as query parameters (the simple URL form).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let scores = try #require(object["scores"] as? [String: Int])
        var query = ["c=\(scores["c"]!)", "s=\(scores["s"]!)", "e=\(scores["e"]!)", "a=\(scores["a"]!)", "pack=\(object["pack"]!)"]
        for (parameter, field) in [("nickname", "nickname"), ("from", "fromCode"), ("fromNickname", "fromNickname")] {
            if let value = object[field] as? String {
                query.append("\(parameter)=" + value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            }
        }
        let fetched = try Curl.request(server.url("/v1/posters/paper.png?" + query.joined(separator: "&")))
        #expect(fetched.status == 200)
        #expect(fetched.body == cli)
    }

    @Test func etagAnswers304WithoutDrawingAndRepeatsHitTheCache() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let url = server.url("/v1/posters/classic.png?c=3&s=4&e=-1&a=2&nickname=etag")
        let first = try Curl.request(url)
        #expect(first.status == 200)
        let etag = try #require(first.headers["etag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
        #expect(first.headers["cache-control"] == "public, max-age=0, s-maxage=1")

        let revalidated = try Curl.request(url, ["-H", "If-None-Match: \(etag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.headers["etag"] == etag)
        // RFC 9110 §8.6: a 304's Content-Length, if any, is the 200's (libmicrohttpd used to write 0).
        #expect(revalidated.headers["content-length"] == String(first.body.count))

        let other = try Curl.request(url, ["-H", "If-None-Match: \"0000\""])
        #expect(other.status == 200)
        #expect(other.body == first.body)

        // The same result by POST has the same key, so the same validator.
        let posted = try Curl.post(server, #"{"scores":{"c":3,"s":4,"e":-1,"a":2},"nickname":"etag"}"#, extra: ["-H", "If-None-Match: \(etag)"])
        #expect(posted.status == 304)

        // A content-addressed URL (v = the ETag's digest) may be cached for ever.
        let digest = etag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let addressed = try Curl.request(url + "&v=\(digest)")
        #expect(addressed.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(addressed.body == first.body)

        let log = server.accessLog.filter { ($0["path"] as? String)?.hasPrefix("/v1/") == true }
        #expect(log.map { $0["cache"] as? String } == ["miss", "revalidated", "hit", "revalidated", "hit"])
        #expect(log.filter { $0["renderMs"] != nil }.count == 1)
    }

    @Test func healthReadinessAndMetrics() throws {
        let server = try ServerProcess(["--workers", "2", "--queue", "5"])
        defer { server.stop() }
        let health = try Curl.request(server.url("/healthz"))
        #expect(health.status == 200)
        #expect(health.text == "ok\n")

        _ = try Curl.request(server.url("/v1/posters/neon.png?c=1&s=1&e=1&a=1"))
        _ = try Curl.request(server.url("/v1/posters/neon.png?c=1&s=1&e=1&a=1"))
        _ = try Curl.request(server.url("/nowhere"))

        let ready = try Curl.request(server.url("/readyz"))
        #expect(ready.status == 200)
        let report = try #require(try JSONSerialization.jsonObject(with: ready.body) as? [String: Any])
        #expect(report["state"] as? String == "ready")
        #expect(report["workers"] as? Int == 2)
        #expect(report["queueCapacity"] as? Int == 5)
        #expect(report["cacheHitRatio"] as? Double == 0.5)
        for key in ["inFlight", "queued", "rejected"] { #expect(report[key] is Int, "readyz lacks \(key)") }

        let metrics = try Curl.request(server.url("/metrics"))
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let families = try PrometheusParser.parse(metrics.text)
        #expect(families["nmti_http_requests_total"]?.type == "counter")
        let requests = families["nmti_http_requests_total"]?.samples ?? []
        #expect(requests.contains { $0.labels == ["route": "poster", "status": "200"] && $0.value == 2 })
        #expect(requests.contains { $0.labels == ["route": "unknown", "status": "404"] && $0.value == 1 })
        for name in ["nmti_render_queue_wait_seconds", "nmti_render_seconds", "nmti_encode_seconds"] {
            #expect(families[name]?.type == "histogram", "\(name) missing")
            #expect(families[name]?.samples.first { $0.name == name + "_count" }?.labels == ["route": "poster"])
            #expect(families[name]?.samples.first { $0.name == name + "_count" }?.value == 1)
        }
        // Request durations by route: the probes' microseconds never share buckets with renders.
        let durations = families["nmti_http_request_duration_seconds"]?.samples.filter { $0.name.hasSuffix("_count") } ?? []
        #expect(durations.contains { $0.labels == ["route": "poster"] && $0.value == 2 })
        #expect(durations.contains { $0.labels == ["route": "unknown"] && $0.value == 1 })
        for name in ["nmti_renders_in_flight", "nmti_render_queue_length", "process_resident_memory_bytes"] {
            #expect(families[name]?.type == "gauge", "\(name) missing")
        }
        #expect(families["nmti_cache_hits_total"]?.samples.first?.value == 1)
        #expect(families["nmti_cache_misses_total"]?.samples.first?.value == 1)
        #expect((families["process_resident_memory_bytes"]?.samples.first?.value ?? 0) > 1_000_000)

        // One access-log line per request, without signatures, with the fields the README lists.
        let line = try #require(server.accessLog.first { $0["path"] as? String == "/v1/posters/neon.png?c=1&s=1&e=1&a=1" })
        for key in ["method", "path", "status", "bytes", "ms", "renderMs", "cache", "ts", "level", "client", "requestId"] {
            #expect(line[key] != nil, "log line lacks \(key)")
        }
    }
}
