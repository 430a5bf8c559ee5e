import PosterDisplay

/// A poster format: a name, a canvas size in points and the margins an app's own
/// interface covers where the image is shown (`story`'s top and bottom bands).
///
/// A theme declares one layout per format it ships (`formats` in theme.json5); the
/// standard names below always mean the same size, so `--format xhs` gives 1080x1440
/// whatever the theme.
public struct PosterFormat: Sendable, Hashable {
    /// The format's name, as `--format`, `format=` and the theme file spell it.
    public let name: String
    /// The canvas size in points; the image is twice this in pixels.
    public let canvasSize: Size
    /// The margins, in points, where nothing essential may be drawn (text or a QR code).
    public let safeInsets: SafeInsets
    /// Where the format is seen, for `themes list` and the docs.
    public let use: String

    /// Creates a format.
    public init(name: String, canvasSize: Size, safeInsets: SafeInsets = .zero, use: String = "") {
        self.name = name
        self.canvasSize = canvasSize
        self.safeInsets = safeInsets
        self.use = use
    }

    /// The format a theme's top-level `canvas` and `elements` draw, and the default of every front end.
    public static let defaultName = "poster"

    /// The word front ends take for "every format the theme ships" (never a format's name).
    public static let allName = "all"

    /// The standard formats, in the order front ends list them.
    public static let standard: [PosterFormat] = [
        PosterFormat(name: "poster", canvasSize: Size(width: 375, height: 667),
                     use: "the long share poster: WeChat Moments, one image"),
        PosterFormat(name: "xhs", canvasSize: Size(width: 540, height: 720), use: "小红书 note, 3:4"),
        PosterFormat(name: "square", canvasSize: Size(width: 540, height: 540), use: "the Moments grid, 1:1"),
        // 抖音 and 视频号 draw their own interface over about the top 14% and the bottom 20%.
        PosterFormat(name: "story", canvasSize: Size(width: 540, height: 960),
                     safeInsets: SafeInsets(top: 960 * 0.14, bottom: 960 * 0.20),
                     use: "抖音 and 视频号 stories, 9:16; no QR code"),
        PosterFormat(name: "thumb", canvasSize: Size(width: 250, height: 250),
                     use: "WeChat share card, the landing page's first image"),
        PosterFormat(name: "card", canvasSize: Size(width: 600, height: 315), use: "og:image link preview"),
        PosterFormat(name: "mp", canvasSize: Size(width: 250, height: 200), use: "小程序 share card, 5:4"),
    ]

    /// The standard format of that name, if there is one.
    public static func standard(named name: String) -> PosterFormat? {
        standard.first { $0.name == name }
    }

    /// Whether a standard format of this kind carries no QR code (a story cannot be scanned or tapped).
    public var forbidsQRCodes: Bool { name == "story" }

    /// Why `name` cannot name a format, or nil when it can.
    ///
    /// Format names become parts of file names, cache keys and query values, so they are
    /// kept to lower-case ASCII letters, digits and `-`.
    public static func problem(with name: String) -> String? {
        if name == allName { return "'\(allName)' is reserved: it means every format" }
        // Batch output and goldens put a format's files in a folder of its name beside the packs' folders.
        if ["workplace", "student", "sheets"].contains(name) { return "'\(name)' is reserved: it names a folder of the poster format's output" }
        guard (1...32).contains(name.utf8.count) else { return "a format name has 1 to 32 characters" }
        let allowed = name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        guard allowed, name.first != "-" else {
            return "a format name uses lower-case ASCII letters, digits and '-', and starts with a letter or digit"
        }
        return nil
    }
}

/// Margins of a canvas, in points, measured inward from each edge.
public struct SafeInsets: Sendable, Hashable {
    /// From the top edge.
    public var top: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the left edge.
    public var left: Double
    /// From the right edge.
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }

    /// No margins.
    public static let zero = SafeInsets()

    /// Whether every margin is zero.
    public var isZero: Bool { self == .zero }

    /// The part of a `size` canvas inside the margins.
    public func safeRect(in size: Size) -> Rect {
        Rect(x: left, y: top, width: max(0, size.width - left - right), height: max(0, size.height - top - bottom))
    }
}
