import PosterDisplay
import Testing

/// The display list's plain values: geometry, rasters, QR matrices and fit notes.
@Suite struct DisplayValuesTests {
    @Test func rectanglesContainWithASlackAndMove() {
        let canvas = Rect(x: 0, y: 0, width: 375, height: 667)
        #expect(canvas.contains(Rect(x: 0, y: 0, width: 375, height: 667)))
        #expect(canvas.contains(Rect(x: -0.005, y: 10, width: 20, height: 20)), "within the rounding slack")
        #expect(!canvas.contains(Rect(x: -0.5, y: 10, width: 20, height: 20)))
        #expect(!canvas.contains(Rect(x: 360, y: 0, width: 20, height: 20)))
        let moved = Rect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: 10, dy: -2)
        #expect(moved == Rect(x: 11, y: 0, width: 3, height: 4))
        #expect((moved.minX, moved.maxX, moved.minY, moved.maxY) == (11, 14, 0, 4))
    }

    @Test func rastersCheckTheirSizeAndReadStraightColour() throws {
        #expect(Raster(width: 2, height: 2, pixels: [0, 0, 0]) == nil, "too few pixels")
        #expect(Raster(width: 0, height: 2, pixels: []) == nil)
        // Premultiplied ARGB: half-transparent pure red is 0x80800000.
        let raster = try #require(Raster(width: 2, height: 1, pixels: [0xFF_00_80_FF, 0x80_80_00_00]))
        #expect(raster.stride == 8)
        #expect(raster.rgba(x: 0, y: 0) == RGBA(r: 0, g: 128, b: 255, a: 255))
        #expect(raster.rgba(x: 1, y: 0) == RGBA(r: 255, g: 0, b: 0, a: 128))
    }

    @Test func qrMatricesAreSquareAndAddressedByColumnAndRow() throws {
        #expect(QRMatrix(size: 3, modules: Array(repeating: true, count: 8)) == nil)
        #expect(QRMatrix(size: 0, modules: []) == nil)
        let matrix = try #require(QRMatrix(size: 2, modules: [true, false, false, true]))
        #expect(matrix.isDark(column: 0, row: 0) && !matrix.isDark(column: 1, row: 0))
        #expect(!matrix.isDark(column: 0, row: 1) && matrix.isDark(column: 1, row: 1))
    }

    @Test func fitNotesSayWhatHappenedAndWhichAreProblems() {
        let shrunk = FitNote(element: "$.elements[3]", kind: .shrunk, text: "老板说这个需求很简单", detail: "22 → 18 pt")
        #expect(shrunk.description == "$.elements[3]: shrunk (22 → 18 pt): 老板说这个需求很简单")
        #expect(!shrunk.isProblem)
        #expect(FitNote(element: "title", kind: .overflowed, text: nil, detail: "").isProblem)
        #expect(FitNote(element: "qr", kind: .outsideCanvas, text: nil, detail: "").isProblem)
        let long = FitNote(element: "body", kind: .ellipsised, text: String(repeating: "卷", count: 50), detail: "")
        #expect(long.description == "body: ellipsised: " + String(repeating: "卷", count: 40) + "…")
    }
}
