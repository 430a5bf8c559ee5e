import Foundation
import PosterGraphics

/// The debug boxes of `render --debug`, `preview --debug` and `studio`: every element's
/// box and label, each text's baselines, each QR code as drawn (not its box) and the
/// format's safe zones, drawn over a finished poster.
///
/// The overlay is made only from a `LayoutDump` (plain values) and drawn after the
/// poster, over a copy of its pixels, so the poster itself is drawn exactly as without it.
public struct DebugOverlay: Sendable {
    /// The layout the boxes show.
    public let dump: LayoutDump
    /// The format's margins an app's interface covers (`story`), shaded; zero draws none.
    public let safeInsets: SafeInsets

    /// Creates an overlay of `dump` with the safe zones of `safeInsets`.
    public init(dump: LayoutDump, safeInsets: SafeInsets = .zero) {
        self.dump = dump
        self.safeInsets = safeInsets
    }

    /// An overlay of `dump` with the safe zones of the format `theme` draws.
    public init(dump: LayoutDump, theme: Theme) {
        self.init(dump: dump, safeInsets: theme.layout.format.safeInsets)
    }

    /// Box colours by element type; containers are dashed.
    static func colour(of type: String) -> Color {
        switch type {
        case "text": Color(hex: "#E91E63")!
        case "image": Color(hex: "#1E88E5")!
        case "shape": Color(hex: "#FB8C00")!
        case "qr": Color(hex: "#43A047")!
        case "dimensions": Color(hex: "#00897B")!
        default: Color(hex: "#8E24AA")!
        }
    }

    /// The poster's pixels with the boxes drawn over them (same size).
    public func draw(over poster: Raster) throws(RenderError) -> Raster {
        do {
            let shaper = try TextShaper(library: try PosterFonts.library())
            let asset = try ImageAsset(raster: poster)
            let size = asset.intrinsicSize
            var items: [DisplayItem] = [
                .image(ImageReference(id: "poster", intrinsicSize: size), frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                       fit: .fill, cornerRadius: 0, circle: false, opacity: 1),
            ]
            items += safeZoneItems(size: size, shaper: shaper)
            for element in dump.elements { items += elementItems(element, shaper: shaper) }
            return try PosterCanvas().draw(items, size: size, background: .clear, assets: { _ in asset })
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.graphics, "debug overlay: \(error)", cause: error)
        }
    }

    /// The poster with the boxes drawn over it, encoded with `encoder`, carrying the poster's fit notes.
    public func poster(over raster: Raster, notes: [FitNote] = [], encoder: any PosterEncoder = PNG()) throws(RenderError) -> RenderedPoster {
        let drawn = try draw(over: raster)
        return RenderedPoster(bytes: try encoder.encode(drawn), fileExtension: encoder.fileExtension, mediaType: encoder.mediaType,
                              width: drawn.width, height: drawn.height, notes: notes)
    }

    /// Translucent bands with a dashed edge where the app's interface covers the canvas.
    private func safeZoneItems(size: Size, shaper: TextShaper) -> [DisplayItem] {
        guard !safeInsets.isZero else { return [] }
        let red = Color(hex: "#FF1744")!
        let band = Paint.solid(Color(red: 1, green: 0.09, blue: 0.27, alpha: 0.16))
        let edge = Stroke(paint: .solid(red), width: 1, dash: [4, 3])
        let safe = safeInsets.safeRect(in: size)
        var items: [DisplayItem] = []
        let bands = [
            Rect(x: 0, y: 0, width: size.width, height: safeInsets.top),
            Rect(x: 0, y: safe.maxY, width: size.width, height: safeInsets.bottom),
            Rect(x: 0, y: safe.minY, width: safeInsets.left, height: safe.height),
            Rect(x: safe.maxX, y: safe.minY, width: safeInsets.right, height: safe.height),
        ]
        for rect in bands where rect.width > 0 && rect.height > 0 {
            items.append(.shape(.rect(rect, cornerRadius: 0), fill: band, stroke: nil, shadow: nil))
        }
        items.append(.shape(.rect(safe, cornerRadius: 0), fill: nil, stroke: edge, shadow: nil))
        items += label("safe zone: nothing essential outside", at: Point(x: safe.minX + 2, y: safe.minY + 2), colour: red, shaper: shaper)
        return items
    }

    /// One element's box, label, baselines and drawn QR code.
    private func elementItems(_ element: LayoutDump.Element, shaper: TextShaper) -> [DisplayItem] {
        guard let bounds = element.bounds else { return [] }
        let colour = Self.colour(of: element.type)
        let container = ["stack", "group", "row"].contains(element.type)
        var items: [DisplayItem] = [
            .shape(.rect(bounds, cornerRadius: 0), fill: nil,
                   stroke: Stroke(paint: .solid(colour), width: 0.5, dash: container ? [3, 2] : []), shadow: nil),
        ]
        let baseline = Color(hex: "#00B8D4")!
        for line in element.lines ?? [] {
            items.append(.shape(.line(from: Point(x: line.x, y: line.y), to: Point(x: line.x + max(line.width, 1), y: line.y)),
                                fill: nil, stroke: Stroke(paint: .solid(baseline), width: 0.5), shadow: nil))
        }
        if let qr = element.qr {
            let green = Color(hex: "#00C853")!
            items.append(.shape(.rect(qr.drawn, cornerRadius: 0), fill: nil, stroke: Stroke(paint: .solid(green), width: 1), shadow: nil))
            let text = "QR v\(qr.version) \(qr.correction) · \(qr.modulePixels) px modules"
            items += label(text, at: Point(x: qr.drawn.minX + 1, y: qr.drawn.maxY - 9), colour: green, shaper: shaper)
        }
        items += label(element.label, at: Point(x: bounds.minX, y: max(0, bounds.minY - (bounds.minY >= 8 ? 8 : 0))),
                       colour: colour, shaper: shaper)
        return items
    }

    /// A small white label on a pill of `colour`, its top-left corner at `point`.
    private func label(_ text: String, at point: Point, colour: Color, shaper: TextShaper) -> [DisplayItem] {
        let style = TextStyle(family: "Noto Sans CJK SC", weight: 500, size: 5.5, maxLines: 1)
        let laidOut = shaper.layOut(text, style: style, width: 160)
        let width = laidOut.lines.map(\.width).max() ?? 0
        let pill = Rect(x: point.x, y: point.y, width: width + 3, height: 8)
        var fill = colour
        fill.alpha = 0.85
        return [
            .shape(.rect(pill, cornerRadius: 1.5), fill: .solid(fill), stroke: nil, shadow: nil),
            .text(laidOut, origin: Point(x: point.x + 1.5, y: point.y + 0.2), color: .white, stroke: nil, shadow: nil),
        ]
    }
}
