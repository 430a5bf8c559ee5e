import Foundation
import NMTIDomain
import Synchronization

/// One JSON object per line on standard error: each request (method, path without
/// `sig`, status, bytes, total ms, render ms, cache hit or miss) and service events.
package final class AccessLog: Sendable {
    private let enabled: Bool
    private let lock = Mutex(())

    /// A log that writes when `enabled`.
    package init(enabled: Bool) {
        self.enabled = enabled
    }

    /// One request's line.
    struct Line: Encodable {
        let method: String
        let path: String
        let status: Int
        let bytes: Int
        let ms: Double
        let renderMs: Double?
        let cache: String?
    }

    func request(_ line: Line) {
        guard enabled else { return }
        write(line)
    }

    /// A service event (start, theme reload, drain); always written.
    package func event(_ fields: [String: String]) {
        write(fields)
    }

    private func write(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(value) else { return }
        data.append(0x0a)
        lock.withLock { _ in
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                    if written <= 0 { if errno == EINTR { continue } else { return } }
                    offset += written
                }
            }
        }
    }

    /// The path and query as logged: `sig` left out, so logs never hold signatures.
    static func loggedPath(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let path = target[..<mark]
        // By its decoded name: `%73ig=` is `sig` too (the service decodes names before reading them).
        let kept = target[target.index(after: mark)...].split(separator: "&").filter { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return (PercentEncoding.decodeBytes(name).map { String(decoding: $0, as: UTF8.self) } ?? String(name)) != "sig"
        }
        return kept.isEmpty ? String(path) : path + "?" + kept.joined(separator: "&")
    }
}
