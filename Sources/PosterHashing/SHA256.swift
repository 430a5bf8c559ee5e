import CCrypto

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto: manifests, theme digests and
/// ETags need a content hash that any tool (`sha256sum`) can check, and the
/// library's assembly is several times quicker than hand-written Swift
/// (bench/README.md, "SHA-256 per poster").
package enum SHA256 {
    /// The digest length in bytes.
    package static let byteCount = 32

    /// The lowercase hex digest of `bytes`.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        HexText.lowercase(digest(bytes))
    }

    /// The 32-byte digest of `bytes`.
    package static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { digest($0) }
    }

    /// Hashes contiguous memory in place with `EVP_Digest`.
    static func digest(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        // An empty buffer may have no base address; libcrypto wants a valid pointer even for 0 bytes.
        let empty: UInt8 = 0
        let status = withUnsafePointer(to: empty) { fallback in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(buffer.baseAddress ?? UnsafeRawPointer(fallback), buffer.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // EVP_Digest fails only when libcrypto cannot allocate its context: nothing sensible can continue.
        precondition(status == 1 && length == UInt32(byteCount), "libcrypto EVP_Digest(SHA-256) failed (status \(status))")
        return output
    }
}

/// Lowercase hexadecimal text of bytes.
package enum HexText {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Two lowercase hex digits per byte.
    package static func lowercase(_ bytes: [UInt8]) -> String {
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
