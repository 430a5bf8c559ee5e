/// A point in poster points (1 pt = 2 device pixels).
public struct Point: Sendable, Hashable, Codable {
    /// Points to the right of the poster's left edge.
    public var x: Double
    /// Points down from the poster's top edge.
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in poster points.
public struct Size: Sendable, Hashable, Codable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in poster points.
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The left edge.
    public var minX: Double { x }
    /// The top edge.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }

    /// The rectangle moved by an offset.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether `other` lies entirely inside this rectangle, allowing a tiny rounding slack.
    public func contains(_ other: Rect, slack: Double = 0.01) -> Bool {
        other.minX >= minX - slack && other.minY >= minY - slack
            && other.maxX <= maxX + slack && other.maxY <= maxY + slack
    }
}

/// An RGBA colour with straight (not premultiplied) components in 0...1.
public struct Color: Sendable, Hashable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ...1 (opaque); not premultiplied.
    public var alpha: Double

    /// Creates a colour from components in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        // Read as bytes: bound colours ("{accent}") are parsed on every render.
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        var bytes = hex.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "#") else { return nil }
        while let byte = bytes.next() {
            // One byte below 0x80 is one ASCII character, so full-width digits never count.
            guard nibbles.count < 8, byte < 0x80, let nibble = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            nibbles.append(UInt8(nibble))
        }
        if nibbles.count == 3 || nibbles.count == 4 { nibbles = nibbles.flatMap { [$0, $0] } }
        guard nibbles.count == 6 || nibbles.count == 8 else { return nil }
        func channel(_ index: Int) -> Double { Double(nibbles[index] << 4 | nibbles[index + 1]) / 255 }
        self.init(red: channel(0), green: channel(2), blue: channel(4), alpha: nibbles.count == 8 ? channel(6) : 1)
    }

    /// The colour with its alpha multiplied by `factor`.
    public func withOpacity(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
