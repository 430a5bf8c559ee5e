import NMTIDomain
import PosterGraphics

extension LayoutContext {
    /// A layout context for one result and theme outside a render, for a plugin's own
    /// unit tests: lay an element out with `element.layout(in:context:)` and look at
    /// the items, the size and `notes`. Text is shaped with the pinned fonts and the theme's own.
    public convenience init(theme: Theme, result: QuizResult) throws(RenderError) {
        let shaper: TextShaper
        do throws(GraphicsError) {
            let library: FontLibrary
            if let own = theme.fonts.library { library = own } else { library = try FontLibrary.standard() }
            shaper = try TextShaper(library: library)
        } catch {
            throw RenderError(.graphics, error.description)
        }
        self.init(values: theme.bind(ResolvedResult(result)), shaper: shaper, theme: theme)
    }
}
