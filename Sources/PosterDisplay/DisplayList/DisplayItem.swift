/// One drawing instruction of an immutable display list, in absolute poster points.
///
/// Layout produces a display list; drawing only walks it, so what is drawn is
/// exactly what layout measured. Every case holds plain values (glyph runs, asset
/// ids, QR modules), so a list is `Sendable`, comparable and drawable on any thread.
public enum DisplayItem: Sendable, Hashable {
    /// A filled and/or stroked shape with an optional shadow.
    case shape(ShapeGeometry, fill: Paint?, stroke: Stroke?, shadow: Shadow?)
    /// Laid-out text whose top-left corner is `origin`.
    case text(LaidOutText, origin: Point, color: Color, stroke: Stroke?, shadow: Shadow?)
    /// An image asset fitted into a frame, clipped to a rounded rectangle or circle.
    case image(ImageReference, frame: Rect, fit: ImageFit, cornerRadius: Double, circle: Bool, opacity: Double)
    /// A QR code fitted into its box with modules of whole device pixels; the
    /// background, if any, fills the whole box.
    case qr(QRPlacement, foreground: Color, background: Color?)
    /// Children drawn with a shared opacity and optional clip; with a tint, in that
    /// one colour, keeping only their shape; turned by `rotation` (the clip turns
    /// with them) and composited onto what is under them with `blend`.
    case group([DisplayItem], opacity: Double, clip: ShapeGeometry?, tint: Color? = nil,
               rotation: Rotation? = nil, blend: BlendMode = .normal)

    /// The area the item may paint, ignoring shadows; nil for an empty group. A
    /// rotated group's is the axis-aligned box around its turned content.
    public var bounds: Rect? {
        switch self {
        case .shape(let geometry, _, let stroke, _):
            let grow = (stroke?.width ?? 0) / 2
            let box = geometry.bounds
            return Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
        case .text(let text, let origin, _, _, _):
            return Rect(x: origin.x, y: origin.y, width: text.size.width, height: text.size.height)
        case .image(_, let frame, _, _, _, _):
            return frame
        case .qr(let placement, _, _):
            return placement.box
        case .group(let children, _, let clip, _, let rotation, _):
            let inner: Rect
            if let clip {
                inner = clip.bounds
            } else {
                let boxes = children.compactMap(\.bounds)
                guard let first = boxes.first else { return nil }
                inner = boxes.dropFirst().reduce(first) { union, box in
                    let minX = min(union.minX, box.minX)
                    let minY = min(union.minY, box.minY)
                    return Rect(x: minX, y: minY, width: max(union.maxX, box.maxX) - minX,
                                height: max(union.maxY, box.maxY) - minY)
                }
            }
            return rotation.map { $0.bounds(of: inner) } ?? inner
        }
    }
}

/// An image the display list draws, named by id: the drawing side looks the
/// decoded pixels up in its asset table (a theme's assets by path).
public struct ImageReference: Sendable, Hashable, Codable {
    /// The asset's id: for a theme asset, its path in the theme folder, such as "art/cat.png".
    public var id: String
    /// The natural size in points, which layout fits into a frame.
    public var intrinsicSize: Size

    /// Creates a reference.
    public init(id: String, intrinsicSize: Size) {
        self.id = id
        self.intrinsicSize = intrinsicSize
    }
}
