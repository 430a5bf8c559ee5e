import NMTIDomain

extension ContrastLint {
    /// The contrast findings of every sample of a theme (`Theme.samples`: the 32 variants,
    /// and for a pair theme the 512 ordered pairs too), one line each, prefixed by the
    /// sample (`DREM 摆烂大王 · student: $.elements[4]: contrast 2.2:1 …`); empty when every
    /// text passes WCAG AA.
    public static func catalogueReport(of theme: Theme, renderer: PosterRenderer) throws(RenderError) -> [String] {
        try SampleSweep.map(theme.samples) { sample throws(RenderError) in
            try findings(sample.result, theme: theme, renderer: renderer).map { "\(sample.label): \($0)" }
        }.flatMap { $0 }
    }

    /// The findings of one result in each of several themes, prefixed by the theme (`Theme.formatLabel`).
    public static func report(of result: QuizResult, in themes: [Theme], renderer: PosterRenderer) throws(RenderError) -> [String] {
        var lines: [String] = []
        for theme in themes {
            lines += try findings(result, theme: theme, renderer: renderer).map { "\(theme.formatLabel): \($0)" }
        }
        return lines
    }

    /// The findings of one render (laid out once; the lint draws what is behind each text).
    static func findings(_ result: QuizResult, theme: Theme, renderer: PosterRenderer) throws(RenderError) -> [ContrastFinding] {
        try renderer.run(RenderRequest(result, theme: theme, through: .layout, extras: .contrastFindings)).contrastFindings ?? []
    }
}
