import CQrencode
import Foundation

/// A QR code's modules, copied out of libqrencode into an immutable value.
public struct QRMatrix: Sendable, Hashable {
    /// QR error-correction level: how much of the code may be damaged and still scan.
    public enum Correction: String, Sendable, Hashable, CaseIterable {
        case low = "L", medium = "M", quartile = "Q", high = "H"

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// Modules per side.
    public let size: Int
    /// Row-major dark flags, `size * size` of them.
    public let modules: [Bool]

    /// The longest text a poster QR code may carry, in UTF-8 bytes.
    public static let maximumBytes = 1024

    /// Encodes UTF-8 text in byte mode at the given correction level.
    public init(encoding text: String, correction: Correction = .medium) throws(GraphicsError) {
        guard !text.isEmpty else { throw GraphicsError(.qr, "QR code text is empty") }
        guard text.utf8.count <= Self.maximumBytes else {
            throw GraphicsError(.qr, "QR code text is \(text.utf8.count) bytes; the limit is \(Self.maximumBytes)")
        }
        guard let code = QRcode_encodeString(text, 0, correction.level, QR_MODE_8, 1) else {
            let reason = String(cString: strerror(errno))
            throw GraphicsError(.qr, "libqrencode could not encode \(text.utf8.count) bytes: \(reason)")
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: size * size)
        self.size = size
        self.modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at (column, row) is dark.
    public func isDark(column: Int, row: Int) -> Bool {
        modules[row * size + column]
    }
}
