/// The fit lint of `themes validate`: every sample of a theme laid out (not drawn), and each
/// fit note that means the poster is wrong (`FitNote.isProblem`: a text that still overflows,
/// an element off the canvas, a text or QR code in the format's safe-area margins) listed.
/// `preview` reports the same notes from the posters it draws anyway.
public enum FitLint {
    /// One line per problem, prefixed by the sample (`workplace-PRED: $.formats.story.elements[2]:
    /// outsideSafeArea (…)`); empty when every sample fits.
    public static func catalogueReport(of theme: Theme, renderer: PosterRenderer) throws(RenderError) -> [String] {
        try SampleSweep.map(theme.samples) { sample throws(RenderError) in
            try renderer.run(RenderRequest(sample.result, theme: theme, through: .layout)).notes
                .filter(\.isProblem).map { "\(sample.label): \($0)" }
        }.flatMap { $0 }
    }
}
