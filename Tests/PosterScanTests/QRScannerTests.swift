import PosterDisplay
import PosterGraphics
import PosterScan
import Testing

/// A QR code drawn by the engine's own canvas, `modulePixels` device pixels a module, on a
/// white picture with some grey text-like noise around it.
private func poster(_ text: String, modulePixels: Int, correction: QRMatrix.Correction = .medium) throws -> Raster {
    let matrix = try QRMatrix(encoding: text, correction: correction)
    let sidePixels = (matrix.size + 8) * modulePixels  // a 4-module quiet zone
    let side = Double(sidePixels) / 2  // points at 2x
    let placement = QRPlacement(matrix: matrix, correction: correction, box: Rect(x: 20, y: 40, width: side, height: side),
                                boxPixels: .init(x: 40, y: 80, side: sidePixels), modulePixels: modulePixels, quietZone: 4)
    let item = DisplayItem.qr(placement, foreground: Color(hex: "#2B2620")!, background: .white)
    let bar = DisplayItem.shape(.rect(Rect(x: 0, y: 0, width: side + 40, height: 24), cornerRadius: 0),
                                fill: .solid(Color(hex: "#E84A2F")!), stroke: nil, shadow: nil)
    return try PosterCanvas().draw([bar, item], size: Size(width: side + 40, height: side + 80), background: .white, assets: { _ in nil })
}

@Suite struct QRScannerTests {
    let link = "https://nmti.example/R/0F3KQ8V2M1T7A9B4C6D8E0G2H4J6K8L0N2P4R6S8"

    @Test func readsACodeAsDrawn() throws {
        try #require(QRScanner.availability() == nil, "\(QRScanner.availability()?.description ?? "")")
        #expect(try QRScanner.texts(in: poster(link, modulePixels: 4), after: nil) == [link])
    }

    @Test func readsFourPixelModulesAfterHalfSizeAndJPEG() throws {
        let raster = try poster(link, modulePixels: 4)
        #expect(try QRScanner.texts(in: raster, after: Recompression(scale: 0.5, jpegQuality: 75)) == [link])
    }

    // The same code at one pixel a module is lost at half size: the check can fail.
    @Test func losesOnePixelModulesAtHalfSize() throws {
        let raster = try poster(link, modulePixels: 1)
        #expect(try QRScanner.texts(in: raster, after: Recompression(scale: 0.5, jpegQuality: 75)).isEmpty)
    }

    @Test func keepsNonASCIIBytes() throws {
        let text = "https://nmti.example/i?n=小王🐶"
        #expect(try QRScanner.texts(in: poster(text, modulePixels: 4), after: nil) == [text])
    }

    @Test func refusesAMismatchedSize() {
        #expect(throws: ScanError.self) { try QRScanner.scan([0, 0, 0], width: 2, height: 2) }
    }
}
