import Foundation
import Synchronization
import PosterFiles

/// Finds themes by name and caches loaded themes, reloading one only when its
/// layout file or an asset in its folder changed.
public final class ThemeStore: Sendable {
    /// The folder holding one sub-folder per theme.
    public let directory: URL
    /// The element types themes may use.
    public let registry: ElementRegistry
    private let cache = Mutex<[String: (stamp: Date, theme: Theme)]>([:])

    /// The theme used when none is named.
    public static let defaultThemeName = "classic"

    /// Creates a store over a themes folder.
    public init(directory: URL, registry: ElementRegistry = .standard) {
        self.directory = directory
        self.registry = registry
    }

    /// The themes folder: `$NMTI_THEMES_DIR`, else `./Themes`, else the installed themes
    /// next to the running executable (`<prefix>/bin/nmti-poster` looks in
    /// `<prefix>/share/nmti-poster/Themes`, where `scripts/install` puts them), else the
    /// package's `Themes/` found above the running executable.
    public static func defaultDirectory() -> URL {
        if let override = ProcessInfo.processInfo.environment["NMTI_THEMES_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Themes")
        if FileManager.default.fileExists(atPath: local.path) { return local }
        if let installed = installedDirectory(executable: Bundle.main.executableURL),
           FileManager.default.fileExists(atPath: installed.appendingPathComponent("\(defaultThemeName)/\(Theme.fileName)").path) {
            return installed
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("Themes")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("\(defaultThemeName)/\(Theme.fileName)").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return local
    }

    /// Where an installed executable's themes are: `../share/nmti-poster/Themes` from the
    /// folder of the executable, symlinks resolved (so a link in `~/bin` still finds them).
    public static func installedDirectory(executable: URL?) -> URL? {
        guard let executable else { return nil }
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(installedThemesPath)
    }

    /// The themes' place under an installation prefix.
    public static let installedThemesPath = "share/nmti-poster/Themes"

    /// The names of the theme folders, sorted.
    public func names() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return entries.filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).appendingPathComponent(Theme.fileName).path)
        }.sorted()
    }

    /// Where a theme name or path points: a path if it contains a slash or exists, else a folder in the store.
    public func location(of nameOrPath: String) -> URL {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json5") {
            return URL(fileURLWithPath: nameOrPath)
        }
        return directory.appendingPathComponent(nameOrPath)
    }

    /// Loads a theme by name or path, from the cache when nothing in its folder changed.
    public func theme(_ nameOrPath: String = defaultThemeName) throws(ThemeError) -> Theme {
        let url = location(of: nameOrPath)
        let key = url.standardizedFileURL.path
        let stamp = Self.newestModification(in: url)
        if let cached = cache.withLock({ $0[key] }), cached.stamp == stamp { return cached.theme }
        let theme = try Theme.load(from: url, registry: registry)
        cache.withLock { $0[key] = (stamp, theme) }
        return theme
    }

    /// The latest modification time of a theme file or of anything in its folder.
    static func newestModification(in url: URL) -> Date {
        let manager = FileManager.default
        var newest = Date.distantPast
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return newest }
        let folder = isDirectory.boolValue ? url : url.deletingLastPathComponent()
        // A folder without a theme file fails to load anyway: never walk it (it may be `/`).
        guard manager.fileExists(atPath: folder.appendingPathComponent(Theme.fileName).path) else { return newest }
        // stat(2), not attributesOfItem: no user or group name lookups (see FileStatus).
        // The change time too: a file overwritten in place with an old modification
        // time (`cp -p`, `touch -d`) must not leave a stale theme in the cache.
        if let status = FileStatus(folder.path) { newest = max(status.modified, status.changed) }
        let enumerator = manager.enumerator(atPath: folder.path)
        var seen = 0
        while let file = enumerator?.nextObject() as? String {
            seen += 1
            // A theme has a few dozen files; a huge tree is not cached rather than walked.
            guard seen <= maximumStampedFiles else { return Date() }
            if let status = FileStatus(folder.appendingPathComponent(file).path) {
                newest = max(newest, status.modified, status.changed)
            }
        }
        return newest
    }

    /// The most files a theme folder's change stamp looks at.
    static let maximumStampedFiles = 10_000
}

/// The change stamp of a theme folder, for watching it.
public enum ThemeStoreStamp {
    /// The latest modification time of the theme file or anything in its folder.
    public static func of(_ location: URL) -> Date {
        ThemeStore.newestModification(in: location)
    }
}
