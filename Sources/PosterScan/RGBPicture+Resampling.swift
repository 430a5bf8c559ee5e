import Foundation

extension RGBPicture {
    /// The picture resized to `width` x `height` with a Lanczos-3 filter widened by the
    /// reduction (as Pillow's `Image.resize(..., LANCZOS)` does), so that fine detail such as
    /// QR modules blurs the way it does in a shared, downscaled screenshot.
    package func resampled(width newWidth: Int, height newHeight: Int) -> RGBPicture {
        guard newWidth != width || newHeight != height, newWidth > 0, newHeight > 0 else { return self }
        let source = bytes.map(Float.init)
        // Rows first (width -> newWidth), then columns (height -> newHeight); both row-major RGB.
        var wide = [Float](repeating: 0, count: newWidth * height * 3)
        let across = Self.weights(from: width, to: newWidth)
        for row in 0..<height {
            for (column, taps) in across.enumerated() {
                Self.blend(source, taps: taps, at: { (row * width + $0) * 3 }, into: &wide, (row * newWidth + column) * 3)
            }
        }
        var result = [Float](repeating: 0, count: newWidth * newHeight * 3)
        let down = Self.weights(from: height, to: newHeight)
        for (row, taps) in down.enumerated() {
            for column in 0..<newWidth {
                Self.blend(wide, taps: taps, at: { ($0 * newWidth + column) * 3 }, into: &result, (row * newWidth + column) * 3)
            }
        }
        let rounded = result.map { UInt8(max(0, min(255, $0.rounded()))) }
        return RGBPicture(width: newWidth, height: newHeight, bytes: rounded) ?? self
    }

    /// Writes the weighted sum of the taps' pixels (each found by `at`) at `target`.
    private static func blend(_ input: [Float], taps: [(Int, Float)], at offset: (Int) -> Int, into output: inout [Float], _ target: Int) {
        var red: Float = 0
        var green: Float = 0
        var blue: Float = 0
        for (index, weight) in taps {
            let base = offset(index)
            red += input[base] * weight
            green += input[base + 1] * weight
            blue += input[base + 2] * weight
        }
        output[target] = red
        output[target + 1] = green
        output[target + 2] = blue
    }

    /// For each output sample, the source samples and their normalised Lanczos-3 weights.
    private static func weights(from count: Int, to newCount: Int) -> [[(Int, Float)]] {
        let scale = Double(newCount) / Double(count)
        let stretch = max(1, 1 / scale)  // a reduction widens the filter to average what it drops
        let support = 3 * stretch
        return (0..<newCount).map { target in
            let center = (Double(target) + 0.5) / scale
            let first = max(0, Int((center - support).rounded(.down)))
            let last = min(count - 1, Int((center + support).rounded(.up)))
            var taps: [(Int, Float)] = []
            var total = 0.0
            for source in first...last {
                let weight = lanczos3((Double(source) + 0.5 - center) / stretch)
                guard weight != 0 else { continue }
                taps.append((source, Float(weight)))
                total += weight
            }
            guard total != 0 else { return [(min(count - 1, Int(center)), 1)] }
            return taps.map { ($0.0, Float($0.1) / Float(total)) }
        }
    }

    private static func lanczos3(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let angle = Double.pi * x
        return 3 * sin(angle) * sin(angle / 3) / (angle * angle)
    }
}
