import PosterGraphics

extension LayoutContext {
    /// Notes every text and QR code of a leaf element that reaches into the format's
    /// safe-area margins (`PosterFormat.safeInsets`: the bands a story app draws its own
    /// buttons over). Backgrounds, shapes and images may bleed there; what must be read
    /// or scanned may not. Named by the element's JSON path, so a report points into the file.
    func checkSafeArea(_ items: [DisplayItem]) {
        let format = theme.layout.format
        guard !format.safeInsets.isZero else { return }
        let safe = format.safeInsets.safeRect(in: format.canvasSize)
        for bounds in Self.essentialBounds(items) where !safe.contains(bounds) {
            note(.outsideSafeArea, element: currentPath, detail: "draws at y \(Self.whole(bounds.minY))...\(Self.whole(bounds.maxY)), x \(Self.whole(bounds.minX))...\(Self.whole(bounds.maxX)); the \(format.name) format keeps text and QR codes within y \(Self.whole(safe.minY))...\(Self.whole(safe.maxY)), x \(Self.whole(safe.minX))...\(Self.whole(safe.maxX))")
            return
        }
    }

    /// The bounds of each text and QR code among `items`, looking into groups.
    static func essentialBounds(_ items: [DisplayItem]) -> [Rect] {
        items.flatMap { item -> [Rect] in
            switch item {
            case .text, .qr: item.bounds.map { [$0] } ?? []
            case .group(let children, _, _, _, let rotation, _):
                // A turned group's text is where the turned box is (`bounds` accounts for the turn).
                rotation == nil ? essentialBounds(children)
                    : essentialBounds(children).isEmpty ? [] : item.bounds.map { [$0] } ?? []
            case .shape, .image: []
            }
        }
    }

    private static func whole(_ value: Double) -> Int { Int(value.rounded()) }
}
