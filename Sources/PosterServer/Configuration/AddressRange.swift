import Foundation

/// An IPv4 address or CIDR block (`10.0.0.0/8`, `127.0.0.1`): a proxy whose
/// `X-Forwarded-For` the access log believes (`--trusted-proxy`).
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's first address, host order.
    let network: UInt32
    /// The prefix length, 0 to 32.
    let prefix: Int

    /// Reads `a.b.c.d` or `a.b.c.d/n`; nil when it is neither.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.ipv4(String(parts[0])) else { return nil }
        var prefix = 32
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...32).contains(length), parts[1].allSatisfy(\.isASCII) else { return nil }
            prefix = length
        }
        self.prefix = prefix
        network = address & Self.mask(prefix)
    }

    /// The block as written back: `10.0.0.0/8`.
    public var description: String {
        let octets = (0..<4).map { String((network >> (24 - 8 * UInt32($0))) & 0xff) }
        return octets.joined(separator: ".") + "/\(prefix)"
    }

    /// Whether the IPv4 address `text` lies in the block (false for anything else).
    public func contains(_ text: String) -> Bool {
        guard let address = Self.ipv4(text) else { return false }
        return address & Self.mask(prefix) == network
    }

    /// Whether any block of `ranges` holds `address`.
    static func contains(_ ranges: [AddressRange], _ address: String) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// Whether `text` is an IPv4 or IPv6 address.
    static func isAddress(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 45 else { return false }
        var storage = in6_addr()
        return ipv4(text) != nil || inet_pton(AF_INET6, text, &storage) == 1
    }

    private static func mask(_ prefix: Int) -> UInt32 {
        prefix == 0 ? 0 : UInt32.max << UInt32(32 - prefix)
    }

    private static func ipv4(_ text: String) -> UInt32? {
        var address = in_addr()
        guard text.utf8.count <= 15, inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }
}
