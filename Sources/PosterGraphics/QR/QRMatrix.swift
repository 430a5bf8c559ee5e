import CQrencode
import Foundation
import PosterDisplay

extension QRMatrix.Correction {
    var level: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}

extension QRMatrix {
    /// Encodes UTF-8 text in byte mode at the given correction level with libqrencode.
    package init(encoding text: String, correction: Correction = .medium) throws(GraphicsError) {
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
        guard let matrix = QRMatrix(size: size, modules: data.map { $0 & 1 == 1 }, text: text) else {
            throw GraphicsError(.qr, "libqrencode returned a \(size)x\(size) code with no modules")
        }
        self = matrix
    }
}
