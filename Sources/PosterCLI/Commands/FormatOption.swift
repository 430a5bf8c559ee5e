import PosterKit

/// `--format NAME` on `render`, `batch`, `preview` and `golden`: which of a theme's formats
/// (docs/themes.md, "Formats") to draw; `all` (where the command allows it) for every
/// format the theme ships. Without it, each theme draws its default format.
struct FormatOption: Sendable {
    /// The option's spec; `allowsAll` says whether `all` is accepted, `defaultText` what
    /// the command does without it.
    static func spec(allowsAll: Bool, defaultText: String = "theme's default") -> OptionSpec {
        // Kept short, so that help prints "(default: …)" whole on the next line.
        .value("format", valueName: "name", defaultValue: defaultText,
               help: allowsAll ? "A format the theme ships (xhs, square, …), or all." : "The format to draw: poster, xhs, square, story, …")
    }

    /// The name given, or nil for each theme's default.
    let name: String?

    /// Whether `all` was given.
    var isAll: Bool { name == PosterFormat.allName }

    /// Reads `--format`; a value that cannot name a format (or `all` where the command draws
    /// one format) is a usage error naming the option.
    init(_ values: ParsedValues, allowsAll: Bool, command: String) throws(UsageError) {
        guard let text = values.options("format").last else {
            name = nil
            return
        }
        if text == PosterFormat.allName {
            guard allowsAll else {
                throw UsageError("--format all: '\(command)' draws one format; name one (poster, xhs, square, story, thumb, card, mp or the theme's own), or use 'batch' or 'preview' for every format")
            }
        } else if let problem = PosterFormat.problem(with: text) {
            throw UsageError("--format '\(String(text.unicodeScalars.prefix(40)))' cannot name a format: \(problem)")
        }
        name = text
    }

    /// `theme` in the chosen format, its default without `--format`; a format the theme does
    /// not ship is a usage failure naming the option, the theme and the formats it ships.
    func format(of theme: Theme) throws(CommandFailure) -> Theme {
        guard let name, !isAll else { return theme }
        guard let chosen = theme.inFormat(name) else { throw Self.unknown(name, theme) }
        return chosen
    }

    /// `theme` in every format chosen: all it ships for `all`, else the one `format(of:)` gives.
    func formats(of theme: Theme) throws(CommandFailure) -> [Theme] {
        isAll ? theme.everyFormat : [try format(of: theme)]
    }

    /// The themes (loaded in their default format) in every format chosen. With several
    /// themes and one named format, the themes that do not ship it are left out and named
    /// in `skipped`; it is an error only when none ships it.
    func formats(of themes: [Theme]) throws(CommandFailure) -> (themes: [Theme], skipped: [Theme]) {
        guard themes.count > 1, let name, !isAll else {
            var chosen: [Theme] = []
            for theme in themes { chosen += try formats(of: theme) }
            return (chosen, [])
        }
        let shipping = themes.compactMap { $0.inFormat(name) }
        guard !shipping.isEmpty else {
            let list = themes.map { "\($0.name) (\($0.formatNames.joined(separator: ", ")))" }.joined(separator: "; ")
            throw CommandFailure(.usage, "--format '\(name)': no theme ships that format; they ship: \(list)")
        }
        return (shipping, themes.filter { !$0.hasFormat(name) })
    }

    /// The note for themes `formats(of:)` left out.
    static func skippedNote(_ skipped: [Theme], format: String?) -> String? {
        guard !skipped.isEmpty, let format else { return nil }
        return "note: left out \(skipped.map(\.name).joined(separator: ", ")), which ship no '\(format)' format"
    }

    /// The usage failure for a format a theme does not ship.
    static func unknown(_ name: String, _ theme: Theme) -> CommandFailure {
        CommandFailure(.usage, "--format '\(name)': " + (theme.formatProblem(name) ?? "theme '\(theme.name)' has no format '\(name)'"))
    }

    /// `label: ` before each line of a report about `theme`, when the theme ships more than
    /// one format (or only one that is not the poster), so every line names its format; ""
    /// for a theme that draws only the poster, whose reports read as they always have.
    static func linePrefix(_ theme: Theme) -> String {
        theme.layouts.count > 1 || theme.formatName != PosterFormat.defaultName ? theme.formatLabel + ": " : ""
    }
}
