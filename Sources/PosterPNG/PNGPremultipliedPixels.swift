/// Reads Cairo's `CAIRO_FORMAT_ARGB32` pixels and turns them into PNG scanlines.
///
/// Cairo stores each pixel as a native-endian 32-bit word `0xAARRGGBB` with the
/// colour channels premultiplied by alpha. Loading whole words and shifting (rather
/// than indexing bytes B, G, R, A) keeps the code correct on big-endian hosts too.
enum PNGPremultipliedPixels {
    /// Writes one row as 8-bit RGB triples, assuming it is opaque, and returns
    /// the AND of all its words: the top byte is 0xFF only if the assumption held.
    ///
    /// Checking alpha during conversion instead of in a separate pass saves one
    /// read of the whole surface for the common opaque case. Each pixel is stored
    /// as one 4-byte write whose spare byte the next pixel overwrites, so `out`
    /// needs one byte of slack past `width * 3`.
    @inline(__always)
    static func convertRowAssumingOpaque(
        _ source: UnsafeRawPointer, width: Int, to out: UnsafeMutableRawPointer
    ) -> UInt32 {
        var combined: UInt32 = 0xFFFF_FFFF
        for x in 0..<width {
            let word = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
            combined &= word
            // 0xAARRGGBB byte-swapped and shifted is 0x00BBGGRR: R, G, B in memory order.
            out.storeBytes(of: (word.byteSwapped >> 8).littleEndian, toByteOffset: x &* 3, as: UInt32.self)
        }
        return combined
    }

    /// Writes one row as straight (un-premultiplied) 8-bit RGBA quadruples.
    @inline(__always)
    static func convertTranslucentRow(_ source: UnsafeRawPointer, width: Int, to out: UnsafeMutablePointer<UInt8>) {
        reciprocals.withUnsafeBufferPointer { reciprocal in
            for x in 0..<width {
                let word = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                let alpha = word >> 24
                let o = out + x &* 4
                switch alpha {
                case 0xFF:
                    o[0] = UInt8(truncatingIfNeeded: word >> 16)
                    o[1] = UInt8(truncatingIfNeeded: word >> 8)
                    o[2] = UInt8(truncatingIfNeeded: word)
                case 0:
                    // Fully transparent: colour is meaningless, zero keeps output canonical.
                    o[0] = 0; o[1] = 0; o[2] = 0
                default:
                    let r = reciprocal[Int(alpha)]
                    o[0] = unpremultiply(word >> 16, alpha: alpha, reciprocal: r)
                    o[1] = unpremultiply(word >> 8, alpha: alpha, reciprocal: r)
                    o[2] = unpremultiply(word, alpha: alpha, reciprocal: r)
                }
                o[3] = UInt8(truncatingIfNeeded: alpha)
            }
        }
    }

    /// `min(255, (c * 255 + a / 2) / a)` — the same rounding as Cairo's own PNG
    /// writer, so our files match what `cairo_surface_write_to_png` would store.
    ///
    /// The numerator is below 2^16, and for such numerators multiplying by
    /// `ceil(2^32 / a)` and shifting is exact, replacing a slow hardware divide.
    @inline(__always)
    static func unpremultiply(_ channel: UInt32, alpha: UInt32, reciprocal: UInt64) -> UInt8 {
        let numerator = UInt64((channel & 0xFF) * 255 + alpha / 2)
        let quotient = (numerator &* reciprocal) >> 32
        return UInt8(truncatingIfNeeded: min(quotient, 255))
    }

    /// `ceil(2^32 / a)` for every alpha 1...255 (index 0 unused).
    static let reciprocals: [UInt64] = (0...255).map { alpha in
        alpha == 0 ? 0 : ((UInt64(1) << 32) + UInt64(alpha) - 1) / UInt64(alpha)
    }
}
