@testable import PosterPNG

/// A Cairo-layout ARGB32 test image: premultiplied native-endian words per pixel.
struct PNGTestImage {
    let width: Int
    let height: Int
    let stride: Int
    var pixels: [UInt8]

    /// Builds an image from straight-alpha colours, premultiplying like Cairo does.
    /// Padding bytes past `width * 4` in each row are filled with 0xAB garbage.
    init(width: Int, height: Int, padding: Int = 0, colour: (Int, Int) -> (a: Int, r: Int, g: Int, b: Int)) {
        self.width = width
        self.height = height
        self.stride = width * 4 + padding
        pixels = [UInt8](repeating: 0xAB, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                func premultiply(_ v: Int) -> UInt32 { UInt32((v * c.a + 127) / 255) }
                setWord(x, y, UInt32(c.a) << 24 | premultiply(c.r) << 16 | premultiply(c.g) << 8 | premultiply(c.b))
            }
        }
    }

    /// Stores an already-premultiplied `0xAARRGGBB` word in native byte order.
    mutating func setWord(_ x: Int, _ y: Int, _ word: UInt32) {
        withUnsafeBytes(of: word) { bytes in
            for i in 0..<4 { pixels[y * stride + x * 4 + i] = bytes[i] }
        }
    }

    func word(_ x: Int, _ y: Int) -> UInt32 {
        pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
    }

    func encode(_ encoder: PNGEncoder = PNGEncoder()) throws(PNGError) -> [UInt8] {
        try pixels.withUnsafeBufferPointer { (buffer) throws(PNGError) in
            try encoder.encode(argb32Premultiplied: UnsafeRawBufferPointer(buffer),
                               width: width, height: height, stride: stride)
        }
    }

    /// The straight RGBA a correct encoder+decoder must give back, computed with
    /// plain division (Cairo's rounding) independently of the encoder's fast path.
    var expectedRGBA: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let w = word(x, y)
                let a = Int(w >> 24)
                for shift in [16, 8, 0] {
                    let c = Int((w >> UInt32(shift)) & 0xFF)
                    out.append(a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)))
                }
                out.append(UInt8(a))
            }
        }
        return out
    }

    /// A poster-ish opaque image: gradient, flat blocks and pseudo-random noise.
    static func sampleOpaque(width: Int = 61, height: Int = 47) -> PNGTestImage {
        PNGTestImage(width: width, height: height) { x, y in
            if (10..<30).contains(x), (5..<20).contains(y) { return (255, 250, 240, 230) }
            let noise = (x &* 7919 &+ y &* 104_729) % 17
            return (255, (x * 4) % 256, (y * 5) % 256, (x + y + noise) % 256)
        }
    }

    /// A translucent image sweeping alpha, including fully transparent pixels.
    static func sampleTranslucent(width: Int = 64, height: Int = 33) -> PNGTestImage {
        PNGTestImage(width: width, height: height) { x, y in
            ((x * 4 + y) % 256, (x * 13) % 256, (y * 7) % 256, (x * y) % 256)
        }
    }
}

/// Builds PNG files byte by byte so tests can craft valid and hostile inputs
/// without going through the code under test. CRC and zlib are implemented here
/// independently (table CRC-32, stored deflate blocks, Adler-32).
enum PNGBuilder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colourType: UInt8 = 6,
                     compression: UInt8 = 0, filter: UInt8 = 0, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colourType, compression, filter, interlace])
    }

    /// A whole PNG from IHDR fields and the raw (already filtered) scanline stream.
    static func png(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colourType: UInt8 = 6,
                    scanlines: [UInt8], extra: [[UInt8]] = []) -> [UInt8] {
        signature + ihdr(width: width, height: height, bitDepth: bitDepth, colourType: colourType)
            + extra.flatMap { $0 } + chunk("IDAT", zlibStored(scanlines)) + chunk("IEND", [])
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of uncompressed ("stored") deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian(b << 16 | a)
    }

    /// The chunk types in a PNG, in order (assumes a well-formed file).
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
