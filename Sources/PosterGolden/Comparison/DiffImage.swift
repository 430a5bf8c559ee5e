import PosterKit
import PosterPNG

/// Builds the images a golden failure leaves behind, as RGBA buffers, and encodes them.
///
/// - The diff image shows the expected image faded to a pale grey, every changed pixel in
///   `darkerColour` (the render got darker there) or `lighterColour` (lighter, or a change
///   of hue or alpha at the same brightness), and a `boxColour` frame around each cluster.
/// - The side-by-side image shows expected (left) and actual (right) on a dark gutter.
public enum DiffImage {
    /// Changed pixels that got darker: red.
    public static let darkerColour: (r: UInt8, g: UInt8, b: UInt8) = (220, 20, 60)
    /// Changed pixels that got lighter: blue.
    public static let lighterColour: (r: UInt8, g: UInt8, b: UInt8) = (0, 110, 255)
    /// The frame around each cluster of changes: amber.
    public static let boxColour: (r: UInt8, g: UInt8, b: UInt8) = (255, 170, 0)
    /// The gutter between and around the side-by-side panels: dark grey.
    public static let gutterColour: (r: UInt8, g: UInt8, b: UInt8) = (48, 48, 48)

    /// How much of the expected image's contrast survives in the diff background (out of 255).
    static let fade = 64
    /// Box frame thickness and the margin between a cluster and its frame, in pixels.
    static let frameWidth = 3
    static let frameMargin = 6

    /// The diff image of two same-size images and their comparison.
    package static func diff(expected: DecodedImage, actual: DecodedImage, difference: GoldenDifference) -> DecodedImage {
        precondition(expected.width == actual.width && expected.height == actual.height)
        let width = expected.width, height = expected.height
        var out = [UInt8](repeating: 255, count: width * height * 4)
        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                out.withUnsafeMutableBufferPointer { o in
                    let e32 = UnsafeRawPointer(e.baseAddress!).assumingMemoryBound(to: UInt32.self)
                    let a32 = UnsafeRawPointer(a.baseAddress!).assumingMemoryBound(to: UInt32.self)
                    for index in 0..<(width * height) {
                        let offset = index * 4
                        let colour: (r: UInt8, g: UInt8, b: UInt8)
                        if e32[index] != a32[index] {
                            colour = GoldenComparison.luma(a, offset) < GoldenComparison.luma(e, offset)
                                ? darkerColour : lighterColour
                        } else {
                            // Faded grey: luma (0...255) pulled most of the way to white.
                            let grey = GoldenComparison.luma(e, offset) / 1000
                            let faded = UInt8(255 - (255 - grey) * fade / 255)
                            colour = (faded, faded, faded)
                        }
                        o[offset] = colour.r
                        o[offset + 1] = colour.g
                        o[offset + 2] = colour.b
                        o[offset + 3] = 255
                    }
                }
            }
        }
        for box in difference.clusters { frame(box, in: &out, width: width, height: height) }
        return DecodedImage(width: width, height: height, rgba: out)
    }

    /// Draws a frame around `box`, `frameMargin` pixels outside it, clipped to the image.
    static func frame(_ box: GoldenBox, in pixels: inout [UInt8], width: Int, height: Int) {
        let outer = GoldenBox(minX: box.minX - frameMargin - frameWidth, minY: box.minY - frameMargin - frameWidth,
                              maxX: box.maxX + frameMargin + frameWidth, maxY: box.maxY + frameMargin + frameWidth)
        func paint(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let offset = (y * width + x) * 4
            pixels[offset] = boxColour.r
            pixels[offset + 1] = boxColour.g
            pixels[offset + 2] = boxColour.b
            pixels[offset + 3] = 255
        }
        for t in 0..<frameWidth {
            for x in outer.minX...outer.maxX {
                paint(x, outer.minY + t)
                paint(x, outer.maxY - t)
            }
            for y in outer.minY...outer.maxY {
                paint(outer.minX + t, y)
                paint(outer.maxX - t, y)
            }
        }
    }

    /// Expected on the left, actual on the right, on a gutter; either may be missing
    /// (an empty panel) and the sizes may differ. Translucent pixels are shown over white.
    package static func sideBySide(expected: DecodedImage?, actual: DecodedImage?, gutter: Int = 16) -> DecodedImage {
        let panels = [expected, actual]
        let panelWidth = panels.map { $0?.width ?? 0 }.max() ?? 0
        let panelHeight = panels.map { $0?.height ?? 0 }.max() ?? 0
        let width = gutter * 3 + panelWidth * 2
        let height = gutter * 2 + max(panelHeight, 1)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) {
            out[index * 4] = gutterColour.r
            out[index * 4 + 1] = gutterColour.g
            out[index * 4 + 2] = gutterColour.b
            out[index * 4 + 3] = 255
        }
        for (slot, panel) in panels.enumerated() {
            guard let panel else { continue }
            let left = gutter + slot * (panelWidth + gutter)
            panel.rgba.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { target in
                    for y in 0..<panel.height {
                        for x in 0..<panel.width {
                            let s = (y * panel.width + x) * 4
                            let t = ((gutter + y) * width + left + x) * 4
                            let alpha = Int(source[s + 3])
                            for channel in 0..<3 {
                                target[t + channel] = UInt8((Int(source[s + channel]) * alpha + 255 * (255 - alpha) + 127) / 255)
                            }
                            target[t + 3] = 255
                        }
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, rgba: out)
    }

    /// Encodes straight RGBA as PNG through `PNGEncoder` (which takes Cairo's
    /// premultiplied native-endian ARGB32). Lossless for opaque images; translucent
    /// pixels go through premultiplication and may lose a little precision.
    package static func encodePNG(_ image: DecodedImage, encoder: PNGEncoder = PNGEncoder()) throws(PNGError) -> [UInt8] {
        let count = image.width * image.height
        let argb = UnsafeMutablePointer<UInt32>.allocate(capacity: max(count, 1))
        defer { argb.deallocate() }
        image.rgba.withUnsafeBufferPointer { p in
            for index in 0..<count {
                let o = index * 4
                let a = UInt32(p[o + 3])
                func premultiplied(_ value: UInt8) -> UInt32 { a == 255 ? UInt32(value) : (UInt32(value) * a + 127) / 255 }
                argb[index] = a << 24 | premultiplied(p[o]) << 16 | premultiplied(p[o + 1]) << 8 | premultiplied(p[o + 2])
            }
        }
        return try encoder.encode(argb32Premultiplied: UnsafeRawBufferPointer(start: argb, count: count * 4),
                                  width: image.width, height: image.height, stride: image.width * 4)
    }
}
