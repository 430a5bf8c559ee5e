import PosterGraphics

/// One thread's reusable render state: a Pango shaper and a raster canvas.
final class RenderWorker {
    let shaper: TextShaper
    let canvas = PosterCanvas()
    private let layoutCapacity: Int
    /// Shapers over the font configurations of themes that ship fonts, most recent last.
    private var themeShapers: [(library: FontLibrary, shaper: TextShaper)] = []
    /// The most theme shapers one worker keeps (each holds a Pango font map and a layout cache).
    static let themeShaperLimit = 4

    init(fonts: FontLibrary, layoutCapacity: Int) throws(GraphicsError) {
        shaper = try TextShaper(library: fonts, layoutCapacity: layoutCapacity)
        self.layoutCapacity = layoutCapacity
    }

    /// The shaper for `theme`: the shared one, or one over the theme's own font
    /// configuration when it ships fonts (made on first use, kept for the next renders).
    func shaper(for theme: Theme) throws(RenderError) -> TextShaper {
        guard let library = theme.fonts.library else { return shaper }
        if let index = themeShapers.firstIndex(where: { $0.library === library }) {
            let entry = themeShapers.remove(at: index)
            themeShapers.append(entry)
            return entry.shaper
        }
        let made: TextShaper
        do throws(GraphicsError) {
            made = try TextShaper(library: library, layoutCapacity: layoutCapacity)
        } catch {
            throw RenderError(.graphics, "\(theme.name): \(error.message)", cause: error)
        }
        if themeShapers.count >= Self.themeShaperLimit { themeShapers.removeFirst() }
        themeShapers.append((library, made))
        return made
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
