import Foundation
import PosterGraphics

/// A labelled grid of rendered posters in one image, so a theme author sees every
/// variant at once. Posters with fit problems get a red frame.
public struct ContactSheet: Sendable {
    /// One poster on the sheet.
    public struct Tile: Sendable {
        /// The caption under the poster.
        public let label: String
        /// The poster's pixels, drawn scaled down (never re-decoded from a file).
        public let raster: Raster
        /// Whether the poster gets a red frame (it has fit problems).
        public let flagged: Bool

        /// Creates a tile.
        public init(label: String, raster: Raster, flagged: Bool) {
            self.label = label
            self.raster = raster
            self.flagged = flagged
        }
    }

    /// The tiles, in reading order.
    public let tiles: [Tile]
    /// Tiles per row.
    public let columns: Int
    /// A heading printed above the grid.
    public let title: String
    /// The width of each poster on the sheet, in points.
    public let tileWidth: Double

    /// Creates a sheet.
    public init(title: String, tileWidth: Double = 150, tiles: [Tile], columns: Int = 8) {
        self.title = title
        self.tileWidth = tileWidth
        self.tiles = tiles
        self.columns = max(1, min(columns, tiles.count))
    }

    /// Lays the sheet out, draws it and encodes it with `encoder`.
    public func render(encoder: any PosterEncoder = PNG()) throws(RenderError) -> [UInt8] {
        try encoder.encode(renderRaster())
    }

    /// Lays the sheet out and draws it.
    public func renderRaster() throws(RenderError) -> Raster {
        let fonts = try PosterFonts.library()
        let gutter = 14.0, labelHeight = 30.0, headerHeight = 44.0
        var items: [DisplayItem] = []
        do {
            let shaper = try TextShaper(library: fonts)
            var assets: [String: ImageAsset] = [:]
            let first = try tiles.first.map { try ImageAsset(raster: $0.raster) }
            let aspect = first.map { $0.intrinsicSize.height / $0.intrinsicSize.width } ?? 16.0 / 9
            let tileHeight = tileWidth * aspect
            let rows = (tiles.count + columns - 1) / columns
            let size = Size(width: gutter + Double(columns) * (tileWidth + gutter),
                            height: headerHeight + Double(rows) * (tileHeight + labelHeight + gutter))
            let heading = shaper.layOut(title, style: TextStyle(family: "Noto Sans CJK SC", weight: 700, size: 18, maxLines: 1),
                                       width: size.width - 2 * gutter)
            items.append(.text(heading, origin: Point(x: gutter, y: 12), color: Color(hex: "#222222")!, stroke: nil, shadow: nil))
            for (index, tile) in tiles.enumerated() {
                let column = index % columns, row = index / columns
                let frame = Rect(x: gutter + Double(column) * (tileWidth + gutter),
                                 y: headerHeight + Double(row) * (tileHeight + labelHeight + gutter),
                                 width: tileWidth, height: tileHeight)
                let asset = try ImageAsset(raster: tile.raster)
                items.append(.shape(.rect(frame, cornerRadius: 0), fill: .solid(.white), stroke: nil,
                                    shadow: Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.18), offset: Point(x: 0, y: 2), blur: 4)))
                let id = "tile \(index)"
                assets[id] = asset
                items.append(.image(ImageReference(id: id, intrinsicSize: asset.intrinsicSize), frame: frame, fit: .contain, cornerRadius: 0, circle: false, opacity: 1))
                if tile.flagged {
                    items.append(.shape(.rect(frame, cornerRadius: 0), fill: nil,
                                        stroke: Stroke(paint: .solid(Color(hex: "#E02020")!), width: 3), shadow: nil))
                }
                let label = shaper.layOut(tile.label, style: TextStyle(family: "Noto Sans CJK SC", size: 10, alignment: .center, maxLines: 2),
                                         width: tileWidth)
                items.append(.text(label, origin: Point(x: frame.x, y: frame.maxY + 4),
                                   color: tile.flagged ? Color(hex: "#E02020")! : Color(hex: "#333333")!, stroke: nil, shadow: nil))
            }
            return try PosterCanvas().draw(items, size: size, background: Color(hex: "#EDEDED")!, assets: { assets[$0] })
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.graphics, "contact sheet: \(error)", cause: error)
        }
    }
}
