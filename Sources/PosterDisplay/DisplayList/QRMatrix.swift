/// A QR code's modules as an immutable value (encoded by the graphics layer).
public struct QRMatrix: Sendable, Hashable {
    /// QR error-correction level: how much of the code may be damaged and still scan.
    public enum Correction: String, Sendable, Hashable, CaseIterable {
        /// About 7% of the code may be lost.
        case low = "L"
        /// About 15%.
        case medium = "M"
        /// About 25%.
        case quartile = "Q"
        /// About 30%.
        case high = "H"
    }

    /// Modules per side.
    public let size: Int
    /// Row-major dark flags, `size * size` of them.
    public let modules: [Bool]
    /// The text the code carries, when the encoder knows it (the scan lint checks that a
    /// recompressed poster reads back to exactly this).
    public let text: String?

    /// The longest text a poster QR code may carry, in UTF-8 bytes.
    public static let maximumBytes = 1024

    /// Creates a matrix from row-major dark flags; nil unless there are `size * size` of them.
    public init?(size: Int, modules: [Bool], text: String? = nil) {
        guard size > 0, modules.count == size * size else { return nil }
        self.size = size
        self.modules = modules
        self.text = text
    }

    /// Whether the module at (column, row) is dark.
    public func isDark(column: Int, row: Int) -> Bool {
        modules[row * size + column]
    }
}
