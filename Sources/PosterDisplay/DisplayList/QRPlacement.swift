/// A QR code fitted into its element's square box, as layout chose it: the
/// error-correction level, the modules, and a module size in whole device pixels.
///
/// Layout decides all of it (`QRPlacement.fitting` in the graphics layer), so the
/// layout dump reports exactly the code that is drawn, and drawing only paints it.
public struct QRPlacement: Sendable, Hashable {
    /// The encoded modules.
    public let matrix: QRMatrix
    /// The level the modules were encoded at.
    public let correction: QRMatrix.Correction
    /// The element's square box in poster points; the background fills it.
    public let box: Rect
    /// The box's left and top edges and side in device pixels (left and top rounded, the side rounded down).
    public let boxPixels: PixelSquare
    /// Device pixels per module side.
    public let modulePixels: Int
    /// The blank margin around the modules, in modules.
    public let quietZone: Int

    /// Creates a placement; `QRPlacement.fitting` is how layout makes one.
    public init(matrix: QRMatrix, correction: QRMatrix.Correction, box: Rect, boxPixels: PixelSquare,
                modulePixels: Int, quietZone: Int) {
        self.matrix = matrix
        self.correction = correction
        self.box = box
        self.boxPixels = boxPixels
        self.modulePixels = modulePixels
        self.quietZone = quietZone
    }

    /// The QR version (1 – 40): the symbol is 17 + 4 × version modules a side.
    public var version: Int { (matrix.size - 17) / 4 }

    /// Modules a side with the quiet zone on both sides.
    public var sideModules: Int { matrix.size + 2 * quietZone }

    /// The code with its quiet zone in device pixels, centred in the box on whole pixels.
    public var drawnPixels: PixelSquare {
        let side = modulePixels * sideModules
        let inset = (boxPixels.side - side) / 2
        return PixelSquare(x: boxPixels.x + inset, y: boxPixels.y + inset, side: side)
    }

    /// A square of device pixels: its left and top edges and its side.
    public struct PixelSquare: Sendable, Hashable, Codable {
        /// The left edge in device pixels.
        public var x: Int
        /// The top edge in device pixels.
        public var y: Int
        /// The side in device pixels.
        public var side: Int

        /// Creates a square.
        public init(x: Int, y: Int, side: Int) {
            self.x = x
            self.y = y
            self.side = side
        }

        /// The square in poster points at `scale` device pixels a point.
        public func rect(scale: Double) -> Rect {
            Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(side) / scale, height: Double(side) / scale)
        }
    }
}

extension QRPlacement {
    /// The narrowest quiet zone a theme may ask for, in modules: the 4 the QR
    /// standard (ISO/IEC 18004) asks for, which scanners need to find the code.
    public static let minimumQuietZone = 4
    /// The module size, in device pixels, a code's level is chosen to keep: the
    /// highest level whose modules are still this large wins. Smaller modules blur
    /// first when WeChat downscales and recompresses a shared poster.
    public static let preferredModulePixels = 4
}

extension QRMatrix.Correction: Comparable {
    /// Orders levels by strength: L < M < Q < H.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
