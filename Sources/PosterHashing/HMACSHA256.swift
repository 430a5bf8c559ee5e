import CCrypto

/// HMAC-SHA256 (RFC 2104) from OpenSSL's libcrypto, for signed service URLs.
package struct HMACSHA256: Sendable {
    private let key: [UInt8]

    /// Creates a keyed MAC; any key length is allowed (longer than 64 bytes is hashed first, per RFC 2104).
    package init(key: [UInt8]) {
        self.key = key
    }

    /// The 32-byte MAC of `message`.
    package func authenticationCode(_ message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: SHA256.byteCount)
        var length: UInt32 = 0
        let placeholder: [UInt8] = [0]
        let result = key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                placeholder.withUnsafeBufferPointer { fallback in
                    output.withUnsafeMutableBufferPointer { out in
                        HMAC(
                            EVP_sha256(), keyBytes.baseAddress ?? fallback.baseAddress, Int32(keyBytes.count),
                            messageBytes.baseAddress ?? fallback.baseAddress, messageBytes.count, out.baseAddress, &length)
                    }
                }
            }
        }
        // HMAC returns NULL only when libcrypto cannot allocate its context.
        precondition(result != nil && length == UInt32(SHA256.byteCount), "libcrypto HMAC(SHA-256) failed")
        return output
    }

    /// Whether two byte strings are equal, in time that depends only on their lengths,
    /// so a forger learns nothing from how long a wrong signature took to refuse.
    package static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
