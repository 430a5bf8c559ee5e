import Foundation
import PosterKit
import PosterLinks

/// Loading themes by name or path for commands, with failures mapped to exit statuses.
enum ThemeInput {
    /// The store every command loads themes from, and so the element types they know:
    /// the one given to `NMTIPoster.run(_:io:themes:)` for the run, else the standard
    /// types over the default themes folder (see `ThemeStore.defaultDirectory()`).
    @TaskLocal static var store = ThemeStore(directory: ThemeStore.defaultDirectory())

    /// Loads a theme by name (looked up in the themes folder) or by path.
    static func load(_ nameOrPath: String) throws(CommandFailure) -> Theme {
        do throws(ThemeError) {
            return try store.theme(nameOrPath)
        } catch {
            let url = store.location(of: nameOrPath)
            if !FileManager.default.fileExists(atPath: url.path) {
                let known = store.names().joined(separator: ", ")
                throw CommandFailure(.missingInput, "theme '\(nameOrPath)' not found at \(url.path); known themes: \(known)")
            }
            if let reason = unreadableReason(url) { throw CommandFailure(.missingInput, reason, cause: error) }
            if error.isUnreadableInput { throw CommandFailure(.missingInput, summary(of: error, theme: nameOrPath), cause: error) }
            throw CommandFailure(.invalidTheme, summary(of: error, theme: nameOrPath), cause: error)
        }
    }

    /// `<theme file>: permission denied` when the theme file exists but cannot be
    /// opened for reading: that is missing input (66), not an invalid theme (78).
    static func unreadableReason(_ location: URL) -> String? {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory)
        let file = isDirectory.boolValue ? location.appendingPathComponent(Theme.fileName) : location
        // O_NONBLOCK: opening a FIFO planted as the theme file must not wait for a writer.
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 {
            close(descriptor)
            return nil
        }
        return errno == EACCES || errno == EPERM ? "\(file.path): permission denied" : nil
    }

    /// A theme's problems on the one line an error gets: the problem itself, or the
    /// count and every problem separated by "; ", with the command that lists them
    /// one per line. (Joined with newlines, the line break would be escaped as \n.)
    static func summary(of error: ThemeError, theme: String) -> String {
        let problems = error.diagnostics.map(\.description)
        guard problems.count > 1 else { return problems.first ?? "theme '\(theme)' is invalid" }
        return "\(problems.count) problems in theme '\(theme)' (one per line: nmti-poster themes validate \(theme)): "
            + problems.joined(separator: "; ")
    }

    /// A render failure as a command failure of the same kind (`FailureKind(_:)`), wrapping it.
    static func failure(_ error: RenderError) -> CommandFailure {
        CommandFailure(FailureKind(error.kind), error.message, cause: error)
    }

    /// The --compression option shared by render and batch.
    static let compressionOption = OptionSpec.value(
        "compression", valueName: "level", defaultValue: PosterCompression.balanced.rawValue,
        help: "fast (igzip: far quicker, ~30% bigger), balanced or smallest. All lossless.")

    /// Reads --compression.
    static func compression(_ values: ParsedValues) throws(UsageError) -> PosterCompression {
        guard let text = values.options("compression").last else { return .balanced }
        guard let setting = PosterCompression(rawValue: text) else {
            let source = values.source(of: "compression")
            throw UsageError("\(source == "option '--compression'" ? "--compression" : source) must be fast, balanced or smallest, not '\(text)'")
        }
        return setting
    }

    /// One renderer per process: fonts load once. `workers` bounds how many posters
    /// render at once (default: the core count).
    static func renderer(
        compression: PosterCompression = .balanced, workers: Int = PosterRenderer.defaultWorkerCount, links: LinkStyle = .scheme
    ) throws(CommandFailure) -> PosterRenderer {
        do throws(RenderError) {
            return try PosterRenderer(compression: compression, workers: workers, links: links)
        } catch {
            throw failure(error)
        }
    }
}
