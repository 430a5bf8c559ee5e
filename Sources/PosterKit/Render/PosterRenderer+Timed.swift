import Foundation
import NMTIDomain
import PosterGraphics

extension PosterRenderer {
    /// Renders like `render(_:theme:)` (the same bytes) and also reports how long
    /// binding, layout and drawing took and how long PNG encoding took, for the
    /// service's duration histograms.
    package func renderTimed(_ result: QuizResult, theme: Theme) throws(RenderError) -> (poster: RenderedPoster, drawNanoseconds: UInt64, encodeNanoseconds: UInt64) {
        try pool.withWorker { worker throws(RenderError) in
            let start = DispatchTime.now().uptimeNanoseconds
            let values = theme.bind(ResolvedResult(result))
            let list = try Self.layout(theme: theme, values: values, shaper: worker.shaper)
            var drawn: UInt64 = 0
            let png: [UInt8]
            do {
                // The same call as `draw(_:theme:values:worker:)`, with a clock between drawing and encoding.
                png = try worker.canvas.draw(list.items, size: list.size, background: list.background, assets: { theme.asset($0) }) { raster in
                    drawn = DispatchTime.now().uptimeNanoseconds
                    return try worker.encoder.encode(
                        argb32Premultiplied: raster.pixels, width: raster.width, height: raster.height, stride: raster.stride)
                }
            } catch {
                throw RenderError(.graphics, "\(theme.name): \(error)")
            }
            let end = DispatchTime.now().uptimeNanoseconds
            let poster = RenderedPoster(png: png, width: theme.pixelSize.width, height: theme.pixelSize.height, notes: list.notes)
            return (poster, drawn - start, end - drawn)
        }
    }
}
