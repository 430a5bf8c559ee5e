import CPangoFT2
import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

/// The performance shortcuts must not change a pixel: fonts read from fontconfig's
/// cache equal the scanned ones, and the fast blur equals its plain definition.
@Suite struct RenderShortcutTests {
    /// Every application font pattern, in order, as fontconfig's text form.
    func patterns(_ library: FontLibrary) -> [String] {
        guard let set = FcConfigGetFonts(library.config, FcSetApplication) else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { index in
            guard let pattern = set.pointee.fonts[index], let text = FcNameUnparse(pattern) else { return nil }
            defer { free(text) }
            return String(cString: text)
        }
    }

    @Test func fontsFromTheSystemCacheEqualScannedFonts() throws {
        let cached = try FontLibrary(fonts: PinnedFont.standard, useSystemCache: true)
        let scanned = try FontLibrary(fonts: PinnedFont.standard, useSystemCache: false)
        let fromCache = patterns(cached)
        #expect(!fromCache.isEmpty)
        #expect(fromCache == patterns(scanned))
    }

    /// The blur as first written: clamped samples, running sums, integer rounding.
    func plainBlur(_ alpha: [Int32], width: Int, height: Int, radius: Int) -> [UInt8] {
        var a = alpha
        var scratch = alpha
        let window = Int32(2 * radius + 1)
        func pass(_ source: [Int32], _ target: inout [Int32], count: Int, length: Int, step: Int, lineStep: Int) {
            for line in 0..<count {
                let base = line * lineStep
                func sample(_ index: Int) -> Int32 { source[base + min(max(index, 0), length - 1) * step] }
                var sum: Int32 = 0
                for index in -radius...radius { sum += sample(index) }
                for index in 0..<length {
                    target[base + index * step] = (sum + window / 2) / window
                    sum += sample(index + radius + 1) - sample(index - radius)
                }
            }
        }
        for _ in 0..<3 {
            pass(a, &scratch, count: height, length: width, step: 1, lineStep: width)
            pass(scratch, &a, count: width, length: height, step: width, lineStep: 1)
        }
        return a.map { UInt8(max(0, min(255, $0))) }
    }

    @Test(arguments: [(1, 1, 1), (7, 3, 2), (40, 25, 6), (33, 90, 14), (5, 5, 30), (200, 17, 60), (64, 64, 130)])
    func fastBlurEqualsThePlainDefinition(width: Int, height: Int, radius: Int) {
        var generator = SystemRandomNumberGenerator()
        let alpha = (0..<(width * height)).map { _ in Int32.random(in: 0...255, using: &generator) }
        // Rows padded past the width, as Cairo's A8 strides are.
        let stride = (width + 3) & ~3
        var padded = [UInt8](repeating: 0xAA, count: stride * height)
        for y in 0..<height {
            for x in 0..<width { padded[y * stride + x] = UInt8(alpha[y * width + x]) }
        }
        padded.withUnsafeMutableBufferPointer { buffer in
            AlphaBlur.blur(buffer.baseAddress!, width: width, height: height, stride: stride, radius: radius)
        }
        let mask = (0..<height).flatMap { y in padded[(y * stride)..<(y * stride + width)] }
        #expect(mask == plainBlur(alpha, width: width, height: height, radius: radius))
    }

    @Test func boxDividerIsExactForEveryPossibleSum() {
        for window in stride(from: 1, through: 301, by: 2) {
            let divide = BoxDivider(window: window)
            for sum in stride(from: 0, through: Int32(255 * window), by: max(1, window / 7)) {
                #expect(divide(sum) == (sum + Int32(window / 2)) / Int32(window))
            }
        }
    }
}
