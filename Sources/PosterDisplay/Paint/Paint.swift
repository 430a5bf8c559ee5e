/// One colour stop of a gradient.
public struct GradientStop: Sendable, Hashable {
    /// Position along the gradient, 0...1.
    public var offset: Double
    /// The colour at that position.
    public var color: Color
    /// Creates a stop.
    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// How an area is filled, in absolute poster coordinates.
public enum Paint: Sendable, Hashable {
    /// One flat colour.
    case solid(Color)
    /// A linear gradient from `start` to `end`.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// A radial gradient from `center` out to `radius`.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
}

/// An outline: paint, width and optional dash pattern, in points.
public struct Stroke: Sendable, Hashable {
    /// What the outline is painted with.
    public var paint: Paint
    /// The line width in points, centred on the outline.
    public var width: Double
    /// Dash pattern: alternating on and off lengths in points; empty for a solid line.
    public var dash: [Double]
    /// Creates a stroke.
    public init(paint: Paint, width: Double, dash: [Double] = []) {
        self.paint = paint
        self.width = width
        self.dash = dash
    }

    /// Whether the dash pattern is dots: every on-length is 0, so each dash is drawn
    /// as a round dot the line width across (a pattern of only zeros is refused at load).
    public var drawsDots: Bool {
        !dash.isEmpty && dash.count % 2 == 0 && stride(from: 0, to: dash.count, by: 2).allSatisfy { dash[$0] == 0 }
            && dash.contains { $0 > 0 }
    }
}

/// A drop shadow: colour, offset and blur radius in points.
public struct Shadow: Sendable, Hashable {
    /// The shadow's colour and opacity.
    public var color: Color
    /// How far the shadow is moved from the shape, in points.
    public var offset: Point
    /// The blur radius in points; 0 is a hard shadow.
    public var blur: Double
    /// Creates a shadow.
    public init(color: Color, offset: Point, blur: Double) {
        self.color = color
        self.offset = offset
        self.blur = blur
    }
}

/// The outline of a shape, in absolute poster coordinates.
public enum ShapeGeometry: Sendable, Hashable {
    /// A rectangle, with rounded corners when the radius is positive.
    case rect(Rect, cornerRadius: Double)
    /// The ellipse inscribed in a rectangle (a circle when it is square).
    case ellipse(Rect)
    /// A straight line.
    case line(from: Point, to: Point)

    /// The bounding box of the geometry.
    public var bounds: Rect {
        switch self {
        case .rect(let rect, _), .ellipse(let rect): rect
        case .line(let from, let to):
            Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
        }
    }
}

/// How an image fills its frame.
public enum ImageFit: String, Sendable, Hashable, CaseIterable {
    /// Scale to cover the frame, cropping the overflow.
    case cover
    /// Scale to fit inside the frame, leaving bands.
    case contain
    /// Stretch to the frame exactly.
    case fill
}
