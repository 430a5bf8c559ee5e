import PosterDisplay

/// How a QR code's text fitted a box: the placement chosen, or why none fits.
package enum QRFitting: Sendable, Hashable {
    /// The code as it will be drawn.
    case placed(QRPlacement)
    /// Even the smallest code (`sideModules` a side with its quiet zone, at the
    /// lowest level allowed) needs more than the box's `boxPixels` device pixels.
    case tooSmall(sideModules: Int, version: Int, correction: QRMatrix.Correction, boxPixels: Int)

    /// The placement, if the code fits.
    package var placement: QRPlacement? {
        if case .placed(let placement) = self { placement } else { nil }
    }
}

extension QRPlacement {
    /// Chooses the level and module size of `text`'s code in the square of side
    /// `min(box.width, box.height)` at `box`'s top-left corner, on the 2x canvas.
    ///
    /// Among the levels from `minimumCorrection` up, the highest whose modules are
    /// at least `preferredModulePixels` device pixels wins; when none is, the level
    /// with the largest modules (a tie goes to the higher level). Modules are whole
    /// pixels, and the quiet zone is `quietZone` modules a side.
    package static func fitting(
        _ text: String, in box: Rect, minimumCorrection: QRMatrix.Correction, quietZone: Int
    ) throws(GraphicsError) -> QRFitting {
        let scale = PosterCanvas.scale
        let square = Rect(x: box.x, y: box.y, width: min(box.width, box.height), height: min(box.width, box.height))
        let pixels = PixelSquare(x: Int((square.x * scale).rounded()), y: Int((square.y * scale).rounded()),
                                 side: max(0, Int((square.width * scale).rounded(.down))))
        var best: (matrix: QRMatrix, correction: QRMatrix.Correction, modulePixels: Int)?
        var smallest: (matrix: QRMatrix, correction: QRMatrix.Correction)?
        var failure: GraphicsError?
        // Strongest first: the first level with large enough modules is the answer,
        // and a strict `>` below keeps the stronger level on a tie.
        for correction in QRMatrix.Correction.allCases.reversed() where correction >= minimumCorrection {
            let matrix: QRMatrix
            do {
                matrix = try QRMatrix(encoding: text, correction: correction)
            } catch {
                failure = error  // too long for this level; a lower one may hold it
                continue
            }
            smallest = (matrix, correction)
            let modulePixels = pixels.side / (matrix.size + 2 * quietZone)
            if modulePixels >= preferredModulePixels || modulePixels > (best?.modulePixels ?? 0) {
                best = (matrix, correction, modulePixels)
            }
            if modulePixels >= preferredModulePixels { break }
        }
        if let best {
            return .placed(QRPlacement(matrix: best.matrix, correction: best.correction, box: square, boxPixels: pixels,
                                       modulePixels: best.modulePixels, quietZone: quietZone))
        }
        guard let smallest else { throw failure ?? GraphicsError(.qr, "QR code text could not be encoded") }
        return .tooSmall(sideModules: smallest.matrix.size + 2 * quietZone, version: (smallest.matrix.size - 17) / 4,
                         correction: smallest.correction, boxPixels: pixels.side)
    }
}
