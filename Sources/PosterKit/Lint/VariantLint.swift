import NMTIDomain
import PosterLinks

/// The fit and contrast lints over the posters users get (`Theme.lintSamples`: the
/// variants, the pairs of a pair theme, and the personalised worst cases), with the
/// `when` branches none of them drew. One layout per sample serves both lints.
public struct VariantLint: Sendable {
    /// How many results were linted.
    public let sampleCount: Int
    /// Every fit note, one line each, prefixed by the sample (`… · long nickname: title: ellipsised (…)`).
    public let fitNotes: [String]
    /// The notes that make the lint fail: overflowed, or drawn outside the canvas.
    public let fitProblems: [String]
    /// The contrast findings, one line each, prefixed by the sample; empty when not asked for.
    public let contrast: [String]
    /// Each `when` that no linted sample drew (`file:line:column: warning: path.when: …`).
    public let undrawnConditions: [String]

    /// How many of them the contrast lint also drew (0 when it was not asked for).
    public let contrastSampleCount: Int

    /// Lays out each sample of `samples` (by default the theme's `lintSamples`) on all
    /// cores; when `contrast` is true, those among the theme's `contrastSamples` also get
    /// the contrast lint. Links are printed as the QR box lint prints them (compact and
    /// signed under `base`, else under `QRBoxLint.referenceBase`), as deployed posters
    /// carry them; a QR code that does not fit its box is left out, for the QR box lint to report.
    public static func run(
        _ theme: Theme, samples: [ThemeSample]? = nil, contrast: Bool, base: LinkBase? = nil, renderer: PosterRenderer
    ) throws(RenderError) -> VariantLint {
        let samples = samples ?? theme.lintSamples
        let drawn = contrast ? Set(theme.contrastSamples.map(\.label)) : []
        let links = QRBoxLint.style(base: base)
        let outputs = try SampleSweep.map(samples) { sample throws(RenderError) in
            let extras: RenderExtras = drawn.contains(sample.label) ? [.contrastFindings, .qrMisfitsLeftOut] : .qrMisfitsLeftOut
            var request = RenderRequest(sample.result, theme: theme, through: .layout, extras: extras)
            request.links = links
            let output = try renderer.run(request)
            return (sample.label, output.notes, output.contrastFindings ?? [])
        }
        var notes: [String] = [], problems: [String] = [], findings: [String] = []
        for (label, fit, low) in outputs {
            for note in fit {
                notes.append("\(label): \(note)")
                if note.isProblem { problems.append("\(label): \(note)") }
            }
            findings += low.map { "\(label): \($0)" }
        }
        return VariantLint(sampleCount: samples.count, fitNotes: notes, fitProblems: problems, contrast: findings,
                           undrawnConditions: theme.undrawnConditions(over: samples),
                           contrastSampleCount: samples.filter { drawn.contains($0.label) }.count)
    }
}
