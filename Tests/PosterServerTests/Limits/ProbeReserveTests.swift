import Foundation
import Testing

/// Idle connections cannot starve the health checks: at the connection limit the
/// connection quiet the longest is closed to let a new one in, so `/healthz`,
/// `/readyz` and `/metrics` answer however many idle connections a client holds.
@Suite struct ProbeReserveTests {
    @Test func idleConnectionsPastTheLimitDoNotStarveProbes() throws {
        // 20 served + 16 kept for probes; one client may hold all of them.
        let server = try ServerProcess(["--max-connections", "20", "--max-per-ip", "1000", "--idle-timeout-s", "60", "--read-timeout-s", "60"])
        defer { server.stop() }
        var idle: [RawConnection] = []
        // Half of them keep-alive connections that were used once, half never sent a byte.
        for index in 0..<60 {
            let connection = try RawConnection(port: server.port)
            if index % 2 == 0 { connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n") }
            idle.append(connection)
        }
        usleep(300_000)
        for path in ["/healthz", "/readyz", "/metrics"] {
            #expect(try Curl.request(server.url(path), maxTime: 5).status == 200, "\(path) was starved")
        }
        let metrics = try PrometheusParser.parse(try Curl.request(server.url("/metrics"), maxTime: 5).text)
        let evicted = metrics["nmti_http_connections_evicted_total"]?.samples.first?.value ?? 0
        #expect(evicted >= 24, "only \(evicted) idle connections were closed to make room")
        let open = metrics["nmti_http_open_connections"]?.samples.first?.value ?? 0
        #expect(open <= 36)
        withExtendedLifetime(idle) {}
    }

    /// Clients that send requests for large posters and never read the answers hold their
    /// connections while the answers wait; at the limit they are closed like idle ones.
    @Test func clientsThatNeverReadDoNotStarveProbes() throws {
        let server = try ServerProcess(["--max-connections", "4", "--max-per-ip", "1000", "--idle-timeout-s", "60", "--read-timeout-s", "60"])
        defer { server.stop() }
        let poster = "GET /v1/posters/neon.png?c=6&s=-3&e=2&a=-5 HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(try Curl.request(server.url("/v1/posters/neon.png?c=6&s=-3&e=2&a=-5")).status == 200)  // cached from now on
        var stuck: [RawConnection] = []
        for _ in 0..<30 {
            let connection = try RawConnection(port: server.port, receiveBuffer: 2_048)
            connection.send(String(repeating: poster, count: 6))
            stuck.append(connection)
        }
        usleep(1_500_000)  // long enough for every stuck answer to count as not being read
        for path in ["/healthz", "/readyz", "/metrics"] {
            #expect(try Curl.request(server.url(path), maxTime: 5).status == 200, "\(path) was starved by clients that do not read")
        }
        withExtendedLifetime(stuck) {}
    }

    /// With an open-file limit too low for the connection limit, the gate holds fewer
    /// connections (three descriptors each), says so at start, and probes still answer.
    @Test func aLowOpenFileLimitLowersTheConnectionLimitAndProbesStillAnswer() throws {
        let server = try ServerProcess(["--max-per-ip", "1000", "--idle-timeout-s", "60", "--read-timeout-s", "60"], openFiles: 256)
        defer { server.stop() }
        #expect(server.stderr.contains("\"event\":\"connection-limit-lowered\""), "\(server.stderr.prefix(400))")
        var idle: [RawConnection] = []
        for _ in 0..<80 { idle.append(try RawConnection(port: server.port)) }
        usleep(300_000)
        for path in ["/healthz", "/readyz"] {
            #expect(try Curl.request(server.url(path), maxTime: 5).status == 200, "\(path) failed with descriptors exhausted")
        }
        withExtendedLifetime(idle) {}
    }
}
