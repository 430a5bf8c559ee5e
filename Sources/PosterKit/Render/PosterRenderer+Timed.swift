import Dispatch
import NMTIDomain
import PosterGraphics
import PosterLinks

extension PosterRenderer {
    /// Renders like `render(_:theme:)` (the same steps, the same bytes) and also reports
    /// how long binding, layout and drawing took and how long encoding took, for the
    /// service's duration histograms.
    /// `links` overrides the renderer's link style for this poster.
    package func renderTimed(_ result: QuizResult, theme: Theme, links: LinkStyle? = nil) throws(RenderError) -> (poster: RenderedPoster, drawNanoseconds: UInt64, encodeNanoseconds: UInt64) {
        let encoder = self.encoder
        let links = links ?? self.links
        return try pool.withWorker { worker throws(RenderError) in
            let start = DispatchTime.now().uptimeNanoseconds
            let list = try Self.layout(theme: theme, values: theme.bind(ResolvedResult(result), links: links), shaper: worker.shaper).list
            let raster = try Self.draw(list, theme: theme, canvas: worker.canvas)
            let drawn = DispatchTime.now().uptimeNanoseconds
            let bytes = try encoder.encode(raster)
            let end = DispatchTime.now().uptimeNanoseconds
            let poster = RenderedPoster(bytes: bytes, fileExtension: encoder.fileExtension, mediaType: encoder.mediaType,
                                        width: raster.width, height: raster.height, notes: list.notes)
            return (poster, drawn - start, end - drawn)
        }
    }
}
