import PosterDisplay
import Testing
@testable import PosterPNG

/// Hostile and broken input: every case must throw a typed error, never crash.
@Suite("PNGDecoder on hostile input")
struct PNGDecoderRejectionTests {
    /// A small valid 2x2 RGBA file built without the encoder.
    static let valid = PNGBuilder.png(width: 2, height: 2, scanlines: [0] + Array(1...8) + [2] + Array(9...16))

    static func replacingIHDR(_ ihdr: [UInt8], scanlines: [UInt8] = [0, 0, 0, 0, 0]) -> [UInt8] {
        PNGBuilder.signature + ihdr + PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored(scanlines)) + PNGBuilder.chunk("IEND", [])
    }

    @Test("the fixture itself decodes")
    func fixtureIsValid() throws {
        #expect(try PNGDecoder().decode(Self.valid).rgba.count == 16)
    }

    @Test("bad signature and empty input")
    func badSignature() {
        #expect(throws: PNGError.badSignature) { try PNGDecoder().decode([]) }
        #expect(throws: PNGError.badSignature) { try PNGDecoder().decode(Array("GIF89a..".utf8)) }
        var png = Self.valid
        png[1] = UInt8(ascii: "p")
        #expect(throws: PNGError.badSignature) { try PNGDecoder().decode(png) }
    }

    @Test("every truncation of a valid file throws")
    func truncated() {
        for length in 0..<Self.valid.count {
            #expect(throws: PNGError.self) { try PNGDecoder().decode(Array(Self.valid.prefix(length))) }
        }
        // Chopping inside a chunk is reported as truncation specifically.
        #expect(throws: PNGError.truncated) { try PNGDecoder().decode(Array(Self.valid.prefix(40))) }
        #expect(throws: PNGError.truncated) { try PNGDecoder().decode(Array(Self.valid.dropLast(12))) }
    }

    @Test("a flipped bit in any chunk fails its CRC")
    func badCRC() {
        for (offset, chunk) in [(16, "IHDR"), (41, "IDAT"), (Self.valid.count - 1, "IEND")] {
            var png = Self.valid
            png[offset] ^= 0x01
            #expect(throws: PNGError.crcMismatch(chunk: chunk)) { try PNGDecoder().decode(png) }
        }
    }

    @Test("zero, absurd and over-limit dimensions are rejected before allocating")
    func dimensions() {
        #expect(throws: PNGError.invalidDimensions(width: 0, height: 1)) {
            try PNGDecoder().decode(Self.replacingIHDR(PNGBuilder.ihdr(width: 0, height: 1)))
        }
        #expect(throws: PNGError.invalidDimensions(width: 1, height: 0x8000_0000)) {
            try PNGDecoder().decode(Self.replacingIHDR(PNGBuilder.ihdr(width: 1, height: 0x8000_0000)))
        }
        #expect(throws: PNGError.imageTooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, maxPixels: 50_000_000)) {
            try PNGDecoder().decode(Self.replacingIHDR(PNGBuilder.ihdr(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)))
        }
        #expect(throws: PNGError.imageTooLarge(width: 2, height: 2, maxPixels: 3)) {
            try PNGDecoder(maxPixels: 3).decode(Self.valid)
        }
    }

    @Test("invalid or unsupported header fields")
    func headerFields() {
        let cases: [([UInt8], PNGError)] = [
            (PNGBuilder.ihdr(width: 1, height: 1, bitDepth: 7), .malformedChunk(chunk: "IHDR", reason: "bit depth 7 is invalid for colour type 6")),
            (PNGBuilder.ihdr(width: 1, height: 1, colourType: 5), .malformedChunk(chunk: "IHDR", reason: "colour type 5 does not exist")),
            (PNGBuilder.ihdr(width: 1, height: 1, compression: 1), .malformedChunk(chunk: "IHDR", reason: "compression method 1 is not deflate")),
            (PNGBuilder.ihdr(width: 1, height: 1, filter: 1), .malformedChunk(chunk: "IHDR", reason: "filter method 1 does not exist")),
            (PNGBuilder.ihdr(width: 1, height: 1, interlace: 1), .unsupportedFormat("Adam7 interlacing")),
            (PNGBuilder.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0]), .malformedChunk(chunk: "IHDR", reason: "length 12, expected 13")),
        ]
        for (ihdr, error) in cases {
            #expect(throws: error) { try PNGDecoder().decode(Self.replacingIHDR(ihdr)) }
        }
    }

    @Test("zlib streams that are corrupt, short, long or followed by garbage")
    func badStreams() {
        func png(_ idat: [UInt8]) -> [UInt8] {
            PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 1) + PNGBuilder.chunk("IDAT", idat) + PNGBuilder.chunk("IEND", [])
        }
        let good = PNGBuilder.zlibStored([0, 1, 2, 3, 4])
        #expect(throws: Never.self) { try PNGDecoder().decode(png(good)) }
        #expect(throws: PNGError.self) { try PNGDecoder().decode(png([0x78, 0x01, 0xFF, 0xFF])) }
        #expect(throws: PNGError.self) { try PNGDecoder().decode(png(PNGBuilder.zlibStored([0, 1, 2, 3]))) }
        #expect(throws: PNGError.self) { try PNGDecoder().decode(png(PNGBuilder.zlibStored([0, 1, 2, 3, 4, 5]))) }
        #expect(throws: PNGError.decompressionFailed("3 bytes of trailing data after the zlib stream")) {
            try PNGDecoder().decode(png(good + [9, 9, 9]))
        }
        var badAdler = good
        badAdler[badAdler.count - 1] ^= 1
        #expect(throws: PNGError.self) { try PNGDecoder().decode(png(badAdler)) }
    }

    @Test("broken chunk structure")
    func chunkStructure() {
        let sig = PNGBuilder.signature, ihdr = PNGBuilder.ihdr(width: 1, height: 1)
        let idat = PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0, 1, 2, 3, 4])), iend = PNGBuilder.chunk("IEND", [])
        #expect(throws: PNGError.missingChunk("IHDR")) { try PNGDecoder().decode(sig + idat + ihdr + iend) }
        #expect(throws: PNGError.missingChunk("IDAT")) { try PNGDecoder().decode(sig + ihdr + iend) }
        #expect(throws: PNGError.truncated) { try PNGDecoder().decode(sig + ihdr + idat) }
        #expect(throws: PNGError.unknownCriticalChunk("ZZZZ")) {
            try PNGDecoder().decode(sig + ihdr + PNGBuilder.chunk("ZZZZ", []) + idat + iend)
        }
        #expect(throws: PNGError.malformedChunk(chunk: "IHDR", reason: "appears more than once")) {
            try PNGDecoder().decode(sig + ihdr + ihdr + idat + iend)
        }
        #expect(throws: PNGError.malformedChunk(chunk: "IDAT", reason: "IDAT chunks are not consecutive")) {
            try PNGDecoder().decode(sig + ihdr + idat + PNGBuilder.chunk("tEXt", [65]) + idat + iend)
        }
        // A length field beyond 2^31 - 1 is rejected instead of trusted.
        let huge = [0x80, 0, 0, 0] + Array("IDAT".utf8) + [0, 0, 0, 0]
        #expect(throws: PNGError.self) { try PNGDecoder().decode(sig + ihdr + huge + iend) }
    }

    @Test("bad filter types, missing palettes and out-of-range indices")
    func badPixels() {
        #expect(throws: PNGError.invalidFilterType(row: 1, type: 5)) {
            try PNGDecoder().decode(PNGBuilder.png(width: 1, height: 2, scanlines: [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]))
        }
        #expect(throws: PNGError.missingChunk("PLTE")) {
            try PNGDecoder().decode(PNGBuilder.png(width: 1, height: 1, colourType: 3, scanlines: [0, 0]))
        }
        #expect(throws: PNGError.paletteIndexOutOfRange(index: 2, paletteCount: 2)) {
            try PNGDecoder().decode(PNGBuilder.png(width: 1, height: 1, colourType: 3, scanlines: [0, 2],
                                                   extra: [PNGBuilder.chunk("PLTE", [1, 2, 3, 4, 5, 6])]))
        }
        #expect(throws: PNGError.self) {
            try PNGDecoder().decode(PNGBuilder.png(width: 1, height: 1, colourType: 0, scanlines: [0, 0],
                                                   extra: [PNGBuilder.chunk("PLTE", [1, 2, 3])]))
        }
    }

    @Test("random corruption with fixed-up CRCs never crashes")
    func fuzz() throws {
        let original = try PNGTestImage.sampleTranslucent(width: 20, height: 9).encode(PNGEncoder(compressionLevel: 6, filterStrategy: .adaptive))
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var png = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                png[Int.random(in: 8..<png.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            // Recompute CRCs so the corruption reaches the parsers behind the CRC check.
            var offset = 8
            while offset + 12 <= png.count {
                let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
                guard length <= png.count - offset - 12 else { break }
                let crc = PNGBuilder.bigEndian(PNGBuilder.crc32(Array(png[offset + 4..<offset + 8 + length])))
                png.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: crc)
                offset += 12 + length
            }
            _ = try? PNGDecoder().decode(png)
        }
    }
}
