import Foundation
import NMTIDomain

/// Renders a set of previews (every variant of a theme, or one result in every
/// theme) and collects what did not fit: a theme lint.
public struct PreviewRun: Sendable {
    /// One rendered preview and its fit notes.
    public struct Variant: Sendable {
        /// What the sheet prints under it: the variant, or the theme's name (and format, when not the poster).
        public let label: String
        /// The drawn poster (a sheet tile when the run was asked for thumbnails).
        public let raster: Raster
        /// What was shrunk, ellipsised, shortened, overflowed or drawn off the canvas.
        public let notes: [FitNote]
    }

    /// The previews, in sheet order.
    public let variants: [Variant]

    /// Whether any variant overflowed or drew outside the canvas or its format's safe area.
    public var hasProblems: Bool { variants.contains { $0.notes.contains(where: \.isProblem) } }

    /// The fit report: one line per note, prefixed by the variant; empty when everything fits as designed.
    public var report: [String] {
        variants.flatMap { variant in variant.notes.map { "\(variant.label): \($0)" } }
    }

    /// Renders every sample of one theme (`Theme.samples`: the 32 variants, and for a pair
    /// theme the 512 ordered pairs too), on all cores. With `thumbnailWidth`, each poster is
    /// kept only as a sheet tile that many points wide, so 544 posters fit in memory.
    /// With `debug`, each poster carries the debug boxes (`DebugOverlay`).
    public static func catalogue(
        of theme: Theme, renderer: PosterRenderer, thumbnailWidth: Double? = nil, debug: Bool = false
    ) throws(RenderError) -> PreviewRun {
        let variants = try SampleSweep.map(theme.samples) { sample throws(RenderError) in
            let output = try renderer.run(RenderRequest(sample.result, theme: theme, through: .raster, extras: debug ? .layoutDump : []))
            var raster = try output.debugRaster(theme: theme, debug: debug)
            if let thumbnailWidth { raster = try raster.thumbnail(width: thumbnailWidth) }
            return Variant(label: sample.label, raster: raster, notes: output.notes)
        }
        return PreviewRun(variants: variants)
    }

    /// Renders one result in each of several themes, each labelled `Theme.formatLabel`.
    /// With `debug`, each poster carries the debug boxes (`DebugOverlay`).
    public static func result(_ result: QuizResult, in themes: [Theme], renderer: PosterRenderer, debug: Bool = false) throws(RenderError) -> PreviewRun {
        var variants: [Variant] = []
        for theme in themes {
            let output = try renderer.run(RenderRequest(result, theme: theme, through: .raster, extras: debug ? .layoutDump : []))
            variants.append(Variant(label: theme.formatLabel, raster: try output.debugRaster(theme: theme, debug: debug), notes: output.notes))
        }
        return PreviewRun(variants: variants)
    }

    /// The contact sheet of this run.
    public func sheet(title: String, columns: Int = 8, tileWidth: Double = 150) -> ContactSheet {
        ContactSheet(title: title, tileWidth: tileWidth, tiles: variants.map {
            ContactSheet.Tile(label: $0.label, raster: $0.raster, flagged: $0.notes.contains(where: \.isProblem))
        }, columns: columns)
    }
}

extension RenderOutput {
    /// The drawn raster, with the debug boxes over it when `debug` (the output must hold its layout dump).
    func debugRaster(theme: Theme, debug: Bool) throws(RenderError) -> Raster {
        let raster = try drawnRaster()
        guard debug, let layoutDump else { return raster }
        return try DebugOverlay(dump: layoutDump, theme: theme).draw(over: raster)
    }
}
