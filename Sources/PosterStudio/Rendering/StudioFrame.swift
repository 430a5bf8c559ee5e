import Foundation
import NMTIDomain
import PosterHashing
import PosterKit

/// One answer the page shows: the poster of a variant drawn with one generation of the
/// theme (or the theme's diagnostics when it does not load), as the JSON the page reads,
/// with the PNG it shows and the result JSON it was drawn from.
struct StudioFrame: Sendable {
    /// The theme generation (reloads counted from 1) the frame was drawn with.
    let generation: Int
    /// The page's JSON (`StudioFrame.Builder`): the image as a data URL, the layout, the findings.
    let json: [UInt8]
    /// The PNG shown: the poster, with the debug boxes when the variant asked for them.
    let image: [UInt8]?
    /// The result JSON drawn, as `render` would read it.
    let result: Data
}

/// The theme as one generation loaded it, or why it did not load.
enum StudioTheme: Sendable {
    /// A theme that loaded, with where its elements are written.
    case loaded(Theme, ElementSources)
    /// A theme that did not load: every problem, with file, line and column.
    case failed([Diagnostic])
}

extension StudioFrame {
    /// Draws `variant` with the theme of `generation` and describes it for the page: the
    /// poster and its layout, or with `lints` only the findings (`/api/lints`), which
    /// cost more than the poster and follow it, so that a save shows its poster first.
    static func draw(_ variant: StudioVariant, theme state: StudioTheme, generation: Int, file: URL,
                     renderer: PosterRenderer, lints: Bool) -> StudioFrame {
        let start = DispatchTime.now().uptimeNanoseconds
        var object: [String: Any] = ["generation": generation, "file": file.path, "format": variant.format, "debug": variant.debug]
        var image: [UInt8]?
        switch state {
        case .failed(let diagnostics):
            object["ok"] = false
            object["diagnostics"] = diagnostics.sorted { ($0.severity, $0.location?.line ?? 0) > ($1.severity, $1.location?.line ?? 0) }
                .map(describe)
        case .loaded(let theme, let sources):
            object["theme"] = theme.name
            object["formats"] = theme.formatNames
            do throws(StudioRequestError) {
                guard let themed = theme.inFormat(variant.format) else {
                    throw StudioRequestError(400, "format", theme.formatProblem(variant.format) ?? "unknown format")
                }
                let result = try variant.result()
                let drawn = lints ? try findings(result, theme: themed, sources: sources, renderer: renderer)
                    : try poster(result, theme: themed, sources: sources, debug: variant.debug, renderer: renderer)
                image = drawn.image
                object.merge(drawn.description) { _, new in new }
                object["ok"] = true
            } catch {
                object["ok"] = false
                object["inputError"] = ["field": error.field.map { $0 as Any } ?? NSNull(), "message": error.reason]
            }
        }
        object["ms"] = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return StudioFrame(generation: generation, json: Array(json), image: image, result: variant.resultJSON)
    }

    /// The poster and its layout; a failed render is a request error (shown on the page).
    private static func poster(_ result: QuizResult, theme: Theme, sources: ElementSources, debug: Bool, renderer: PosterRenderer)
        throws(StudioRequestError) -> (image: [UInt8]?, description: [String: Any])
    {
        do throws(RenderError) {
            // The same run `render` makes, stopped at the raster so the boxes can be drawn
            // over its pixels; the raster is then encoded with the same encoder.
            let output = try renderer.run(RenderRequest(result, theme: theme, through: .raster, extras: [.layoutDump]))
            guard let raster = output.raster, let dump = output.layoutDump else { throw RenderError(.graphics, "the render kept no raster") }
            let plain = try renderer.encoder.encode(raster)
            let shown = debug ? try DebugOverlay(dump: dump, theme: theme).poster(over: raster, encoder: renderer.encoder).bytes : plain
            let safe = theme.layout.format.safeInsets.safeRect(in: theme.canvasSize)
            let description: [String: Any] = [
                "image": "data:image/png;base64," + Data(shown).base64EncodedString(),
                "digest": SHA256.hex(shown),
                "posterDigest": SHA256.hex(plain),
                "bytes": plain.count, "width": raster.width, "height": raster.height,
                "canvas": ["width": theme.canvasSize.width, "height": theme.canvasSize.height],
                "safe": rect(safe),
                "elements": dump.elements.map { element(describing: $0, sources: sources) },
            ]
            return (shown, description)
        } catch {
            throw StudioRequestError(error.kind == .graphics ? 500 : 400, nil, error.message)
        }
    }

    /// The lints of the poster: fit, contrast on its pixels, QR module size and scan.
    private static func findings(_ result: QuizResult, theme: Theme, sources: ElementSources, renderer: PosterRenderer)
        throws(StudioRequestError) -> (image: [UInt8]?, description: [String: Any])
    {
        do throws(RenderError) {
            let output = try renderer.run(RenderRequest(result, theme: theme, through: .raster, extras: [.layoutDump, .contrastFindings]))
            guard let raster = output.raster, let dump = output.layoutDump else { throw RenderError(.graphics, "the render kept no raster") }
            let findings = StudioFindings(output: output, dump: dump, raster: raster, sources: sources)
            return (nil, ["findings": findings.items, "lints": findings.summary])
        } catch {
            throw StudioRequestError(error.kind == .graphics ? 500 : 400, nil, error.message)
        }
    }

    private static func element(describing element: LayoutDump.Element, sources: ElementSources) -> [String: Any] {
        var object: [String: Any] = ["label": element.label, "type": element.type]
        if let bounds = element.bounds { object["bounds"] = rect(bounds) }
        if let source = sources.source(of: element.label) {
            object["path"] = source.path
            object["line"] = source.line
            object["column"] = source.column
        } else {
            object["path"] = element.label
        }
        if let qr = element.qr {
            object["qr"] = ["drawn": rect(qr.drawn), "modulePixels": qr.modulePixels, "version": qr.version, "correction": qr.correction]
        }
        if let lines = element.lines {
            object["lines"] = lines.map { ["x": $0.x, "y": $0.y, "width": $0.width, "fontSize": $0.fontSize, "text": $0.text] }
        }
        return object
    }

    static func rect(_ rect: Rect) -> [String: Double] {
        ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height]
    }

    private static func describe(_ diagnostic: Diagnostic) -> [String: Any] {
        var object: [String: Any] = ["message": diagnostic.message, "severity": diagnostic.severity.rawValue, "text": diagnostic.description]
        if let file = diagnostic.file { object["file"] = file }
        if !diagnostic.path.isRoot { object["path"] = diagnostic.path.description }
        if let location = diagnostic.location {
            object["line"] = location.line
            object["column"] = location.column
        }
        return object
    }
}
