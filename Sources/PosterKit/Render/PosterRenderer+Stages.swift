import Dispatch
import NMTIDomain
import PosterGraphics
import PosterLinks

/// The renderer's own encoder and link style, which a request uses unless it names others.
struct RenderDefaults: Sendable {
    let encoder: any PosterEncoder
    let links: LinkStyle
}

extension PosterRenderer {
    /// The pipeline on one worker: bind and lay out, then draw, then encode, stopping
    /// after `request.stage`, keeping what `request.extras` asks for on the way. One
    /// binding and one layout serve every output (the poster, its layout dump, its lint).
    static func perform(_ request: RenderRequest, defaults: RenderDefaults, worker: RenderWorker) throws(RenderError) -> RenderOutput {
        let theme = request.theme, extras = request.extras
        let clock = { DispatchTime.now().uptimeNanoseconds }
        let start = clock()
        let values = theme.bind(ResolvedResult(request.result), links: request.links ?? defaults.links)
        let (list, context) = try layoutKeepingContext(theme: theme, values: values, shaper: worker.shaper(for: theme),
                                                       recordingElements: extras.contains(.layoutDump),
                                                       recordingQRFits: extras.contains(.qrMisfitsLeftOut))
        let laidOut = clock()
        let dump = extras.contains(.layoutDump) ? LayoutDump(theme: theme, elements: context.laidOutElements ?? [], notes: list.notes) : nil
        var findings: [ContrastFinding]?
        if extras.contains(.contrastFindings) {
            do {
                findings = try ContrastLint.findings(list, records: context.textRecords, canvas: worker.canvas, assets: { theme.asset($0) })
            } catch {
                throw RenderError(.graphics, "\(theme.name): \(error)")
            }
        }
        func output(raster: Raster? = nil, poster: RenderedPoster? = nil, drawn: UInt64 = 0, encoded: UInt64 = 0) -> RenderOutput {
            let timings = extras.contains(.timings)
                ? StageTimings(layout: laidOut - start, draw: drawn, encode: encoded, bytes: poster?.bytes.count ?? 0) : nil
            return RenderOutput(displayList: list, raster: raster, poster: poster, layoutDump: dump, contrastFindings: findings, timings: timings)
        }
        guard request.stage > .layout else { return output() }
        let raster = try draw(list, theme: theme, canvas: worker.canvas)
        let drawn = clock()
        guard request.stage > .raster else { return output(raster: raster, drawn: drawn - laidOut) }
        let encoder = request.encoder ?? defaults.encoder
        let bytes = try encoder.encode(raster)
        let poster = RenderedPoster(bytes: bytes, fileExtension: encoder.fileExtension, mediaType: encoder.mediaType,
                                    width: raster.width, height: raster.height, notes: list.notes)
        return output(poster: poster, drawn: drawn - laidOut, encoded: clock() - drawn)
    }
}

extension RenderOutput {
    /// The raster of a request run to `.raster`.
    package func drawnRaster() throws(RenderError) -> Raster {
        guard let raster else { throw RenderError(.graphics, "the render did not stop at the raster") }
        return raster
    }

    /// The encoded poster of a request run to `.encoded`.
    package func encodedPoster() throws(RenderError) -> RenderedPoster {
        guard let poster else { throw RenderError(.graphics, "the render stopped before encoding") }
        return poster
    }
}
