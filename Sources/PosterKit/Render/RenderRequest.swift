import NMTIDomain
import PosterLinks

/// One render as a value: what to draw, how far down the pipeline to go (bind and lay
/// out → draw → encode) and what else to keep on the way. `PosterRenderer.run` takes it.
public struct RenderRequest: Sendable {
    /// The result to draw.
    public var result: QuizResult
    /// The theme to draw it with.
    public var theme: Theme
    /// The last stage to run.
    public var stage: RenderStage
    /// What else to keep (a layout dump, contrast findings, stage timings).
    public var extras: RenderExtras
    /// The encoder for `.encoded`; nil uses the renderer's.
    public var encoder: (any PosterEncoder)?
    /// How links are printed on this poster; nil uses the renderer's.
    public var links: LinkStyle?

    /// A request to run `result` with `theme` through `stage` (by default, to an encoded poster).
    public init(_ result: QuizResult, theme: Theme, through stage: RenderStage = .encoded, extras: RenderExtras = []) {
        self.result = result
        self.theme = theme
        self.stage = stage
        self.extras = extras
    }
}

/// The stages of the pipeline, in order; a render stops after the one it is asked for.
public enum RenderStage: Int, Sendable, Hashable, Comparable {
    /// Bind the result and lay it out: a `DisplayList` of plain values.
    case layout
    /// Also draw it: a `Raster`.
    case raster
    /// Also encode it: a `RenderedPoster` (PNG unless another encoder is given).
    case encoded

    public static func < (lhs: RenderStage, rhs: RenderStage) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a render keeps besides its stage's output.
public struct RenderExtras: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every element's bounds and every text's lines (`LayoutDump`, `render --layout-json`).
    public static let layoutDump = RenderExtras(rawValue: 1 << 0)
    /// The texts whose contrast with what is drawn behind them is below WCAG AA (`ContrastLint`).
    public static let contrastFindings = RenderExtras(rawValue: 1 << 1)
    /// How long each stage took and the encoded size (`StageTimings`).
    public static let timings = RenderExtras(rawValue: 1 << 2)
    /// A QR code that does not fit its box is left out instead of failing the render: the
    /// fit and contrast lints go on over long personalised links, whose boxes the QR box lint judges.
    package static let qrMisfitsLeftOut = RenderExtras(rawValue: 1 << 3)
}
