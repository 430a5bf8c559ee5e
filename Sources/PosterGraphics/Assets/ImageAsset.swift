import PosterDisplay
import CCairo
import Foundation
import PosterPNG

/// A decoded PNG or parsed SVG asset, loaded once and drawn by many renders.
///
/// Safe to share between threads: PNG pixels are read-only after decoding and
/// SVG rasterisation is serialised by a lock around its cache.
package final class ImageAsset: @unchecked Sendable {
    /// The kind of file the asset came from.
    package enum Format: String, Sendable { case png, svg }

    /// Limits that keep a hostile asset from exhausting memory or time.
    package enum Limits {
        /// The largest asset file, in bytes.
        package static let maximumBytes = 8 * 1024 * 1024
        /// The most pixels a decoded image may have.
        package static let maximumPixels = 16_000_000
        /// The longest side of a decoded image, in pixels.
        package static let maximumSide = 8192
    }

    /// The file format.
    package let format: Format
    /// The natural size in points (PNG pixels count as device pixels, so half as many points).
    package let intrinsicSize: Size
    /// Roughly the memory the decoded asset holds: 4 bytes per PNG pixel, the (decompressed) document size for an SVG.
    package let decodedBytes: Int
    let raster: ImageSurface?
    let svg: SVGDocument?

    /// What an SVG asset's content costs to draw per raster pixel, counted at decode; nil for a PNG.
    package var svgContentCost: SVGContentCost? { svg?.contentCost }
    /// The font families an SVG's text asks for where no family of the list is pinned
    /// (the first of each such list): librsvg draws that text in whichever pinned font
    /// fontconfig matches instead. Empty for a PNG.
    package var unpinnedFontFamilies: [String] {
        // fontconfig matches family names without regard to case.
        let pinned = Set(PinnedFont.standard.map { $0.family.lowercased() })
        return (svg?.fontFamilies ?? []).filter { !$0.contains { pinned.contains($0.lowercased()) } }.compactMap(\.first)
    }
    /// The most bytes of rasters one SVG asset keeps cached: sizes drawn beyond it are rasterised at every draw.
    package static var svgRasterCacheBytes: Int { SVGDocument.cacheBudget }

    init(raster: ImageSurface) {
        format = .png
        intrinsicSize = Size(width: Double(raster.width) / 2, height: Double(raster.height) / 2)
        self.raster = raster
        self.svg = nil
        decodedBytes = raster.width * raster.height * 4
    }

    init(svg: SVGDocument) {
        format = .svg
        intrinsicSize = svg.intrinsicSize
        self.raster = nil
        self.svg = svg
        decodedBytes = svg.byteCount
    }

    /// Decodes an asset, choosing PNG or SVG from its first bytes; `name` is used in errors.
    package static func decode(_ data: Data, name: String) throws(GraphicsError) -> ImageAsset {
        guard data.count <= Limits.maximumBytes else {
            throw GraphicsError(.limit, "\(name): \(data.count) bytes; the limit for an asset is \(Limits.maximumBytes)")
        }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return ImageAsset(raster: try PNGAssetDecoder.decode(data, name: name))
        }
        if looksLikeSVG(data) {
            return ImageAsset(svg: try SVGDocument(data: data, name: name))
        }
        throw GraphicsError(.asset, "\(name): not a PNG or SVG file")
    }

    /// Whether librsvg would take `data` for an SVG: gzip (which it decompresses),
    /// UTF-16 (by byte-order mark or by a zero byte beside the first `<`), or
    /// ASCII-compatible text mentioning `<svg` or `<?xml` early on. Everything
    /// chosen here goes through `SVGSafety`, which decides on libxml2's parse.
    static func looksLikeSVG(_ data: Data) -> Bool {
        let start = [UInt8](data.prefix(4))
        if start.starts(with: SVGSafety.gzipMagic) { return true }
        if start.starts(with: [0xFE, 0xFF]) || start.starts(with: [0xFF, 0xFE]) { return true }
        if start.starts(with: [0x00, 0x3C]) || start.starts(with: [0x3C, 0x00]) { return true }
        let head = String(decoding: data.prefix(512), as: UTF8.self)
        return head.contains("<svg") || head.contains("<?xml")
    }
}

/// Reads PNG assets into premultiplied Cairo surfaces, checking the header before decoding.
enum PNGAssetDecoder {
    static func decode(_ data: Data, name: String) throws(GraphicsError) -> ImageSurface {
        let image: DecodedImage
        do {
            image = try PNGDecoder(maxPixels: ImageAsset.Limits.maximumPixels).decode(Array(data))
        } catch {
            throw GraphicsError(.asset, "\(name): \(error)")
        }
        guard image.width <= ImageAsset.Limits.maximumSide, image.height <= ImageAsset.Limits.maximumSide else {
            throw GraphicsError(.limit, "\(name): \(image.width)x\(image.height) pixels; the longest side allowed is \(ImageAsset.Limits.maximumSide)")
        }
        let surface = try ImageSurface(width: image.width, height: image.height)
        surface.withMutablePixels { pixels in
            let stride = surface.stride
            image.rgba.withUnsafeBufferPointer { rgba in
                for row in 0..<image.height {
                    let line = pixels.baseAddress!.advanced(by: row * stride).assumingMemoryBound(to: UInt32.self)
                    for column in 0..<image.width {
                        let source = (row * image.width + column) * 4
                        let alpha = UInt32(rgba[source + 3])
                        func premultiply(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                        line[column] = alpha << 24 | premultiply(rgba[source]) << 16
                            | premultiply(rgba[source + 1]) << 8 | premultiply(rgba[source + 2])
                    }
                }
            }
        }
        return surface
    }
}

extension ImageAsset {
    /// An asset holding a copy of a drawn raster (contact-sheet tiles): no file is decoded.
    package convenience init(raster: Raster) throws(GraphicsError) {
        let surface = try ImageSurface(width: raster.width, height: raster.height)
        surface.withMutablePixels { pixels in
            raster.withUnsafeBytes { source in
                for row in 0..<raster.height {
                    (pixels.baseAddress! + row * surface.stride)
                        .copyMemory(from: source.baseAddress! + row * raster.stride, byteCount: raster.stride)
                }
            }
        }
        self.init(raster: surface)
    }
}
