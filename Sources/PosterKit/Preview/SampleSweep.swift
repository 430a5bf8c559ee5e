import Dispatch
import PosterGraphics
import Synchronization

/// Runs one render job per theme sample on all cores (the renderer's pool bounds how
/// many draw at once) and returns the results in sample order, or the first error.
enum SampleSweep {
    static func map<Job: Sendable, Value: Sendable>(
        _ samples: [Job], _ body: @Sendable (Job) throws(RenderError) -> Value
    ) throws(RenderError) -> [Value] {
        let slots = Mutex<[Value?]>(Array(repeating: nil, count: samples.count))
        let failure = Mutex<RenderError?>(nil)
        DispatchQueue.concurrentPerform(iterations: samples.count) { index in
            if failure.withLock({ $0 != nil }) { return }
            do throws(RenderError) {
                let value = try body(samples[index])
                slots.withLock { $0[index] = value }
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return slots.withLock { $0.compactMap { $0 } }
    }
}

extension Raster {
    /// This raster drawn `width` points wide (twice that in pixels), keeping its aspect:
    /// what a contact sheet shows, a fraction of the memory of the full poster.
    func thumbnail(width: Double) throws(RenderError) -> Raster {
        do {
            let asset = try ImageAsset(raster: self)
            let size = Size(width: width, height: (width * asset.intrinsicSize.height / asset.intrinsicSize.width).rounded())
            let item = DisplayItem.image(ImageReference(id: "poster", intrinsicSize: asset.intrinsicSize),
                                         frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                         fit: .fill, cornerRadius: 0, circle: false, opacity: 1)
            return try PosterCanvas().draw([item], size: size, background: .white, assets: { _ in asset })
        } catch {
            throw RenderError(.graphics, "contact sheet thumbnail: \(error)", cause: error)
        }
    }
}
