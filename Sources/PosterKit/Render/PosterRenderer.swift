import Foundation
import NMTIDomain
import PosterGraphics
import PosterFiles
import PosterLinks

/// Renders results into posters: bind, lay out, draw, encode.
///
/// Safe to call from several threads at once: each call is run by a worker with
/// its own Pango context and canvas, and themes are immutable. At most `workerCount`
/// workers ever exist; callers beyond that wait their turn, so memory stays flat
/// however many threads call.
public final class PosterRenderer: Sendable {
    let pool: WorkerPool
    /// How `render` encodes posters (PNG at `balanced` unless given).
    public let encoder: any PosterEncoder
    /// How the links on posters are printed (unsigned `nmti://` unless given).
    public let links: LinkStyle

    /// The default number of workers: one per active processor core.
    public static var defaultWorkerCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Creates a renderer over the pinned fonts that encodes with `encoder`, with at
    /// most `workers` render workers (default: the core count); fails with a message
    /// naming the package to install when a font is missing.
    public convenience init(
        encoder: any PosterEncoder = PNG(), workers: Int = PosterRenderer.defaultWorkerCount, links: LinkStyle = .scheme
    ) throws(RenderError) {
        try self.init(fonts: PosterFonts.library(), encoder: encoder, workers: workers, links: links)
    }

    /// Creates a renderer over the pinned fonts whose PNGs use one of the named
    /// compression settings, with at most `workers` render workers.
    public convenience init(
        compression: PosterCompression, workers: Int = PosterRenderer.defaultWorkerCount, links: LinkStyle = .scheme
    ) throws(RenderError) {
        try self.init(encoder: PNG(compression: compression), workers: workers, links: links)
    }

    /// Creates a renderer over a given font library (tests and the benchmark load
    /// their own); `layoutCache` bounds each worker's cache of laid-out texts
    /// (0 lays every text out afresh, as the benchmark's cold rows do).
    package init(
        fonts: FontLibrary, encoder: any PosterEncoder = PNG(), workers: Int = PosterRenderer.defaultWorkerCount,
        links: LinkStyle = .scheme, layoutCache: Int = LayoutCache.defaultCapacity
    ) {
        self.encoder = encoder
        self.links = links
        pool = WorkerPool(capacity: workers, fonts: fonts, layoutCapacity: layoutCache)
    }

    /// The most render workers this renderer holds at once.
    public var workerCount: Int { pool.capacity }

    /// How many workers have been made so far (never more than `workerCount`).
    package var workersMade: Int { pool.resourcesMade }

    /// Renders one result with a theme into an encoded poster, with the renderer's encoder.
    public func render(_ result: QuizResult, theme: Theme) throws(RenderError) -> RenderedPoster {
        try render(result, theme: theme, encoder: encoder)
    }

    /// Renders one result with a theme and encodes it with `encoder`. The encoding
    /// runs on the worker too, so at most `workerCount` rasters exist however many call.
    public func render(_ result: QuizResult, theme: Theme, encoder: any PosterEncoder) throws(RenderError) -> RenderedPoster {
        try pool.withWorker { worker throws(RenderError) in
            let list = try Self.layout(theme: theme, values: theme.bind(ResolvedResult(result), links: self.links), shaper: worker.shaper).list
            let raster = try Self.draw(list, theme: theme, canvas: worker.canvas)
            let bytes = try encoder.encode(raster)
            return RenderedPoster(bytes: bytes, fileExtension: encoder.fileExtension, mediaType: encoder.mediaType,
                                  width: raster.width, height: raster.height, notes: list.notes)
        }
    }

    /// Renders one result with a theme into pixels, without encoding them.
    public func renderRaster(_ result: QuizResult, theme: Theme) throws(RenderError) -> RenderedRaster {
        try pool.withWorker { worker throws(RenderError) in
            let list = try Self.layout(theme: theme, values: theme.bind(ResolvedResult(result), links: self.links), shaper: worker.shaper).list
            return RenderedRaster(raster: try Self.draw(list, theme: theme, canvas: worker.canvas), notes: list.notes)
        }
    }

    /// Lays one result out with a theme: the display list drawing would walk.
    public func layOut(_ result: QuizResult, theme: Theme) throws(RenderError) -> DisplayList {
        try pool.withWorker { worker throws(RenderError) in
            try Self.layout(theme: theme, values: theme.bind(ResolvedResult(result), links: self.links), shaper: worker.shaper).list
        }
    }

    /// Draws a display list laid out with `theme` (whose assets its images name), on any thread.
    public func draw(_ list: DisplayList, theme: Theme) throws(RenderError) -> Raster {
        try pool.withWorker { worker throws(RenderError) in try Self.draw(list, theme: theme, canvas: worker.canvas) }
    }

    /// Renders and writes the poster to `url` through a temporary file and a rename,
    /// so a failed render or write leaves nothing behind.
    @discardableResult
    public func render(_ result: QuizResult, theme: Theme, to url: URL) throws(RenderError) -> RenderedPoster {
        let poster = try render(result, theme: theme)
        do throws(WriteFailure) {
            try AtomicWriter.write(Data(poster.bytes), to: url)
        } catch {
            throw RenderError(.output, error.description, cause: error)
        }
        return poster
    }

    /// Renders and writes the poster as `relative` inside `folder` (see `OutputFolder`: never
    /// outside it, never through a symlink), atomically.
    @discardableResult
    package func render(_ result: QuizResult, theme: Theme, into folder: OutputFolder, as relative: String) throws(RenderError) -> RenderedPoster {
        let poster = try render(result, theme: theme)
        do throws(WriteFailure) {
            try folder.write(Data(poster.bytes), to: relative)
        } catch {
            throw RenderError(.output, error.description, cause: error)
        }
        return poster
    }

    /// The text elements of one render whose colour contrasts too little with what
    /// is drawn behind them (see `ContrastLint`).
    public func contrastFindings(_ result: QuizResult, theme: Theme) throws(RenderError) -> [ContrastFinding] {
        try pool.withWorker { worker throws(RenderError) in
            let values = theme.bind(ResolvedResult(result), links: self.links)
            let (list, context) = try Self.layoutKeepingContext(theme: theme, values: values, shaper: worker.shaper)
            do {
                return try ContrastLint.findings(list, records: context.textRecords, canvas: worker.canvas, assets: { theme.asset($0) })
            } catch {
                throw RenderError(.graphics, "\(theme.name): \(error)")
            }
        }
    }

    /// Runs the stages one by one with a caller-supplied clock, for the benchmark.
    public func measureStages(_ result: QuizResult, theme: Theme, clock: @escaping @Sendable () -> UInt64) throws(RenderError) -> StageTimings {
        let encoder = self.encoder
        return try pool.withWorker { worker throws(RenderError) in
            let start = clock()
            let values = theme.bind(ResolvedResult(result), links: self.links)
            let list = try Self.layout(theme: theme, values: values, shaper: worker.shaper).list
            let laidOut = clock()
            let raster = try Self.draw(list, theme: theme, canvas: worker.canvas)
            let drawn = clock()
            let encoded = try encoder.encode(raster).count
            let end = clock()
            return StageTimings(layout: laidOut - start, draw: drawn - laidOut, encode: end - drawn, bytes: encoded)
        }
    }

    /// Lays a poster out; with `recordingElements`, also every element laid out (for `LayoutDump`).
    static func layout(theme: Theme, values: BindingValues, shaper: TextShaper, recordingElements: Bool = false)
        throws(RenderError) -> (list: DisplayList, elements: [LaidOutElement]?)
    {
        let (list, context) = try layoutKeepingContext(theme: theme, values: values, shaper: shaper,
                                                       recordingElements: recordingElements)
        return (list, context.laidOutElements)
    }

    /// `layout`, and the context it used (which knows each text's element, for the contrast lint).
    static func layoutKeepingContext(theme: Theme, values: BindingValues, shaper: TextShaper, recordingElements: Bool = false)
        throws(RenderError) -> (list: DisplayList, context: LayoutContext)
    {
        let context = LayoutContext(values: values, shaper: shaper, theme: theme)
        if recordingElements { context.laidOutElements = [] }
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
        let list = DisplayList(size: theme.canvasSize, background: theme.background.resolve(values) ?? .white,
                               items: items, notes: context.notes)
        return (list, context)
    }

    static func draw(_ list: DisplayList, theme: Theme, canvas: PosterCanvas) throws(RenderError) -> Raster {
        do {
            return try canvas.draw(list.items, size: list.size, background: list.background, assets: { theme.asset($0) })
        } catch {
            throw RenderError(.graphics, "\(theme.name): \(error)", cause: error)
        }
    }
}

/// A finished, encoded poster.
public struct RenderedPoster: Sendable {
    /// The encoded file's bytes.
    public let bytes: [UInt8]
    /// The file name extension of the encoding, such as "png".
    public let fileExtension: String
    /// The media type of the encoding, such as "image/png".
    public let mediaType: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// What was shrunk, ellipsised or overflowed while fitting the copy.
    public let notes: [FitNote]

    /// The encoded bytes (the same as `bytes`), named for PNG, the default encoding.
    public var png: [UInt8] { bytes }
}

/// A drawn poster before encoding: its pixels and fit notes.
public struct RenderedRaster: Sendable, Hashable {
    /// The pixels.
    public let raster: Raster
    /// What was shrunk, ellipsised or overflowed while fitting the copy.
    public let notes: [FitNote]
}

/// Nanoseconds spent in each stage of one render, and the encoded size.
public struct StageTimings: Sendable {
    /// Binding and layout.
    public let layout: UInt64
    /// Drawing the display list.
    public let draw: UInt64
    /// Encoding the raster with the renderer's encoder.
    public let encode: UInt64
    /// The encoded size in bytes.
    public let bytes: Int
}

/// The pinned fonts every renderer draws with.
public enum PosterFonts {
    /// Loads the process-wide library of the pinned fonts (once); fails with a message
    /// naming the Debian package to install when a font file is missing.
    public static func load() throws(RenderError) {
        _ = try library()
    }

    /// The process-wide font library.
    package static func library() throws(RenderError) -> FontLibrary {
        do throws(GraphicsError) {
            return try FontLibrary.standard()
        } catch {
            throw RenderError(.graphics, error.message, cause: error)
        }
    }
}
