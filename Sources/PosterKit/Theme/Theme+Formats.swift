extension Theme {
    /// The names of the formats the theme ships, the default first.
    public var formatNames: [String] { layouts.map(\.format.name) }

    /// Whether the theme ships a layout for the format of that name.
    public func hasFormat(_ name: String) -> Bool { layouts.contains { $0.format.name == name } }

    /// The same theme drawing its layout for `name`, or nil when it ships none.
    ///
    /// Cheap: the layouts and the decoded assets are shared, nothing is read again.
    public func inFormat(_ name: String) -> Theme? {
        guard let chosen = layouts.first(where: { $0.format.name == name }) else { return nil }
        return Theme(copying: self, layout: chosen)
    }

    /// The theme once per format it ships, the default first.
    public var everyFormat: [Theme] { layouts.map { Theme(copying: self, layout: $0) } }

    /// A label for reports: the theme's name, with the format when it is not the default.
    public var formatLabel: String {
        formatName == PosterFormat.defaultName ? name : "\(name) (\(formatName))"
    }

    /// Why the theme cannot draw `name`, naming what it ships; nil when it can.
    public func formatProblem(_ name: String) -> String? {
        guard !hasFormat(name) else { return nil }
        let shipped = formatNames.joined(separator: ", ")
        return "theme '\(self.name)' has no format '\(name)'; it ships \(shipped)"
    }

    init(copying theme: Theme, layout: ThemeLayout) {
        self.init(name: theme.name, summary: theme.summary, folder: theme.folder, file: theme.file,
                  variables: theme.variables, subject: theme.subject, layouts: theme.layouts, layout: layout,
                  assets: theme.assets, fonts: theme.fonts)
    }
}
