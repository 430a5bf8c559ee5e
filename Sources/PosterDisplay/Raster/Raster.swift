/// A drawn picture in device pixels, as the canvas yields it and encoders take it.
///
/// Pixels are premultiplied ARGB32, Cairo's layout: one native-endian 32-bit word
/// per pixel, alpha in the top byte, then red, green and blue, each colour already
/// multiplied by alpha. Rows run top to bottom with no padding (`width` words each).
public struct Raster: Sendable, Hashable {
    /// Width in device pixels.
    public let width: Int
    /// Height in device pixels.
    public let height: Int
    /// The pixels, row-major, `width * height` words.
    public private(set) var pixels: [UInt32]

    /// Creates a raster from premultiplied ARGB32 words; nil unless there are `width * height` of them.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent raster of the given size (both sides at least 1).
    package init(transparentWidth width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = Array(repeating: 0, count: self.width * self.height)
    }

    /// Bytes per row: always `width * 4`.
    public var stride: Int { width * 4 }

    /// The pixel at (x, y) as straight-alpha RGBA bytes.
    public func rgba(x: Int, y: Int) -> RGBA {
        RGBA(premultipliedARGB: pixels[y * width + x])
    }

    /// Gives read access to the pixel bytes (`stride * height` of them).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }

    /// Gives write access to the pixel bytes, for the canvas drawing into the raster.
    package mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBytes(body)
    }
}

/// One straight-alpha (not premultiplied) pixel.
public struct RGBA: Sendable, Hashable {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8
    /// Alpha, 0...255.
    public var a: UInt8

    /// Creates a pixel.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Un-premultiplies one ARGB32 word, rounding to nearest.
    public init(premultipliedARGB word: UInt32) {
        let alpha = UInt8(word >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let value = UInt32((word >> shift) & 0xFF)
            return alpha == 0 ? 0 : UInt8(min(255, (value * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        self.init(r: straight(16), g: straight(8), b: straight(0), a: alpha)
    }
}
