import NMTIDomain
import PosterGraphics
import PosterLinks

/// How one `qr` element whose data holds a link (`{link}`, `{inviter.link}`) fitted
/// its code in one layout, for the QR box lint.
package struct QRFit: Sendable, Hashable {
    /// The element's id or JSON path.
    package let element: String
    /// The element's JSON path in the theme file.
    package let path: String
    /// The square box the code was fitted into, in points.
    package let box: Rect
    /// The text encoded.
    package let text: String
    /// The lowest level the element allows.
    package let minimumCorrection: QRMatrix.Correction
    /// The quiet zone in modules.
    package let quietZone: Int
    /// The placement chosen, or why none fits.
    package let fitting: QRFitting

    /// The module size in device pixels; 0 when the code does not fit.
    package var modulePixels: Int { fitting.placement?.modulePixels ?? 0 }
}

/// The QR box lint (`themes validate`): every `qr` box of a theme whose data holds a
/// link (`{link}`, `{inviter.link}`; other data is the theme's own) is laid out with
/// a typical and the longest link the engine prints (as a reply and an invite, in both packs), in the style posters get (the
/// web form under the link base, or `referenceBase`, signed), and must give the
/// typical link modules of `QRPlacement.preferredModulePixels` device pixels and the
/// longest at least 3. The links are printed with `LinkStyle` when the lint runs, so
/// the judgement follows any change in how links are written.
public enum QRBoxLint {
    /// The link base the lint prints links under when it is given none.
    public static let referenceBase = "https://nmti.example/"

    /// One line per `qr` box that fails (`file: path: qr box …`); empty when every box passes.
    public static func report(of theme: Theme, renderer: PosterRenderer, base: LinkBase?) throws(RenderError) -> [String] {
        let style = style(base: base)
        var lines: [String] = []
        for reference in [typical, longest] {
            let fits = try SampleSweep.map(reference.links.map { ThemeSample(label: "", result: $0.result) }) { sample throws(RenderError) in
                try renderer.qrFits(sample.result, theme: theme, links: style)
            }.flatMap { $0 }
            // Each box once, judged by its worst layout (no fit, then the smallest modules, then the longest text).
            var worst: [String: QRFit] = [:]
            var order: [String] = []
            for fit in fits {
                guard let kept = worst[fit.path] else {
                    worst[fit.path] = fit
                    order.append(fit.path)
                    continue
                }
                if (fit.modulePixels, -fit.text.utf8.count) < (kept.modulePixels, -kept.text.utf8.count) { worst[fit.path] = fit }
            }
            for path in order {
                guard let fit = worst[path], fit.modulePixels < reference.minimumModulePixels else { continue }
                lines.append("\(theme.file.path): \(finding(fit, reference: reference, style: style))")
            }
        }
        return lines
    }

    /// One failing box: where it is, its size, the link it was checked with, what the
    /// code got and the box that would pass.
    static func finding(_ fit: QRFit, reference: Reference, style: LinkStyle) -> String {
        let scale = PosterCanvas.scale
        let boxPixels = Int((fit.box.width * scale).rounded(.down))
        let element = fit.element == fit.path ? fit.path : "\(fit.path) (\(fit.element))"
        let link = ParsedLink.describe(fit.text)
        var line = "\(element): qr box \(format(fit.box.width)) pt (\(boxPixels) px): the \(reference.name) link (\(fit.text.count) characters, \(link)) "
        switch fit.fitting {
        case .placed(let placement):
            line += "gets \(placement.modulePixels) px modules (version \(placement.version), level \(placement.correction.rawValue)), below \(reference.minimumModulePixels) px"
        case .tooSmall(let sideModules, let version, let correction, _):
            line += "does not fit: it needs \(sideModules) modules a side with the quiet zone (version \(version), level \(correction.rawValue))"
        }
        let smallest = (try? QRMatrix(encoding: fit.text, correction: fit.minimumCorrection))?.size
        if let smallest {
            let needed = Double(reference.minimumModulePixels * (smallest + 2 * fit.quietZone)) / scale
            line += "; a box of at least \(format(needed.rounded(.up))) pt gives it \(reference.minimumModulePixels) px"
        }
        return line
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

extension ParsedLink {
    /// How the lint names a link it printed: "a signed student reply", or "custom data".
    static func describe(_ text: String) -> String {
        guard let parsed = try? ParsedLink(parsing: text) else { return "custom data" }
        return "\(parsed.signature == nil ? "an unsigned" : "a signed") \(parsed.link.pack.rawValue) \(parsed.link.kindName)"
    }
}

extension PosterRenderer {
    /// How every `qr` box fitted its code when `result` is laid out with `links`.
    package func qrFits(_ result: QuizResult, theme: Theme, links: LinkStyle) throws(RenderError) -> [QRFit] {
        try pool.withWorker { worker throws(RenderError) in
            let values = theme.bind(ResolvedResult(result), links: links)
            let (_, context) = try Self.layoutKeepingContext(theme: theme, values: values, shaper: worker.shaper(for: theme), recordingQRFits: true)
            return context.qrFits ?? []
        }
    }
}
