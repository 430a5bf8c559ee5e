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
}
