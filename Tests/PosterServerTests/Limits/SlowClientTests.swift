import Foundation
import Testing

/// A client that sends one byte a second is cut off by the read timeout, while
/// `/healthz` still answers on other connections.
@Suite struct SlowClientTests {
    /// A TCP connection to 127.0.0.1 with a receive timeout, for byte-by-byte requests.
    final class SlowSocket {
        let descriptor: Int32

        init(port: UInt16) throws {
            descriptor = try RawConnection.connect(port: port, receiveTimeoutMicroseconds: 50_000)
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        deinit { close(descriptor) }

        /// Sends one byte; false once the peer is gone.
        func send(_ byte: UInt8) -> Bool {
            var value = byte
            return Glibc.send(descriptor, &value, 1, Int32(MSG_NOSIGNAL)) == 1
        }

        /// True when the server has closed its side (a read returns end of file or a reset).
        func isClosedByPeer() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
            return false
        }
    }

    @Test func oneByteASecondIsTimedOutWhileHealthzAnswers() throws {
        let server = try ServerProcess(["--read-timeout-s", "2", "--idle-timeout-s", "30"])
        defer { server.stop() }
        let slow = try SlowSocket(port: server.port)
        let request = Array("GET /v1/posters/classic.png?c=1&s=1&e=1&a=1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var sent = 0
        var closed = false
        var healthAnswers: [Int] = []
        // At most 12 s of one byte a second: never silent, so only the read deadline can end it.
        for byte in request.prefix(12) {
            guard slow.send(byte) else { closed = true; break }
            sent += 1
            healthAnswers.append(try Curl.request(server.url("/healthz"), maxTime: 5).status)
            let until = Date().addingTimeInterval(1)
            while Date() < until {
                if slow.isClosedByPeer() { closed = true; break }
            }
            if closed { break }
        }
        #expect(closed, "the slow connection was still open after \(sent) bytes")
        #expect(sent < 12)
        #expect(!healthAnswers.isEmpty && healthAnswers.allSatisfy { $0 == 200 })
        #expect(try Curl.request(server.url("/healthz")).status == 200)
        let metrics = try PrometheusParser.parse(try Curl.request(server.url("/metrics")).text)
        #expect(metrics["nmti_http_read_timeouts_total"]?.samples.first?.value == 1)
    }
}
