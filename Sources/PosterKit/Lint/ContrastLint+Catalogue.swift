import NMTIDomain

extension ContrastLint {
    /// The contrast findings of all 32 catalogue variants of a theme, one line each,
    /// prefixed by the variant (`student · DREM: $.elements[4]: contrast 2.2:1 …`);
    /// empty when every text passes WCAG AA.
    public static func catalogueReport(of theme: Theme, renderer: PosterRenderer) throws(RenderError) -> [String] {
        var lines: [String] = []
        for pack in QuizPack.allCases {
            for code in PersonalityCode.all {
                let findings = try renderer.contrastFindings(QuizResult.catalogueSample(for: code, pack: pack), theme: theme)
                lines += findings.map { "\(pack.rawValue) · \(code.rawValue): \($0)" }
            }
        }
        return lines
    }

    /// The findings of one result in each of several themes, prefixed by the theme.
    public static func report(of result: QuizResult, in themes: [Theme], renderer: PosterRenderer) throws(RenderError) -> [String] {
        var lines: [String] = []
        for theme in themes {
            lines += try renderer.contrastFindings(result, theme: theme).map { "\(theme.name): \($0)" }
        }
        return lines
    }
}
