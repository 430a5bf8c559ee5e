import PosterKit
import Foundation
import PosterPNG

/// A pixel position, x to the right and y down from the top-left corner.
public struct GoldenPixel: Sendable, Hashable, CustomStringConvertible {
    /// Pixels from the left edge.
    public let x: Int
    /// Pixels from the top edge.
    public let y: Int

    /// Creates a position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `(x 120, y 455)`.
    public var description: String { "(x \(x), y \(y))" }
}

/// An inclusive pixel rectangle: a cluster of changed pixels.
public struct GoldenBox: Sendable, Hashable, CustomStringConvertible {
    /// The leftmost column.
    public var minX: Int
    /// The top row.
    public var minY: Int
    /// The rightmost column (inclusive).
    public var maxX: Int
    /// The bottom row (inclusive).
    public var maxY: Int

    /// Creates a box from its inclusive corners.
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Columns covered.
    public var width: Int { maxX - minX + 1 }
    /// Rows covered.
    public var height: Int { maxY - minY + 1 }

    /// The smallest box holding both.
    func union(_ other: GoldenBox) -> GoldenBox {
        GoldenBox(minX: min(minX, other.minX), minY: min(minY, other.minY),
                  maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// `x 100...140, y 440...470`.
    public var description: String { "x \(minX)...\(maxX), y \(minY)...\(maxY)" }
}

/// How two images of the same size differ, pixel by pixel.
public struct GoldenDifference: Sendable, Hashable {
    /// Image width in pixels.
    public let width: Int
    /// Image height in pixels.
    public let height: Int
    /// Pixels where any of R, G, B or A differs.
    public let differingPixels: Int
    /// The largest absolute difference of one channel (0...255) over all pixels.
    public let maxChannelDifference: Int
    /// The first pixel, in reading order, with the largest channel difference; nil if identical.
    public let maxLocation: GoldenPixel?
    /// Differing pixels whose actual colour is darker than the expected one (by luma).
    public let darkerPixels: Int
    /// Differing pixels that got lighter, or changed hue or alpha at the same luma.
    public let lighterPixels: Int
    /// Boxes around each cluster of changes (changes closer than `GoldenComparison.clusterGap` merge), top to bottom.
    public let clusters: [GoldenBox]

    /// Whether every pixel is equal.
    public var isIdentical: Bool { differingPixels == 0 }
    /// All pixels.
    public var totalPixels: Int { width * height }
}

/// A size in pixels.
public struct GoldenSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// Pure pixel comparison of decoded images; never looks at PNG bytes.
public enum GoldenComparison {
    /// The result of comparing an expected image with an actual one.
    public enum Outcome: Sendable, Hashable {
        /// Every byte of the decoded pixels is equal.
        case identical
        /// Same size, some pixels differ.
        case different(GoldenDifference)
        /// The sizes differ, so pixels cannot be compared.
        case sizeMismatch(expected: GoldenSize, actual: GoldenSize)
    }

    /// Changes closer than this many pixels (in both directions) are boxed together.
    public static let clusterGap = 24

    /// Compares two decoded images. The common case, equal pixels, is one `memcmp`;
    /// the details (counts, maximum, location, clusters) are computed only on a mismatch.
    package static func compare(expected: DecodedImage, actual: DecodedImage) -> Outcome {
        guard expected.width == actual.width, expected.height == actual.height else {
            return .sizeMismatch(expected: GoldenSize(width: expected.width, height: expected.height),
                                 actual: GoldenSize(width: actual.width, height: actual.height))
        }
        let equal = expected.rgba.withUnsafeBytes { e in
            actual.rgba.withUnsafeBytes { a in
                e.count == a.count && (e.count == 0 || memcmp(e.baseAddress!, a.baseAddress!, e.count) == 0)
            }
        }
        return equal ? .identical : .different(details(expected: expected, actual: actual))
    }

    /// Whether every pixel of the image has the same RGBA value (or it has no pixels):
    /// a blank render or golden never counts as a pass.
    package static func isBlank(_ image: DecodedImage) -> Bool {
        image.rgba.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            guard let first = pixels.first else { return true }
            var different: UInt32 = 0
            // Branch-free OR of XORs: vectorises, no early exit needed for a 1 MP image.
            for pixel in pixels { different |= pixel ^ first }
            return different == 0
        }
    }

    /// The colour every pixel of a blank image has, as `#RRGGBBAA`.
    package static func firstPixelHex(_ image: DecodedImage) -> String {
        guard image.rgba.count >= 4 else { return "none" }
        return "#" + image.rgba[0..<4].map { String(format: "%02X", $0) }.joined()
    }

    /// Walks every pixel of two same-size images and gathers the figures of a mismatch.
    static func details(expected: DecodedImage, actual: DecodedImage) -> GoldenDifference {
        let width = expected.width, height = expected.height
        let cell = clusterGap
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        // Per grid cell: the bounds of its changed pixels (minX == Int.max when none).
        var cellBoxes = [GoldenBox](repeating: GoldenBox(minX: .max, minY: .max, maxX: -1, maxY: -1), count: columns * rows)
        var differing = 0, darker = 0, lighter = 0, maxDifference = 0
        var maxLocation: GoldenPixel?

        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                let e32 = UnsafeRawPointer(e.baseAddress!).assumingMemoryBound(to: UInt32.self)
                let a32 = UnsafeRawPointer(a.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width where e32[row + x] != a32[row + x] {
                        let offset = (row + x) * 4
                        var largest = 0
                        for channel in 0..<4 {
                            largest = max(largest, abs(Int(e[offset + channel]) - Int(a[offset + channel])))
                        }
                        differing += 1
                        if largest > maxDifference {
                            maxDifference = largest
                            maxLocation = GoldenPixel(x: x, y: y)
                        }
                        if luma(a, offset) < luma(e, offset) { darker += 1 } else { lighter += 1 }
                        let index = (y / cell) * columns + x / cell
                        let box = cellBoxes[index]
                        cellBoxes[index] = GoldenBox(minX: min(box.minX, x), minY: min(box.minY, y),
                                                     maxX: max(box.maxX, x), maxY: max(box.maxY, y))
                    }
                }
            }
        }
        return GoldenDifference(
            width: width, height: height, differingPixels: differing, maxChannelDifference: maxDifference,
            maxLocation: maxLocation, darkerPixels: darker, lighterPixels: lighter,
            clusters: clusters(cellBoxes, columns: columns, rows: rows))
    }

    /// Luma of a straight-alpha pixel composited over white, times 1000 (integer Rec. 601 weights).
    @inline(__always)
    static func luma(_ p: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        let alpha = Int(p[offset + 3])
        let y = 299 * Int(p[offset]) + 587 * Int(p[offset + 1]) + 114 * Int(p[offset + 2])
        return (y * alpha + 255_000 * (255 - alpha)) / 255
    }

    /// Joins changed grid cells that touch (8-neighbourhood) into clusters and
    /// returns the exact pixel bounds of each, sorted top to bottom, left to right.
    static func clusters(_ cells: [GoldenBox], columns: Int, rows: Int) -> [GoldenBox] {
        var seen = [Bool](repeating: false, count: cells.count)
        var result: [GoldenBox] = []
        for start in cells.indices where cells[start].maxX >= 0 && !seen[start] {
            var box = cells[start]
            var queue = [start]
            seen[start] = true
            while let index = queue.popLast() {
                box = box.union(cells[index])
                let cx = index % columns, cy = index / columns
                for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
                        let neighbour = ny * columns + nx
                        if !seen[neighbour], cells[neighbour].maxX >= 0 {
                            seen[neighbour] = true
                            queue.append(neighbour)
                        }
                    }
                }
            }
            result.append(box)
        }
        return result.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}
