import Foundation
import PosterHTTP

/// Who asked and under which ids, as the access log records it: the client's address
/// (through trusted proxies' `X-Forwarded-For`), the user agent, the request id (the
/// client's `X-Request-Id` when it is a plain token, else a new one; echoed in the
/// answer) and the W3C `traceparent` trace id.
struct RequestIdentity: Sendable {
    /// The longest user agent logged; the rest is cut.
    static let userAgentLimit = 256
    /// The longest request id taken from a client.
    static let requestIDLimit = 128

    let client: String
    let userAgent: String?
    let requestID: String
    let traceID: String?

    init(_ request: HTTPRequest, trustedProxies: [AddressRange]) {
        client = Self.client(peer: request.clientAddress, forwardedFor: Self.fields(request, "X-Forwarded-For"), trusted: trustedProxies)
        userAgent = request.header("User-Agent").map { String($0.unicodeScalars.prefix(Self.userAgentLimit)) }
        requestID = request.header("X-Request-Id").flatMap(Self.acceptedRequestID) ?? Self.newRequestID()
        traceID = request.header("traceparent").flatMap(Self.traceID)
    }

    /// Every value of a field, joined by commas (a list field may be sent in several lines).
    private static func fields(_ request: HTTPRequest, _ name: String) -> String? {
        let values = request.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ",")
    }

    /// The client: the peer, unless the peer is a trusted proxy; then the right-most
    /// `X-Forwarded-For` entry that is not a trusted proxy (entries further left were
    /// written by whoever sent the request and prove nothing). An entry that is not an
    /// address stops the walk at the last address before it.
    static func client(peer: String, forwardedFor: String?, trusted: [AddressRange]) -> String {
        guard let forwardedFor, AddressRange.contains(trusted, peer) else { return peer }
        var client = peer
        for entry in forwardedFor.split(separator: ",").reversed() {
            let address = entry.trimmingCharacters(in: .whitespaces)
            guard AddressRange.isAddress(address) else { break }
            client = address
            if !AddressRange.contains(trusted, address) { break }
        }
        return client
    }

    /// A client's request id when it is 1 to 128 characters of letters, digits and `-_.:+/=`.
    static func acceptedRequestID(_ value: String) -> String? {
        let allowed = Set("-_.:+/=".utf8)
        guard (1...requestIDLimit).contains(value.utf8.count),
              value.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || allowed.contains($0) })
        else { return nil }
        return value
    }

    /// 32 random hex digits.
    static func newRequestID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The trace id of a W3C `traceparent` (`00-<32 hex>-<16 hex>-<2 hex>`), or nil when
    /// the field is malformed, its version is `ff`, or an id is all zeros.
    static func traceID(_ value: String) -> String? {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        func hex(_ text: Substring, _ count: Int) -> Bool {
            text.utf8.count == count && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        }
        guard parts.count >= 4, hex(parts[0], 2), parts[0] != "ff", hex(parts[1], 32), hex(parts[2], 16), hex(parts[3], 2),
              parts[0] != "00" || parts.count == 4,
              parts[1].contains(where: { $0 != "0" }), parts[2].contains(where: { $0 != "0" })
        else { return nil }
        return String(parts[1])
    }
}
