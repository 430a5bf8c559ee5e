// `import PosterKit` is all an app or a plugin author needs: the theme format's
// diagnostics and readers, the display list's plain values, and how links are printed
// and signed on posters come with it.
@_exported import PosterDisplay
@_exported import PosterLinks
@_exported import ThemeFormat
