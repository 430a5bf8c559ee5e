import PosterDisplay
import PosterScan
import Testing

@Suite struct RGBPictureTests {
    @Test func compositesTransparencyOverWhite() throws {
        // Opaque red, half-transparent black (premultiplied: colour 0, alpha 128), fully clear.
        let raster = try #require(Raster(width: 3, height: 1, pixels: [0xFFFF_0000, 0x8000_0000, 0x0000_0000]))
        #expect(RGBPicture(over: raster).bytes == [255, 0, 0, 127, 127, 127, 255, 255, 255])
    }

    @Test func halvingAnAlternatingPatternGivesItsAverage() throws {
        // Columns alternate black and white: at half width every pixel is the mid grey.
        let width = 64
        let bytes = (0..<(width * 8)).flatMap { index -> [UInt8] in
            let value: UInt8 = index % 2 == 0 ? 0 : 255
            return [value, value, value]
        }
        let picture = try #require(RGBPicture(width: width, height: 8, bytes: bytes))
        let half = picture.resampled(width: 32, height: 4)
        #expect(half.width == 32 && half.height == 4)
        // Away from the edges, where the filter is cut off.
        let middle = (4..<28).map { Int(half.bytes[(1 * 32 + $0) * 3]) }
        #expect(middle.allSatisfy { abs($0 - 128) <= 2 }, "\(middle)")
    }

    @Test func flatColourSurvivesResamplingAndJPEG() throws {
        let picture = try #require(RGBPicture(width: 40, height: 30, bytes: Array(repeating: 200, count: 40 * 30 * 3)))
        let small = picture.resampled(width: 29, height: 22)
        #expect(small.bytes.allSatisfy { $0 == 200 })
        let luma = try QRScanner.jpegLuma(small, quality: 75)
        #expect(luma.count == 29 * 22)
        #expect(luma.allSatisfy { abs(Int($0) - 200) <= 2 })
    }

    @Test func recompressionNamesItself() {
        #expect(Recompression(scale: 0.5, jpegQuality: 75).description == "0.5x, JPEG q75")
        #expect(Recompression(scale: 2, jpegQuality: 400).description == "1x, JPEG q100")
        #expect(Recompression(scale: 0.72, jpegQuality: 80).size(width: 750, height: 1334) == (540, 960))
    }
}
