import Foundation
import NMTIDomain
import PosterGraphics

/// A readable account of a laid-out poster: every element's label, type and bounds,
/// and for each text its final lines. `render --layout-json FILE` writes it, and the
/// layout snapshot tests compare it; see docs/display-list.md ("The layout dump") for the JSON.
///
/// Figures are in poster points (half the PNG's pixels), rounded to 0.01 pt, so a
/// dump changes only when layout does. New fields may be added (`version` stays 1
/// while existing fields keep their meaning); a field is never renamed or re-typed
/// without raising `version`.
public struct LayoutDump: Codable, Sendable, Hashable {
    /// The dump format's version: 1.
    public static let currentVersion = 1

    /// The format version of this dump.
    public var version: Int
    /// The theme's name.
    public var theme: String
    /// The format drawn (`poster`, `xhs`, …: `Theme.formatName`).
    public var format: String
    /// The canvas size in points (of that format).
    public var canvas: Size
    /// Every element laid out (hidden ones are left out), in theme order, a container before its children.
    public var elements: [Element]
    /// The fit notes, as the CLI prints them.
    public var notes: [String]

    /// One laid-out element.
    public struct Element: Codable, Sendable, Hashable {
        /// The element's `id`, or its JSON path in the theme file.
        public var label: String
        /// The element type, such as "text".
        public var type: String
        /// The area its display items may paint, ignoring shadows; nil when it draws nothing.
        /// For a rotated element, or one inside a rotated container, the box around it as turned.
        public var bounds: Rect?
        /// The element's own `rotate`: degrees clockwise about an absolute centre (nil: not turned).
        /// Its `lines` are reported unturned, in the element's own frame.
        public var rotation: Rotation?
        /// The lines of each text it draws (a `text` element has one text; nil when it draws none).
        public var lines: [Line]?
        /// The QR code it draws, as drawn (nil for every other element).
        public var qr: QRCode?
    }

    /// A QR code as drawn: the level and size layout chose for its box (`bounds`).
    public struct QRCode: Codable, Sendable, Hashable {
        /// The code with its quiet zone, in points: centred in the box on whole device pixels.
        public var drawn: Rect
        /// Modules a side, without the quiet zone.
        public var modules: Int
        /// The QR version (1 – 40).
        public var version: Int
        /// The error-correction level: L, M, Q or H.
        public var correction: String
        /// Device pixels (PNG pixels) a module side.
        public var modulePixels: Int
        /// The quiet zone on each side, in modules.
        public var quietZone: Int

        init(_ placement: QRPlacement) {
            drawn = LayoutDump.rounded(placement.drawnPixels.rect(scale: PosterCanvas.scale))
            modules = placement.matrix.size
            version = placement.version
            correction = placement.correction.rawValue
            modulePixels = placement.modulePixels
            quietZone = placement.quietZone
        }
    }

    /// One line of text as drawn.
    public struct Line: Codable, Sendable, Hashable {
        /// The characters on the line.
        public var text: String
        /// The left edge of the line, absolute.
        public var x: Double
        /// The baseline, absolute.
        public var y: Double
        /// The line's width.
        public var width: Double
        /// The size the text was set at, after any shrinking.
        public var fontSize: Double
    }

    /// Creates a dump of elements laid out with a theme.
    package init(theme: Theme, elements laidOut: [LaidOutElement], notes: [FitNote]) {
        version = Self.currentVersion
        self.theme = theme.name
        format = theme.formatName
        canvas = Size(width: Self.rounded(theme.canvasSize.width), height: Self.rounded(theme.canvasSize.height))
        self.notes = notes.map(\.description)
        elements = laidOut.indices.map { index in
            let element = laidOut[index]
            // A container's texts are its children's, listed with them.
            let isContainer = index + 1 < laidOut.count && laidOut[index + 1].depth > element.depth
            let boxes = element.items.compactMap(\.bounds)
            let bounds = boxes.first.map { first in
                boxes.dropFirst().reduce(first) { union, box in
                    let minX = min(union.minX, box.minX), minY = min(union.minY, box.minY)
                    return Rect(x: minX, y: minY, width: max(union.maxX, box.maxX) - minX, height: max(union.maxY, box.maxY) - minY)
                }
            }
            var lines: [Line] = []
            if !isContainer {
                for item in element.items { Self.collectLines(item, into: &lines) }
            }
            let qr = element.items.lazy.compactMap { item -> QRCode? in
                if case .qr(let placement, _, _) = item { QRCode(placement) } else { nil }
            }.first
            let rotation = element.rotation.map {
                Rotation(degrees: Self.rounded($0.degrees), center: Point(x: Self.rounded($0.center.x), y: Self.rounded($0.center.y)))
            }
            return Element(label: element.label, type: element.type, bounds: bounds.map(Self.rounded),
                           rotation: rotation, lines: lines.isEmpty ? nil : lines, qr: qr)
        }
    }

    /// The dump as pretty-printed JSON with sorted keys, ending in a newline.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain values cannot fail.
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    /// Reads a dump written by `json()`.
    public static func decode(_ data: Data) throws -> LayoutDump {
        try JSONDecoder().decode(LayoutDump.self, from: data)
    }

    private static func collectLines(_ item: DisplayItem, into lines: inout [Line]) {
        switch item {
        case .text(let text, let origin, _, _, _):
            for line in text.lines {
                lines.append(Line(text: line.text, x: rounded(origin.x + line.x), y: rounded(origin.y + line.baseline),
                                  width: rounded(line.width), fontSize: rounded(text.fit.size)))
            }
        case .group(let children, _, _, _, _, _):
            for child in children { collectLines(child, into: &lines) }
        case .shape, .image, .qr:
            break
        }
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func rounded(_ rect: Rect) -> Rect {
        Rect(x: rounded(rect.x), y: rounded(rect.y), width: rounded(rect.width), height: rounded(rect.height))
    }
}
