import PosterDisplay

/// A picture as three 8-bit channels a pixel, the way a chat app holds a shared image:
/// a poster's transparent parts composited over white, as a viewer shows them.
package struct RGBPicture: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Red, green and blue bytes, row-major, `width * height * 3` of them.
    package let bytes: [UInt8]

    /// Creates a picture; nil unless there are `width * height * 3` bytes.
    package init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width > 0, height > 0, bytes.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A raster composited over white (premultiplied colour plus the white showing through).
    package init(over raster: Raster) {
        var bytes = [UInt8](repeating: 0, count: raster.width * raster.height * 3)
        for (index, word) in raster.pixels.enumerated() {
            let clear = 255 - (word >> 24) & 0xFF
            bytes[index * 3] = UInt8(min(255, (word >> 16) & 0xFF + clear))
            bytes[index * 3 + 1] = UInt8(min(255, (word >> 8) & 0xFF + clear))
            bytes[index * 3 + 2] = UInt8(min(255, word & 0xFF + clear))
        }
        width = raster.width
        height = raster.height
        self.bytes = bytes
    }
}
