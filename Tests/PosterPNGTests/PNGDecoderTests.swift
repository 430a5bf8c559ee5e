import PosterDisplay
import Testing
@testable import PosterPNG

/// Decoder behaviour on valid files crafted by `PNGBuilder`, which does not share
/// code with the encoder: all filter types, colour types and bit depths.
@Suite("PNGDecoder on valid input")
struct PNGDecoderTests {
    /// Reference filter straight from the PNG spec, written for clarity not speed.
    static func filterRow(_ type: UInt8, raw: [UInt8], prior: [UInt8], bpp: Int) -> [UInt8] {
        raw.indices.map { i in
            let a = i >= bpp ? Int(raw[i - bpp]) : 0
            let b = Int(prior[i])
            let c = i >= bpp ? Int(prior[i - bpp]) : 0
            let prediction: Int
            switch type {
            case 0: prediction = 0
            case 1: prediction = a
            case 2: prediction = b
            case 3: prediction = (a + b) / 2
            default:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                prediction = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            }
            return UInt8((Int(raw[i]) - prediction) & 0xFF)
        }
    }

    /// Scanlines for `rows`, row `y` filtered with `types[y % types.count]`.
    static func scanlines(_ rows: [[UInt8]], bpp: Int, types: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var prior = [UInt8](repeating: 0, count: rows[0].count)
        for (y, row) in rows.enumerated() {
            let type = types[y % types.count]
            out += [type] + filterRow(type, raw: row, prior: prior, bpp: bpp)
            prior = row
        }
        return out
    }

    static func noiseRows(width: Int, height: Int, channels: Int) -> [[UInt8]] {
        (0..<height).map { (y: Int) -> [UInt8] in
            (0..<width * channels).map { (i: Int) -> UInt8 in
                let value: Int = i * 31 + y * 17 + (i * y) % 7
                return UInt8(value & 0xFF)
            }
        }
    }

    @Test("all five filter types decode, for RGB and RGBA", arguments: [3, 4])
    func allFilterTypes(channels: Int) throws {
        let rows = Self.noiseRows(width: 9, height: 15, channels: channels)
        let png = PNGBuilder.png(width: 9, height: 15, colourType: channels == 4 ? 6 : 2,
                                 scanlines: Self.scanlines(rows, bpp: channels, types: [0, 1, 2, 3, 4]))
        var expected: [UInt8] = []
        for row in rows {
            for x in 0..<9 {
                let pixel = row[x * channels..<x * channels + 3]
                expected += pixel
                expected.append(channels == 4 ? row[x * 4 + 3] : 255)
            }
        }
        #expect(try PNGDecoder().decode(png).rgba == expected)
    }

    @Test("8-bit grey and grey+alpha expand to RGBA")
    func greyscale() throws {
        let grey = PNGBuilder.png(width: 3, height: 1, colourType: 0, scanlines: [1, 10, 20, 30])
        #expect(try PNGDecoder().decode(grey).rgba == [10, 10, 10, 255, 30, 30, 30, 255, 60, 60, 60, 255])
        let greyAlpha = PNGBuilder.png(width: 2, height: 1, colourType: 4, scanlines: [0, 10, 99, 20, 0])
        #expect(try PNGDecoder().decode(greyAlpha).rgba == [10, 10, 10, 99, 20, 20, 20, 0])
    }

    @Test("sub-byte grey depths scale to the full 0...255 range")
    func lowBitDepthGrey() throws {
        // Width 5 leaves unused padding bits at the end of each row.
        let oneBit = PNGBuilder.png(width: 5, height: 1, bitDepth: 1, colourType: 0, scanlines: [0, 0b1010_1111])
        #expect(try PNGDecoder().decode(oneBit).rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
            == [255, 0, 255, 0, 255])
        let twoBit = PNGBuilder.png(width: 3, height: 1, bitDepth: 2, colourType: 0, scanlines: [0, 0b0001_1011])
        #expect(try PNGDecoder().decode(twoBit).rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
            == [0, 85, 170])
        let fourBit = PNGBuilder.png(width: 2, height: 1, bitDepth: 4, colourType: 0, scanlines: [0, 0xF1])
        #expect(try PNGDecoder().decode(fourBit).rgba == [255, 255, 255, 255, 17, 17, 17, 255])
    }

    @Test("16-bit samples keep their high byte")
    func sixteenBit() throws {
        let rgba16 = PNGBuilder.png(width: 1, height: 1, bitDepth: 16, colourType: 6,
                                    scanlines: [0, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0])
        #expect(try PNGDecoder().decode(rgba16).rgba == [0x12, 0x56, 0x9A, 0xDE])
        // Filters on 16-bit data look back a whole pixel (6 bytes for RGB).
        let rows: [[UInt8]] = [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [200, 0, 100, 0, 50, 0, 25, 0, 12, 0, 6, 0]]
        let png = PNGBuilder.png(width: 2, height: 2, bitDepth: 16, colourType: 2,
                                 scanlines: Self.scanlines(rows, bpp: 6, types: [1, 4]))
        #expect(try PNGDecoder().decode(png).rgba == [1, 3, 5, 255, 7, 9, 11, 255, 200, 100, 50, 255, 25, 12, 6, 255])
    }

    @Test("palette images at 1, 2, 4 and 8 bits, with tRNS alpha", arguments: [1, 2, 4, 8])
    func palette(bitDepth: Int) throws {
        let plte = PNGBuilder.chunk("PLTE", [255, 0, 0, 0, 255, 0])
        let trns = PNGBuilder.chunk("tRNS", [128])
        // Pixels alternate index 1, 0; pack them at the requested depth.
        var bits: [Int] = []
        for x in 0..<4 { bits += (0..<bitDepth).map { bitDepth - 1 - $0 == 0 ? (x % 2 == 0 ? 1 : 0) : 0 } }
        var row: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            let byteBits = bits[start..<min(bits.count, start + 8)] + Array(repeating: 0, count: max(0, start + 8 - bits.count))
            row.append(UInt8(byteBits.reduce(0) { $0 << 1 | $1 }))
        }
        let png = PNGBuilder.png(width: 4, height: 1, bitDepth: UInt8(bitDepth), colourType: 3,
                                 scanlines: [0] + row, extra: [plte, trns])
        #expect(try PNGDecoder().decode(png).rgba == [0, 255, 0, 255, 255, 0, 0, 128, 0, 255, 0, 255, 255, 0, 0, 128])
    }

    @Test("tRNS colour keys make matching grey and RGB pixels transparent")
    func colourKeys() throws {
        let grey = PNGBuilder.png(width: 2, height: 1, colourType: 0, scanlines: [0, 7, 8],
                                  extra: [PNGBuilder.chunk("tRNS", [0, 7])])
        #expect(try PNGDecoder().decode(grey).rgba == [7, 7, 7, 0, 8, 8, 8, 255])
        let rgb = PNGBuilder.png(width: 2, height: 1, colourType: 2, scanlines: [0, 1, 2, 3, 1, 2, 4],
                                 extra: [PNGBuilder.chunk("tRNS", [0, 1, 0, 2, 0, 3])])
        #expect(try PNGDecoder().decode(rgb).rgba == [1, 2, 3, 0, 1, 2, 4, 255])
    }

    @Test("ancillary chunks, split IDAT and bytes after IEND are accepted")
    func tolerantStructure() throws {
        let stream = PNGBuilder.zlibStored([0, 1, 2, 3, 4, 0, 5, 6, 7, 8])
        let png = PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 2)
            + PNGBuilder.chunk("gAMA", [0, 0, 177, 143]) + PNGBuilder.chunk("tEXt", Array("a\u{0}b".utf8))
            + PNGBuilder.chunk("IDAT", Array(stream[0..<5])) + PNGBuilder.chunk("IDAT", [])
            + PNGBuilder.chunk("IDAT", Array(stream[5...])) + PNGBuilder.chunk("IEND", []) + [1, 2, 3]
        let image = try PNGDecoder().decode(png)
        #expect(image == DecodedImage(width: 1, height: 2, rgba: [1, 2, 3, 4, 5, 6, 7, 8]))
    }
}
