import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for the web quiz a landing page's main button opens: a listening socket on
/// 127.0.0.1 (a free port) that answers every request with a small HTML page and keeps
/// the request targets it saw. It serves at most `limit` connections, each bounded by a
/// 5-second read, until `stop()` is called.
final class QuizEndpoint: Sendable {
    /// The port it listens on.
    let port: UInt16
    private let socket: Int32
    private let targets = Mutex<[String]>([])
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(limit: Int = 16) throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard bound == 0, listen(listener, 8) == 0, named == 0 else {
            Glibc.close(listener)
            throw Failure(description: "could not listen on 127.0.0.1")
        }
        socket = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            var served = 0
            while served < limit, !stopped.load(ordering: .relaxed) {
                if serveOne() { served += 1 }
            }
            done.signal()
        }
        thread.start()
    }

    /// The request targets (path and query) received so far.
    var received: [String] { targets.withLock { $0 } }

    /// Stops accepting (within a second) and closes the socket.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        _ = done.wait(timeout: .now() + 6)
        Glibc.close(socket)
    }

    /// Waits up to a second for a connection, reads its head (bounded) and answers 200;
    /// whether a connection came.
    private func serveOne() -> Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 1000) > 0 else { return false }
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return false }
        defer { Glibc.close(connection) }
        var head: [UInt8] = []
        let deadline = Date().addingTimeInterval(5)
        while head.count < 16_384, !head.ends(with: Array("\r\n\r\n".utf8)), Date() < deadline {
            var reader = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&reader, 1, 500) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(connection, &chunk, chunk.count)
            guard count > 0 else { break }
            head += chunk[..<count]
        }
        let line = String(decoding: head.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        if line.count >= 2 { targets.withLock { $0.append(String(line[1])) } }
        let body = "<!doctype html><html lang=\"zh-CN\"><head><meta name=\"viewport\" content=\"width=device-width\"><title>quiz</title></head><body><h1>NMTI 测试题</h1></body></html>"
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        _ = answer.withCString { write(connection, $0, strlen($0)) }
        return true
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
