import Foundation
import PosterKit
import Synchronization

/// The themes the service serves, each with its content digest, loaded once at start.
/// With `--watch`, a changed theme folder is reloaded; a reload that fails keeps the
/// last good theme and says why in the log.
package final class ThemeCatalog: Sendable {
    /// A loaded theme and the digest that goes into its posters' keys.
    package struct Entry: Sendable {
        /// The theme.
        package let theme: Theme
        /// `theme.contentDigest`: its layout file and every asset it loaded.
        package let digest: String
    }

    private let store: ThemeStore
    private let entries: Mutex<[String: Entry]>
    private let failures = Mutex<[String: String]>([:])

    /// Loads every theme in `directory`; the first invalid one stops the start.
    package init(directory: URL) throws(ServiceSetupError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ServiceSetupError(.noInput, "\(directory.path): no such themes folder")
        }
        store = ThemeStore(directory: directory)
        var loaded: [String: Entry] = [:]
        for name in store.names() {
            do throws(ThemeError) {
                let theme = try store.theme(name)
                loaded[name] = Entry(theme: theme, digest: theme.contentDigest)
            } catch {
                let problems = error.diagnostics.map(\.description).joined(separator: "; ")
                throw ServiceSetupError(.badTheme, "theme '\(name)' is invalid: \(problems)")
            }
        }
        guard !loaded.isEmpty else { throw ServiceSetupError(.noInput, "\(directory.path): holds no theme (no <name>/theme.json5)") }
        entries = Mutex(loaded)
    }

    /// The theme called `name`, if served.
    package func entry(_ name: String) -> Entry? {
        entries.withLock { $0[name] }
    }

    /// The names served, sorted.
    package var names: [String] {
        entries.withLock { $0.keys.sorted() }
    }

    /// Looks at every theme folder once: reloads changed ones, picks up new ones.
    /// Returns one log event per change (reloaded, or failed and kept).
    package func reloadChanged() -> [[String: String]] {
        var events: [[String: String]] = []
        for name in store.names() {
            do throws(ThemeError) {
                let theme = try store.theme(name)  // the store reloads only when the folder changed
                let previous = entry(name)
                failures.withLock { _ = $0.removeValue(forKey: name) }
                let digest = theme.contentDigest
                guard digest != previous?.digest else { continue }
                entries.withLock { $0[name] = Entry(theme: theme, digest: digest) }
                events.append(["event": "theme-reloaded", "theme": name, "digest": String(digest.prefix(16))])
            } catch {
                let reason = error.diagnostics.map(\.description).joined(separator: "; ")
                let isNew = failures.withLock { failures -> Bool in
                    defer { failures[name] = reason }
                    return failures[name] != reason
                }
                if isNew {
                    events.append(["event": "theme-reload-failed", "theme": name, "kept": entry(name) == nil ? "none" : "last good", "error": reason])
                }
            }
        }
        return events
    }
}
