import PosterGraphics

/// What drawing one poster of a theme may cost, estimated at load from the
/// elements' properties: each element adds amounts to budget lines (blurred
/// pixels, dash segments, layer pixels, …), and the lines are weighed by what one
/// unit costs on the reference machine, in nanoseconds (measured in release
/// builds; see docs/limits.md and bench/README.md).
///
/// Estimates are upper bounds where the layout is not known at load: every
/// element counts as shown (conditions are ignored), a text without a height or
/// `maxLines` as tall as the canvas, every area clipped only to the canvas size.
public struct RenderCost: Sendable {
    /// One line of the budget.
    public enum Line: String, Sendable, CaseIterable {
        /// Pixels blurred for shape and text shadows (margin included).
        case blur = "blurred area"
        /// Dash segments of every dashed stroke, text outlines included.
        case dashes = "dash segments"
        /// Pixels of the scratch layers opacity, tint and semi-transparent shapes push.
        case layers = "layer area"
        /// Pixels filled, painted or rasterised: fills (gradients weigh more), images, SVG rasters.
        case area = "drawn area"
        /// What librsvg spends on an SVG's own content (elements, gradients, offscreen passes,
        /// filter primitives by kind) over each distinct raster, in nanoseconds (`SVGContentCost`).
        case svg = "SVG content"
        /// Characters laid out by Pango while fitting texts (see `TextElement.layoutCharacters`).
        case text = "laid-out characters"
        /// Bytes encoded into QR codes (libqrencode's work grows with the code's modules).
        case qr = "QR data"
        /// Glyph outline length stroked, in points.
        case outlines = "stroked outline"
        /// Elements laid out and drawn, and the canvas pixels encoded.
        case overhead = "elements and canvas"

        /// Nanoseconds one unit of this line costs on the reference machine.
        public var nanoseconds: Double {
            switch self {
            case .blur: 12
            case .dashes: 250
            case .layers: 2.5
            case .area: 1.2
            case .svg: 1
            case .text: 15_000
            case .outlines: 120
            case .qr: 4_500
            case .overhead: 1
            }
        }

        /// The unit amounts are counted in, for messages.
        var unit: String {
            switch self {
            case .blur, .layers, .area: "pixels"
            case .dashes: "segments"
            case .text: "characters"
            case .outlines: "points"
            case .qr: "bytes"
            case .overhead: "units"
            case .svg: "ns"
            }
        }

        /// How much of this line alone fills the whole budget.
        public var fullBudget: Double { RenderCost.budgetNanoseconds / nanoseconds }
    }

    /// The estimated drawing time a theme may need for one poster, in nanoseconds
    /// on the reference machine; more is refused at load.
    public static let budgetNanoseconds = 1.2e9

    /// What one element adds, for the diagnostic naming the largest.
    public struct Part: Sendable {
        /// The element's JSON path.
        public let path: JSONPath
        /// Where it is written.
        public let location: SourceLocation?
        /// The line it adds to.
        public let line: Line
        /// How many units.
        public let amount: Double
        /// What was counted, e.g. "text shadow, blur 100, 2048x2048 pt".
        public let what: String
    }

    /// Units per line, summed over the theme.
    public private(set) var amounts: [Line: Double] = [:]
    /// Every element's contributions.
    public private(set) var parts: [Part] = []

    /// Adds `amount` units of `line` for the element at `path`.
    mutating func add(_ line: Line, _ amount: Double, _ what: String, path: JSONPath, location: SourceLocation?) {
        guard amount > 0, amount.isFinite else { return }
        amounts[line, default: 0] += amount
        parts.append(Part(path: path, location: location, line: line, amount: amount, what: what))
    }

    /// The estimated total, in nanoseconds.
    public var nanoseconds: Double {
        amounts.reduce(0) { $0 + $1.value * $1.key.nanoseconds }
    }

    /// The total as a share of the budget (1 is the whole budget).
    public var share: Double { nanoseconds / Self.budgetNanoseconds }

    /// The element contribution weighing most (the canvas's own encoding is not an element's).
    var largest: Part? {
        parts.filter { $0.path != .root }.max { $0.amount * $0.line.nanoseconds < $1.amount * $1.line.nanoseconds }
    }

    /// The lines that take part, largest first, as "blurred area 120% (201.3M of 100.0M pixels)".
    var summary: String {
        amounts.sorted { $0.value * $0.key.nanoseconds > $1.value * $1.key.nanoseconds }
            .filter { $0.value * $0.key.nanoseconds >= Self.budgetNanoseconds / 100 }
            .map { "\($0.key.rawValue) \(Self.percent($0.value / $0.key.fullBudget)) (\(Self.figure($0.value)) of \(Self.figure($0.key.fullBudget)) \($0.key.unit))" }
            .joined(separator: ", ")
    }

    static func percent(_ share: Double) -> String {
        share < 0.01 ? String(format: "%.1f%%", share * 100) : "\(Int((share * 100).rounded()))%"
    }

    static func figure(_ value: Double) -> String {
        switch value {
        case 1e9...: String(format: "%.1fG", value / 1e9)
        case 1e6...: String(format: "%.1fM", value / 1e6)
        case 1e4...: String(format: "%.0fk", value / 1e3)
        default: String(Int(value.rounded()))
        }
    }
}
