import PosterGraphics

/// One thread's reusable render state: a Pango shaper and a raster canvas.
final class RenderWorker {
    let shaper: TextShaper
    let canvas = PosterCanvas()

    init(fonts: FontLibrary, layoutCapacity: Int) throws(GraphicsError) {
        shaper = try TextShaper(library: fonts, layoutCapacity: layoutCapacity)
    }
}

/// The renderer's workers: at most a bound of them, each on its own thread, so that
/// renders never share Pango or Cairo state and memory does not grow with the number
/// of callers (callers beyond the bound wait for a worker).
typealias WorkerPool = BoundedPool<RenderWorker>

extension BoundedPool where Resource == RenderWorker {
    /// A pool of at most `capacity` workers over `fonts`, each caching up to
    /// `layoutCapacity` laid-out texts per generation (see `LayoutCache`).
    convenience init(capacity: Int, fonts: FontLibrary, layoutCapacity: Int) {
        self.init(capacity: capacity) { () throws(RenderError) in
            do throws(GraphicsError) {
                return try RenderWorker(fonts: fonts, layoutCapacity: layoutCapacity)
            } catch {
                throw RenderError(.graphics, error.message, cause: error)
            }
        }
    }

    /// Runs `body` with a worker no other thread is using.
    func withWorker<R: Sendable>(_ body: @escaping @Sendable (RenderWorker) throws(RenderError) -> R) throws(RenderError) -> R {
        try withResource { (worker: inout RenderWorker) throws(RenderError) -> R in try body(worker) }
    }
}
