import NMTIDomain
@testable import PosterKit

/// The stages one at a time, for tests that look at one: each is one `run` of the
/// staged call, stopped where the test needs it.
extension PosterRenderer {
    func layOut(_ result: QuizResult, theme: Theme) throws(RenderError) -> DisplayList {
        try run(RenderRequest(result, theme: theme, through: .layout)).displayList
    }

    func raster(_ result: QuizResult, theme: Theme) throws(RenderError) -> Raster {
        try run(RenderRequest(result, theme: theme, through: .raster)).drawnRaster()
    }

    func layoutDump(_ result: QuizResult, theme: Theme) throws(RenderError) -> LayoutDump {
        guard let dump = try run(RenderRequest(result, theme: theme, through: .layout, extras: .layoutDump)).layoutDump else {
            throw RenderError(.graphics, "no layout dump")
        }
        return dump
    }

    func contrastFindings(_ result: QuizResult, theme: Theme) throws(RenderError) -> [ContrastFinding] {
        try run(RenderRequest(result, theme: theme, through: .layout, extras: .contrastFindings)).contrastFindings ?? []
    }
}
