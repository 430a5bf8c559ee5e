import Foundation
@testable import PosterGraphics
import PosterDisplay
import Testing

/// QR codes from libqrencode: sizes by version, limits, and the modules a decoder reads back.
@Suite struct QRMatrixTests {
    @Test func aShortLinkIsASmallCodeAndGrowsWithTheText() throws {
        let short = try QRMatrix(encoding: "https://nmti.example/i?v=6.-3.2.-5")
        #expect(short.size == 29, "version 3 at medium correction")
        let longer = try QRMatrix(encoding: "https://nmti.example/i?v=6.-3.2.-5&n=" + String(repeating: "%E5%B0%8F", count: 10))
        #expect(longer.size > short.size && (longer.size - 17) % 4 == 0, "a version's size is 17 + 4 per version")
        // The finder pattern: dark corners, a light ring inside them.
        #expect(short.isDark(column: 0, row: 0) && short.isDark(column: 6, row: 6) && !short.isDark(column: 1, row: 1))
        #expect(short.isDark(column: short.size - 1, row: 0) && short.isDark(column: 0, row: short.size - 1))
    }

    @Test func higherCorrectionNeedsABiggerCode() throws {
        let text = "https://nmti.example/r?v=9.-5.-2.4&iv=-3.4.-6.-1&p=s"
        let low = try QRMatrix(encoding: text, correction: .low)
        let high = try QRMatrix(encoding: text, correction: .high)
        #expect(high.size > low.size)
    }

    @Test func emptyAndOversizedTextAreRefused() {
        #expect(throws: GraphicsError.self) { try QRMatrix(encoding: "") }
        #expect(throws: GraphicsError.self) { try QRMatrix(encoding: String(repeating: "a", count: QRMatrix.maximumBytes + 1)) }
    }
}
