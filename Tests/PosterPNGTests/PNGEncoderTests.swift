import PosterDisplay
import Testing
@testable import PosterPNG

/// Encoder behaviour checked through our own decoder: round trips, format
/// choice, un-premultiplication, determinism and argument validation.
@Suite("PNGEncoder")
struct PNGEncoderTests {
    @Test("opaque image round-trips as 8-bit RGB (colour type 2)")
    func opaqueRoundTrip() throws {
        let image = PNGTestImage.sampleOpaque()
        let png = try image.encode()
        #expect(png[24] == 8, "bit depth")
        #expect(png[25] == 2, "colour type RGB")
        let decoded = try PNGDecoder().decode(png)
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.rgba == image.expectedRGBA)
    }

    @Test("translucent image round-trips as 8-bit RGBA (colour type 6)")
    func translucentRoundTrip() throws {
        let image = PNGTestImage.sampleTranslucent()
        let png = try image.encode()
        #expect(png[25] == 6, "colour type RGBA")
        #expect(try PNGDecoder().decode(png).rgba == image.expectedRGBA)
    }

    @Test("premultiplied (a=128, r=64) comes back as straight r of about 128")
    func unpremultipliesHalfAlpha() throws {
        var image = PNGTestImage(width: 2, height: 1) { _, _ in (255, 0, 0, 0) }
        image.setWord(0, 0, 0x8040_2010) // a=128, r=64, g=32, b=16 premultiplied
        let rgba = try PNGDecoder().decode(try image.encode()).rgba
        #expect((127...128).contains(rgba[0]))
        #expect((63...64).contains(rgba[1]))
        #expect((31...32).contains(rgba[2]))
        #expect(rgba[3] == 128)
    }

    @Test("every alpha and channel value un-premultiplies exactly like Cairo")
    func unpremultiplySweep() throws {
        // 256 x 256: x is alpha, y the premultiplied channel, including invalid c > a.
        var image = PNGTestImage(width: 256, height: 256) { _, _ in (0, 0, 0, 0) }
        for y in 0..<256 {
            for x in 0..<256 {
                image.setWord(x, y, UInt32(x) << 24 | UInt32(y) << 16 | UInt32(255 - y) << 8 | UInt32(y / 2))
            }
        }
        let decoded = try PNGDecoder().decode(try image.encode())
        #expect(decoded.rgba == image.expectedRGBA)
    }

    @Test("every filter strategy round-trips at several levels",
          arguments: PNGFilterStrategy.allCases, [0, 1, 6, 12])
    func everyFilterRoundTrips(strategy: PNGFilterStrategy, level: Int) throws {
        let encoder = PNGEncoder(compressionLevel: level, filterStrategy: strategy)
        for image in [PNGTestImage.sampleOpaque(), PNGTestImage.sampleTranslucent()] {
            #expect(try PNGDecoder().decode(try image.encode(encoder)).rgba == image.expectedRGBA)
        }
    }

    @Test("every named compression setting round-trips, including incompressible noise",
          arguments: PNGCompression.allCases)
    func namedSettingsRoundTrip(compression: PNGCompression) throws {
        let noise = PNGTestImage(width: 301, height: 97) { _, _ in
            (255, Int.random(in: 0...255), Int.random(in: 0...255), Int.random(in: 0...255))
        }
        let encoder = PNGEncoder(compression)
        for image in [PNGTestImage.sampleOpaque(), PNGTestImage.sampleTranslucent(), noise,
                      PNGTestImage.sampleOpaque(width: 1, height: 1)] {
            let png = try image.encode(encoder)
            #expect(try PNGDecoder().decode(png).rgba == image.expectedRGBA)
            #expect(try image.encode(encoder) == png, "same pixels, same bytes")
        }
    }

    @Test("igzip levels outside 0...3 are rejected")
    func igzipLevelRange() {
        let pixels = [UInt8](repeating: 0xFF, count: 64)
        _ = pixels.withUnsafeBytes { buffer in
            #expect(throws: PNGError.invalidCompressionLevel(.igzip(level: 4))) {
                try PNGEncoder(deflater: .igzip(level: 4), filterStrategy: .none)
                    .encode(argb32Premultiplied: buffer, width: 4, height: 4, stride: 16)
            }
        }
    }

    @Test("tiny and thin images round-trip", arguments: [(1, 1), (1, 9), (9, 1), (2, 3)])
    func tinyImages(size: (Int, Int)) throws {
        for image in [PNGTestImage.sampleOpaque(width: size.0, height: size.1),
                      PNGTestImage.sampleTranslucent(width: size.0, height: size.1)] {
            for strategy in PNGFilterStrategy.allCases {
                let png = try image.encode(PNGEncoder(compressionLevel: 6, filterStrategy: strategy))
                #expect(try PNGDecoder().decode(png).rgba == image.expectedRGBA)
            }
        }
    }

    @Test("row padding beyond width * 4 is ignored")
    func strideWithPadding() throws {
        let image = PNGTestImage(width: 13, height: 7, padding: 12) { x, y in (255, x * 9, y * 30, 77) }
        #expect(try PNGDecoder().decode(try image.encode()).rgba == image.expectedRGBA)
    }

    @Test("output holds only IHDR, IDAT and IEND")
    func onlyCriticalChunks() throws {
        for image in [PNGTestImage.sampleOpaque(), PNGTestImage.sampleTranslucent()] {
            #expect(PNGBuilder.chunkTypes(try image.encode()) == ["IHDR", "IDAT", "IEND"])
        }
    }

    @Test("large compressed data is split over several IDAT chunks")
    func splitsIDAT() throws {
        var encoder = PNGEncoder(compressionLevel: 1, filterStrategy: .none)
        encoder.maxIDATLength = 100
        let image = PNGTestImage.sampleTranslucent()
        let png = try image.encode(encoder)
        let types = PNGBuilder.chunkTypes(png)
        #expect(types.filter { $0 == "IDAT" }.count > 2)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(try PNGDecoder().decode(png).rgba == image.expectedRGBA)
    }

    @Test("same input gives the same bytes, across calls, copies and threads")
    func deterministic() async throws {
        let image = PNGTestImage.sampleTranslucent(width: 200, height: 120)
        let reference = try image.encode()
        #expect(try image.encode() == reference)
        #expect(try image.encode(PNGEncoder()) == reference)
        let concurrent = await withTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<8 { group.addTask { try? image.encode() } }
            return await group.reduce(into: [[UInt8]?]()) { $0.append($1) }
        }
        #expect(concurrent.allSatisfy { $0 == reference })
    }

    @Test("the scratch pool keeps a bounded number of idle buffers")
    func scratchPoolIsBounded() {
        let pool = PNGScratchPool(maxIdleBuffers: 1, maxRetainedBytes: 1000)
        pool.withBuffer(byteCount: 10) { _ in
            pool.withBuffer(byteCount: 10) { _ in }
        }
        #expect(pool.idleCount == 1)
        pool.withBuffer(byteCount: 5000) { _ in }
        #expect(pool.idleCount == 0, "an oversized buffer is freed, not kept")
    }

    @Test("invalid arguments throw typed errors")
    func invalidArguments() {
        let pixels = [UInt8](repeating: 0xFF, count: 64)
        func encode(_ w: Int, _ h: Int, _ stride: Int, level: Int = 6) throws(PNGError) {
            try pixels.withUnsafeBufferPointer { (buffer) throws(PNGError) in
                _ = try PNGEncoder(compressionLevel: level, filterStrategy: .up)
                    .encode(argb32Premultiplied: UnsafeRawBufferPointer(buffer), width: w, height: h, stride: stride)
            }
        }
        #expect(throws: PNGError.invalidDimensions(width: 0, height: 4)) { try encode(0, 4, 16) }
        #expect(throws: PNGError.invalidDimensions(width: 4, height: -1)) { try encode(4, -1, 16) }
        #expect(throws: PNGError.invalidStride(stride: 15, width: 4)) { try encode(4, 4, 15) }
        #expect(throws: PNGError.pixelBufferTooSmall(required: 80, actual: 64)) { try encode(4, 5, 16) }
        #expect(throws: PNGError.pixelBufferTooSmall(required: .max, actual: 64)) { try encode(4, 3, .max / 2) }
        #expect(throws: PNGError.invalidCompressionLevel(.libdeflate(level: 13))) { try encode(4, 4, 16, level: 13) }
        #expect(throws: PNGError.invalidCompressionLevel(.libdeflate(level: -1))) { try encode(4, 4, 16, level: -1) }
        #expect(throws: Never.self) { try encode(4, 4, 16) }
    }

    @Test("errors describe themselves")
    func descriptions() {
        #expect(PNGError.crcMismatch(chunk: "IDAT").description.contains("IDAT"))
        #expect(PNGError.imageTooLarge(width: 9, height: 9, maxPixels: 80).description.contains("80"))
    }
}
