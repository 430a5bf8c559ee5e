import Foundation

/// What a chat app does to a shared picture before a friend's scanner sees it: scale it
/// down (Lanczos) and save it as a JPEG. The lint and the tests read QR codes back after it.
package struct Recompression: Sendable, Hashable, CustomStringConvertible {
    /// The scale, above 0 and at most 1 (0.5 halves each side).
    package let scale: Double
    /// The JPEG quality, 1...100.
    package let jpegQuality: Int

    /// A recompression; the scale is kept within 0.05...1 and the quality within 1...100.
    package init(scale: Double, jpegQuality: Int) {
        self.scale = min(1, max(0.05, scale.isFinite ? scale : 1))
        self.jpegQuality = min(100, max(1, jpegQuality))
    }

    /// The size a `width` x `height` picture becomes, each side at least 1 (rounded, as Pillow does).
    package func size(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// `0.5x, JPEG q75`.
    package var description: String {
        let scaleText = scale == scale.rounded() ? String(Int(scale)) : String(format: "%g", scale)
        return "\(scaleText)x, JPEG q\(jpegQuality)"
    }
}
