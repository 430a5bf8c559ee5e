import PosterDisplay

/// One drawing instruction of an immutable display list, in absolute poster points.
///
/// Layout produces a display list; drawing only walks it, so what is drawn is
/// exactly what layout measured.
public enum DisplayItem: @unchecked Sendable {
    /// A filled and/or stroked shape with an optional shadow.
    case shape(ShapeGeometry, fill: Paint?, stroke: Stroke?, shadow: Shadow?)
    /// Shaped text whose first line's top-left is `origin`.
    case text(ShapedText, origin: Point, color: Color, stroke: Stroke?, shadow: Shadow?)
    /// An image fitted into a frame, clipped to a rounded rectangle or circle.
    case image(ImageAsset, frame: Rect, fit: ImageFit, cornerRadius: Double, circle: Bool, opacity: Double)
    /// A QR code whose modules snap to whole device pixels.
    case qr(QRMatrix, frame: Rect, foreground: Color, background: Color?, quietZone: Int)
    /// Children drawn with a shared opacity and optional clip; with a tint, in that
    /// one colour, keeping only their shape.
    case group([DisplayItem], opacity: Double, clip: ShapeGeometry?, tint: Color? = nil)

    /// The area the item may paint, ignoring shadows; nil for an empty group.
    public var bounds: Rect? {
        switch self {
        case .shape(let geometry, _, let stroke, _):
            let grow = (stroke?.width ?? 0) / 2
            let box = geometry.bounds
            return Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
        case .text(let text, let origin, _, _, _):
            return Rect(x: origin.x, y: origin.y, width: text.size.width, height: text.size.height)
        case .image(_, let frame, _, _, _, _), .qr(_, let frame, _, _, _):
            return frame
        case .group(let children, _, let clip, _):
            if let clip { return clip.bounds }
            let boxes = children.compactMap(\.bounds)
            guard let first = boxes.first else { return nil }
            return boxes.dropFirst().reduce(first) { union, box in
                let minX = min(union.minX, box.minX)
                let minY = min(union.minY, box.minY)
                return Rect(x: minX, y: minY, width: max(union.maxX, box.maxX) - minX,
                            height: max(union.maxY, box.maxY) - minY)
            }
        }
    }
}
