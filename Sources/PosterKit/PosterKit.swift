// `import PosterKit` is all an app or a plugin author needs: the theme format's
// diagnostics and readers, and the display list's plain values, come with it.
@_exported import PosterDisplay
@_exported import ThemeFormat
