import PosterDisplay
import CCairo
import CRsvg
import Foundation
import Synchronization

/// A parsed SVG document, rasterised on demand at exact device-pixel sizes.
///
/// librsvg handles are not safe to render from two threads at once, so drawing
/// happens inside the raster cache's lock; each size is rasterised once and then reused.
final class SVGDocument {
    let handle: UnsafeMutablePointer<RsvgHandle>
    let name: String
    let intrinsicSize: Size
    /// The size of the SVG source as librsvg parsed it (after any gzip decompression), in bytes.
    let byteCount: Int
    /// What the document's own content costs to draw, as `SVGSafety` counted it.
    let contentCost: SVGContentCost
    /// The font family lists its text asks for (`SVGSafety.requestedFontFamilies`).
    let fontFamilies: [[String]]
    /// The rasters drawn so far, by size, and their bytes; librsvg draws under this lock.
    private let cache = Mutex(RasterCache())

    struct RasterCache {
        var rasters: [Int: ImageSurface] = [:]
        var bytes = 0
    }

    /// Parses SVG data with no base file, so external references (files,
    /// network, XInclude) have nothing to resolve against and are not loaded.
    /// `SVGSafety` checks the document first, on libxml2's own parse, and
    /// returns the bytes librsvg is given: decompressed if the asset was gzip,
    /// so that librsvg parses exactly what was checked.
    init(data: Data, name: String) throws(GraphicsError) {
        let document: [UInt8]
        let contentCost: SVGContentCost
        let fontFamilies: [[String]]
        do {
            (document, contentCost, fontFamilies) = try SVGSafety.inspect([UInt8](data))
        } catch {
            switch error.kind {
            case .malformed: throw GraphicsError(.asset, "\(name): not a valid SVG: \(error.reason)")
            case .unsafe: throw GraphicsError(.asset, "\(name): unsafe SVG: \(error.reason)")
            }
        }
        if !SVGProbe.hasDrawnInProcess { try Self.probe(document, name: name) }
        var error: UnsafeMutablePointer<GError>?
        let parsed: UnsafeMutablePointer<RsvgHandle>? = document.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle = parsed else {
            let reason = error.map { Self.message($0) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw GraphicsError(.asset, "\(name): not a valid SVG: \(reason)")
        }
        var width = 0.0
        var height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var viewBox = RsvgRectangle()
            var hasViewBox: gboolean = 0
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            width = hasViewBox != 0 ? viewBox.width : 100
            height = hasViewBox != 0 ? viewBox.height : 100
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw GraphicsError(.asset, "\(name): SVG has no usable size (width, height or viewBox)")
        }
        let side = Double(ImageAsset.Limits.maximumSide)
        guard width <= side, height <= side else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw GraphicsError(
                .limit, "\(name): SVG declares \(Self.format(width))x\(Self.format(height)) px; the longest side allowed is \(ImageAsset.Limits.maximumSide)")
        }
        self.handle = handle
        self.name = name
        self.intrinsicSize = Size(width: width, height: height)
        byteCount = document.count
        self.contentCost = contentCost
        self.fontFamilies = fontFamilies
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Has a child process parse and draw the checked document first (`SVGProbe`),
    /// so that whatever librsvg would crash or hang on costs an error, not the
    /// process; skipped once this process has drawn an SVG (a forked child could not draw filters then).
    private static func probe(_ document: [UInt8], name: String) throws(GraphicsError) {
        // The pinned fontconfig setup becomes the process default here, before the
        // fork: otherwise a child drawing SVG text would load the system's setup and
        // fonts. Without the pinned fonts nothing renders anyway (that error comes
        // from the renderer), so the probe is skipped.
        guard (try? FontLibrary.standard()) != nil else { return }
        try verdict(SVGProbe.run(document), name: name)
    }

    /// The error, if any, that a probe's outcome costs the asset `name`.
    static func verdict(_ outcome: SVGProbe.Outcome, name: String) throws(GraphicsError) {
        switch outcome {
        case .drawn, .notParsed:
            break  // a parse error is reported, with librsvg's reason, by the parse that follows
        case .notDrawn(let reason):
            throw GraphicsError(.asset, "\(name): could not render SVG: \(reason) (drawing it once at load)")
        case .crashed(let signal) where signal == SIGXCPU:
            throw GraphicsError(.limit, "\(name): unsafe SVG: drawing it once at load used more than \(SVGProbe.cpuSeconds) s of CPU time")
        case .crashed(let signal):
            throw GraphicsError(.asset, "\(name): unsafe SVG: librsvg crashed or ran out of memory drawing it once at load (signal \(signal))")
        case .timedOut, .stalled:
            throw GraphicsError(.limit, "\(name): unsafe SVG: drawing it once at load took more than \(Int(SVGProbe.timeoutSeconds)) s")
        case .unavailable(let code):
            throw GraphicsError(.asset, "\(name): could not start a process to draw the SVG once at load: \(String(cString: strerror(code)))")
        }
    }

    /// The document rendered into exactly `width` x `height` device pixels. librsvg fits
    /// a document into a viewport by its own `preserveAspectRatio` (by default centred,
    /// whole, leaving bands); `stretch` (`fit: "fill"`) instead scales it to the pixels
    /// in each direction, whatever the document says, as a PNG is stretched.
    func raster(width: Int, height: Int, stretch: Bool = false) throws(GraphicsError) -> ImageSurface {
        // The surface handed out is also kept in the cache: both only ever read it.
        nonisolated(unsafe) var drawn: ImageSurface?
        try cache.withLock { (cache: inout RasterCache) throws(GraphicsError) in
            let scaleX = Double(width) / intrinsicSize.width, scaleY = Double(height) / intrinsicSize.height
            // Drawn as before when the aspects agree to a thousandth: rounding a size to
            // whole pixels must not change how an SVG drawn at its own aspect looks.
            let stretches = stretch && abs(scaleX - scaleY) > 0.001 * max(scaleX, scaleY)
            let key = width << 32 | height << 1 | (stretches ? 1 : 0)
            if let cached = cache.rasters[key] {
                drawn = cached
                return
            }
            guard width * height <= ImageAsset.Limits.maximumPixels else {
                throw GraphicsError(
                    .limit, "\(name): drawn at \(width)x\(height) pixels, more than the limit of \(ImageAsset.Limits.maximumPixels)")
            }
            let surface = try ImageSurface(width: width, height: height)
            let context = try CairoContext(surface: surface)
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            if stretches {
                // A viewport of the document's own aspect, stretched by the transformation.
                viewport = RsvgRectangle(x: 0, y: 0, width: intrinsicSize.width, height: intrinsicSize.height)
                cairo_scale(context.handle, scaleX, scaleY)
            }
            var error: UnsafeMutablePointer<GError>?
            SVGProbe.drawnInProcess.store(true, ordering: .releasing)
            if rsvg_handle_render_document(handle, context.handle, &viewport, &error) == 0 {
                let reason = error.map { Self.message($0) } ?? "unknown error"
                if let error { g_error_free(error) }
                throw GraphicsError(.asset, "\(name): could not render SVG: \(reason)")
            }
            try context.check("rsvg_handle_render_document")
            // Each theme draws an asset at a few fixed sizes; the budget only stops a
            // pathological caller from growing the cache without bound.
            let bytes = width * height * 4
            if cache.bytes + bytes <= Self.cacheBudget {
                cache.rasters[key] = surface
                cache.bytes += bytes
            }
            drawn = surface
        }
        guard let drawn else { throw GraphicsError(.asset, "\(name): could not render SVG") }
        return drawn
    }

    /// The most bytes of rasters one document keeps cached.
    package static let cacheBudget = 64 << 20

    /// A GError's message on one line, without libxml2's trailing newline.
    private static func message(_ error: UnsafeMutablePointer<GError>) -> String {
        String(cString: error.pointee.message).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
