/// SHA-256 (FIPS 180-4) in plain Swift: the toolchain on Linux has no CryptoKit,
/// and manifests need a content hash that any tool (`sha256sum`) can check.
public struct SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The lowercase hex digest of `bytes`.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        digest(bytes).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { digest($0) }
    }

    /// Hashes contiguous memory in place: whole 64-byte blocks straight from the
    /// input, then one or two padded blocks for the tail. (The batch hashes every
    /// poster; the earlier copy-and-append version with bounds-checked arrays cost
    /// about 15 M instructions per 190 KB poster, 7% of a batch, by callgrind.)
    package static func digest(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var hash: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
        )
        k.withUnsafeBufferPointer { constants in
            let schedule = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
            defer { schedule.deallocate() }
            let k = constants.baseAddress!
            let whole = buffer.count / 64
            if whole > 0, let base = buffer.baseAddress {
                for block in 0..<whole {
                    compress(base + block * 64, schedule: schedule, k: k, hash: &hash)
                }
            }
            // The tail, 0x80, zeros, and the bit length: one block, or two if the tail is 56 bytes or more.
            let remaining = buffer.count - whole * 64
            var tail = [UInt8](repeating: 0, count: 128)
            if remaining > 0 {
                tail.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: buffer.baseAddress! + whole * 64, byteCount: remaining) }
            }
            tail[remaining] = 0x80
            let blocks = remaining < 56 ? 1 : 2
            let bitLength = UInt64(buffer.count) &* 8
            for index in 0..<8 {
                tail[blocks * 64 - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index * 8))
            }
            tail.withUnsafeBytes { padded in
                for block in 0..<blocks {
                    compress(padded.baseAddress! + block * 64, schedule: schedule, k: k, hash: &hash)
                }
            }
        }
        let words = [hash.0, hash.1, hash.2, hash.3, hash.4, hash.5, hash.6, hash.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    /// One round of the compression function over a 64-byte block.
    @inline(__always)
    private static func compress(
        _ block: UnsafeRawPointer, schedule w: UnsafeMutablePointer<UInt32>, k: UnsafePointer<UInt32>,
        hash: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    ) {
        for i in 0..<16 {
            w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
        }
        for i in 16..<64 {
            let s0 = rotate(w[i &- 15], 7) ^ rotate(w[i &- 15], 18) ^ (w[i &- 15] >> 3)
            let s1 = rotate(w[i &- 2], 17) ^ rotate(w[i &- 2], 19) ^ (w[i &- 2] >> 10)
            w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = hash
        for i in 0..<64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        hash = (hash.0 &+ a, hash.1 &+ b, hash.2 &+ c, hash.3 &+ d, hash.4 &+ e, hash.5 &+ f, hash.6 &+ g, hash.7 &+ h)
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
