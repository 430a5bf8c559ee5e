import Foundation

/// A clockwise rotation by `degrees` about `center`, in absolute poster points:
/// how a rotated element's display items are turned when drawn.
public struct Rotation: Sendable, Hashable, Codable {
    /// The angle in degrees, clockwise on the poster (y points down).
    public var degrees: Double
    /// The point that stays in place, absolute.
    public var center: Point

    /// Creates a rotation.
    public init(degrees: Double, center: Point) {
        self.degrees = degrees
        self.center = center
    }

    /// The angle in radians, as Cairo's `cairo_rotate` takes it (clockwise in a y-down space).
    public var radians: Double { degrees * .pi / 180 }

    /// Where `point` lands after the rotation.
    public func apply(_ point: Point) -> Point {
        // Whole quarter turns are exact, so a 90° turn reports clean bounds.
        let (sine, cosine) = Self.sineCosine(degrees)
        let dx = point.x - center.x, dy = point.y - center.y
        return Point(x: center.x + dx * cosine - dy * sine, y: center.y + dx * sine + dy * cosine)
    }

    /// The axis-aligned box around `rect` once rotated.
    public func bounds(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    static func sineCosine(_ degrees: Double) -> (Double, Double) {
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        switch (turned + 360).truncatingRemainder(dividingBy: 360) {
        case 0: return (0, 1)
        case 90: return (1, 0)
        case 180: return (0, -1)
        case 270: return (-1, 0)
        default:
            let radians = turned * .pi / 180
            return (sin(radians), cos(radians))
        }
    }
}

/// How an item's colours combine with what is already drawn under it.
public enum BlendMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Painted over (source over destination).
    case normal
    /// Multiplied with what is under it: white vanishes, colours darken like ink on paper.
    case multiply
    /// The inverse of multiply: black vanishes, colours lighten like light on a screen.
    case screen
}
