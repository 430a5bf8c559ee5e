import Dispatch
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

    /// Runs one request through the pipeline (bind and lay out, then draw, then encode, as
    /// far as `request.stage`) on a worker, waiting for it; the one entry point every
    /// front end uses. Safe from any thread.
    public func run(_ request: RenderRequest) throws(RenderError) -> RenderOutput {
        let defaults = RenderDefaults(encoder: encoder, links: links)
        return try pool.withWorker { worker throws(RenderError) in try Self.perform(request, defaults: defaults, worker: worker) }
    }

    /// Hands one request to a worker and returns at once; `completion` is called on the
    /// worker's thread with the output, so a caller needs no thread of its own while it
    /// waits (the run engine and the service submit this way). `onStart` is told, as a
    /// worker takes the request, how long it waited; when it returns false the request
    /// is not rendered and `completion` gets nil (the service's render deadline).
    package func submit(
        _ request: RenderRequest, onStart: @escaping @Sendable (_ waitedNanoseconds: UInt64) -> Bool = { _ in true },
        completion: @escaping @Sendable (Result<RenderOutput, RenderError>?) -> Void
    ) {
        let defaults = RenderDefaults(encoder: encoder, links: links)
        let submitted = DispatchTime.now().uptimeNanoseconds
        pool.submit({ (worker: inout RenderWorker) throws(RenderError) -> RenderOutput? in
            guard onStart(DispatchTime.now().uptimeNanoseconds &- submitted) else { return nil }
            return try Self.perform(request, defaults: defaults, worker: worker)
        }, completion: { result in
            switch result {
            case .success(let output): completion(output.map { .success($0) })
            case .failure(let error): completion(.failure(error))
            }
        })
    }

    /// Renders one result with a theme into an encoded poster, with the renderer's encoder.
    public func render(_ result: QuizResult, theme: Theme) throws(RenderError) -> RenderedPoster {
        try run(RenderRequest(result, theme: theme)).encodedPoster()
    }

    /// Draws a display list laid out with `theme` (whose assets its images name), on any thread.
    public func draw(_ list: DisplayList, theme: Theme) throws(RenderError) -> Raster {
        try pool.withWorker { worker throws(RenderError) in try Self.draw(list, theme: theme, canvas: worker.canvas) }
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
    static func layoutKeepingContext(
        theme: Theme, values: BindingValues, shaper: TextShaper, recordingElements: Bool = false, recordingQRFits: Bool = false
    ) throws(RenderError) -> (list: DisplayList, context: LayoutContext) {
        let context = LayoutContext(values: values, shaper: shaper, theme: theme)
        if recordingElements { context.laidOutElements = [] }
        if recordingQRFits { context.qrFits = [] }
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
