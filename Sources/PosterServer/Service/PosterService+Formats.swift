import PosterKit

extension PosterService {
    /// The theme of `entry` drawing the format a request's `format=` names, or its
    /// default format when the request names none.
    ///
    /// A format the theme does not ship is `400 unknown-format`, naming the parameter
    /// and the formats the theme ships; the message never quotes the value (it is the
    /// requester's text), only says why it cannot be one.
    func format(_ query: QueryItems, of entry: ThemeCatalog.Entry) throws(ServiceError) -> Theme {
        guard let name = query.value("format") else { return entry.theme }
        if let drawn = entry.theme.inFormat(name) { return drawn }
        let theme = entry.theme
        let ships = "theme '\(theme.name)' ships \(theme.formatNames.joined(separator: ", "))"
        let reason: String
        if name == PosterFormat.allName {
            reason = "'\(PosterFormat.allName)' means every format, and an image is one; ask for one"
        } else if PosterFormat.problem(with: name) != nil {
            reason = "not a format name (1 to 32 lower-case ASCII letters, digits and '-')"
        } else {
            reason = "not a format this theme ships"
        }
        throw ServiceError(400, "unknown-format", path: "format", "format: \(reason); \(ships)")
    }

    /// Which theme and format draw a landing page's image in format `name` (`thumb`,
    /// `card`) when the page shows theme `pageTheme`:
    ///
    /// 1. the page's theme in that format, when it ships it;
    /// 2. else the default theme (`classic`) in that format, when it is loaded and ships it:
    ///    a square thumbnail of one 称号 beats a tall poster WeChat would crop;
    /// 3. else the page's theme in its default format (the poster), at its own size;
    /// 4. else (the page's theme is not loaded) the page's theme and the format, which the
    ///    image endpoint answers with `404 unknown-theme`, as for the poster.
    ///
    /// The format is nil when it is the chosen theme's default (the URL then carries no `format=`).
    func pageImageSource(format name: String, pageTheme: String) -> (theme: String, format: String?, entry: ThemeCatalog.Entry?) {
        func source(_ themeName: String) -> (theme: String, format: String?, entry: ThemeCatalog.Entry?)? {
            guard let entry = catalog.entry(themeName), entry.theme.hasFormat(name) else { return nil }
            return (themeName, entry.theme.formatName == name ? nil : name, entry)
        }
        if let own = source(pageTheme) { return own }
        if let fallback = source(ThemeStore.defaultThemeName) { return fallback }
        if let entry = catalog.entry(pageTheme) { return (pageTheme, nil, entry) }
        return (pageTheme, name, nil)
    }
}
