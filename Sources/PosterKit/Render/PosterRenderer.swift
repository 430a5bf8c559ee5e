import Foundation
import NMTIDomain
import PosterGraphics

/// How hard poster PNGs are compressed: `fast`, `balanced` (the default) or `smallest`.
public typealias PosterCompression = PNGCompression

/// Renders results into posters: bind, lay out, draw, encode.
///
/// Safe to call from several threads at once: each call borrows a worker with
/// its own Pango context and canvas, and themes are immutable.
public final class PosterRenderer: Sendable {
    private let pool: WorkerPool

    /// Creates a renderer over the pinned fonts; fails with a message naming the
    /// package to install when a font is missing.
    public init(fonts: FontLibrary? = nil, encoder: PNGEncoder = PNGEncoder()) throws(RenderError) {
        let library: FontLibrary
        if let fonts {
            library = fonts
        } else {
            do throws(GraphicsError) {
                library = try FontLibrary.standard()
            } catch {
                throw RenderError(.graphics, error.message)
            }
        }
        pool = WorkerPool { () throws(GraphicsError) in try RenderWorker(fonts: library, encoder: encoder) }
    }

    /// Creates a renderer over the pinned fonts whose PNGs use one of the named
    /// compression settings.
    public convenience init(compression: PosterCompression) throws(RenderError) {
        try self.init(encoder: PNGEncoder(compression))
    }

    /// Renders one result with a theme into PNG bytes.
    public func render(_ result: QuizResult, theme: Theme) throws(RenderError) -> RenderedPoster {
        try pool.withWorker { worker throws(RenderError) in
            let values = theme.bind(ResolvedResult(result))
            let list = try Self.layout(theme: theme, values: values, shaper: worker.shaper)
            let png = try Self.draw(list, theme: theme, values: values, worker: worker)
            return RenderedPoster(png: png, width: theme.pixelSize.width, height: theme.pixelSize.height, notes: list.notes)
        }
    }

    /// Renders and writes the PNG to `url` through a temporary file and a rename,
    /// so a failed render or write leaves nothing behind.
    @discardableResult
    public func render(_ result: QuizResult, theme: Theme, to url: URL) throws(RenderError) -> RenderedPoster {
        let poster = try render(result, theme: theme)
        try AtomicFile.write(Data(poster.png), to: url)
        return poster
    }

    /// Renders and writes the PNG as `relative` inside `folder` (see `OutputFolder`: never
    /// outside it, never through a symlink), atomically.
    @discardableResult
    public func render(_ result: QuizResult, theme: Theme, into folder: OutputFolder, as relative: String) throws(RenderError) -> RenderedPoster {
        let poster = try render(result, theme: theme)
        do throws(WriteFailure) {
            try folder.write(Data(poster.png), to: relative)
        } catch {
            throw RenderError(.output, error.description)
        }
        return poster
    }

    /// Runs the stages one by one with a caller-supplied clock, for the benchmark.
    public func measureStages(_ result: QuizResult, theme: Theme, clock: () -> UInt64) throws(RenderError) -> StageTimings {
        try pool.withWorker { worker throws(RenderError) in
            let start = clock()
            let values = theme.bind(ResolvedResult(result))
            let list = try Self.layout(theme: theme, values: values, shaper: worker.shaper)
            let laidOut = clock()
            var encoded = 0
            var drawn: UInt64 = 0
            do {
                try worker.canvas.draw(list.items, size: list.size, background: list.background,
                                   assets: { theme.asset($0) }) { raster in
                    drawn = clock()
                    encoded = try worker.encoder.encode(
                        argb32Premultiplied: raster.pixels, width: raster.width, height: raster.height, stride: raster.stride).count
                }
            } catch {
                throw RenderError(.graphics, "\(theme.name): \(error)")
            }
            let end = clock()
            return StageTimings(layout: laidOut - start, draw: drawn - laidOut, encode: end - drawn, bytes: encoded)
        }
    }

    static func layout(theme: Theme, values: BindingValues, shaper: TextShaper) throws(RenderError) -> DisplayList {
        let context = LayoutContext(values: values, shaper: shaper, theme: theme)
        var items: [DisplayItem] = []
        let canvas = Rect(x: 0, y: 0, width: theme.canvasSize.width, height: theme.canvasSize.height)
        for node in theme.elements {
            guard let layout = try context.layout(node, parentOrigin: .zero, parentWidth: theme.canvasSize.width) else { continue }
            for item in layout.items {
                if let bounds = item.bounds, !canvas.contains(bounds) {
                    context.note(.outsideCanvas, element: node.label, detail: "draws at x \(Int(bounds.minX))...\(Int(bounds.maxX)), y \(Int(bounds.minY))...\(Int(bounds.maxY))")
                }
            }
            items += layout.items
        }
        return DisplayList(size: theme.canvasSize, background: theme.background.resolve(values) ?? .white,
                           items: items, notes: context.notes)
    }

    static func draw(_ list: DisplayList, theme: Theme, values: BindingValues, worker: RenderWorker) throws(RenderError) -> [UInt8] {
        do {
            return try worker.canvas.draw(list.items, size: list.size, background: list.background,
                                          assets: { theme.asset($0) }) { raster in
                try worker.encoder.encode(
                    argb32Premultiplied: raster.pixels, width: raster.width, height: raster.height, stride: raster.stride)
            }
        } catch {
            throw RenderError(.graphics, "\(theme.name): \(error)")
        }
    }
}

/// A finished poster.
public struct RenderedPoster: Sendable {
    /// The PNG file's bytes.
    public let png: [UInt8]
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// What was shrunk, ellipsised or overflowed while fitting the copy.
    public let notes: [FitNote]
}

/// Nanoseconds spent in each stage of one render, and the PNG size.
public struct StageTimings: Sendable {
    public let layout: UInt64
    public let draw: UInt64
    public let encode: UInt64
    public let bytes: Int
}

/// The pinned fonts, for callers that draw outside a poster render (contact sheets).
public enum PosterGraphicsFonts {
    /// The process-wide font library.
    public static func standard() throws(RenderError) -> FontLibrary {
        do throws(GraphicsError) {
            return try FontLibrary.standard()
        } catch {
            throw RenderError(.graphics, error.message)
        }
    }
}
