import Foundation
import Synchronization
import Testing

/// SIGTERM: stop accepting, finish what is in flight, exit 0.
@Suite struct DrainTests {
    @Test func sigtermDrainsInFlightRequestsAndExitsZero() throws {
        let server = try ServerProcess(["--workers", "1", "--queue", "8", "--drain-s", "30"])
        defer { server.stop() }
        let answers = Mutex<[Int]>([])
        // Eight unique renders on one worker: most are still queued or drawing when SIGTERM comes.
        let group = Concurrently.start(8) { index in
            let status = (try? Curl.request(server.url("/v1/posters/neon.png?c=\(index)&s=2&e=2&a=2&nickname=drain\(index)")).status) ?? -1
            answers.withLock { $0.append(status) }
        }
        // Wait until every request is in (queued or drawing), then ask the server to stop.
        let deadline = Date().addingTimeInterval(60)
        var pendingAtSignal = 0
        while Date() < deadline {
            let ready = try? Curl.request(server.url("/readyz"))
            let report = ready.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
            let pending = (report?["queued"] as? Int ?? 0) + (report?["inFlight"] as? Int ?? 0)
            let answered = server.accessLog.filter { ($0["path"] as? String)?.contains("drain") == true }.count
            pendingAtSignal = pending
            if pending + answered >= 8 { break }
            usleep(10_000)
        }
        server.signal(SIGTERM)
        #expect(group.wait(timeout: .now() + 60) == .success)
        let status = server.waitForExit(timeout: 60)
        #expect(status == 0)
        #expect(answers.withLock { $0 } == Array(repeating: 200, count: 8))
        // The drain started before some of those answers went out, when any were still pending
        // (on a loaded machine the one worker can finish all eight before SIGTERM lands).
        let lines = server.stderr.split(separator: "\n")
        let draining = try #require(lines.firstIndex { $0.contains("\"event\":\"draining\"") })
        if pendingAtSignal > 0 {
            #expect(lines[draining...].contains { $0.contains("\"status\":200") && $0.contains("drain") }, "\(server.stderr)")
        }
        #expect(lines.last?.contains("\"event\":\"stopped\"") == true, "\(server.stderr)")
        // Nothing listens any more.
        #expect((try? Curl.request(server.url("/healthz"), maxTime: 2)) == nil)
    }
}

/// The lame-duck period: `/readyz` turns 503 at SIGTERM, yet requests are still
/// accepted and served (each answer closing its connection) until it is over.
@Suite struct LameDuckTests {
    @Test func sigtermKeepsServingWhileReadyzSays503() throws {
        let server = try ServerProcess(["--lame-duck-s", "4", "--drain-s", "5"])
        defer { server.stop() }
        server.signal(SIGTERM)
        var notReady: Curl.Response?
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline, notReady == nil {
            if let ready = try? Curl.request(server.url("/readyz"), maxTime: 2), ready.status == 503 { notReady = ready }
        }
        let ready = try #require(notReady, "/readyz never said 503")
        let report = try #require(try JSONSerialization.jsonObject(with: ready.body) as? [String: Any])
        #expect(report["state"] as? String == "draining")
        // Still accepting new connections and rendering, but telling clients to go elsewhere next time.
        let poster = try Curl.request(server.url("/v1/posters/classic.png?c=2&s=2&e=2&a=2&nickname=lameduck"), maxTime: 10)
        #expect(poster.status == 200)
        #expect(poster.headers["connection"] == "close")
        #expect(server.waitForExit(timeout: 30) == 0)
        let events = server.events.map { $0["event"] as? String }
        #expect(events.suffix(3) == ["draining", "listener-closed", "stopped"], "\(server.stderr)")
        let draining = try #require(server.events.first { $0["event"] as? String == "draining" })
        #expect(draining["lameDuckSeconds"] as? Int == 4 && draining["drainSeconds"] as? Int == 5)  // numbers, not strings
        // The request served during the lame duck came after the drain began.
        let lines = server.stderr.split(separator: "\n")
        let began = try #require(lines.firstIndex { $0.contains("\"event\":\"draining\"") })
        let closed = try #require(lines.firstIndex { $0.contains("\"event\":\"listener-closed\"") })
        #expect(lines[began..<closed].contains { $0.contains("lameduck") && $0.contains("\"status\":200") })
    }
}
