import PosterKit
import Foundation
import PosterGraphics

extension Manifest {
    /// What a poster's bytes depend on besides its result: recorded with every
    /// entry, so that `batch --resume` keeps only posters made exactly the way
    /// this run would make them and renders the stale ones again.
    public struct Provenance: Codable, Sendable, Hashable {
        /// The tool's version and a digest of the drawing libraries' versions and the pinned font files.
        public var engine: String
        /// The PNG compression setting (`fast`, `balanced`, `smallest`).
        public var compression: String
        /// The theme's content digest (see `ThemeDigest`).
        public var theme: String
        /// How the poster's links were printed (`LinkStyle.fingerprint`); absent in
        /// manifests written before link bases existed, which printed `nmti` links.
        public var links: String?

        /// Creates a provenance record.
        public init(engine: String, compression: String, theme: String, links: String? = nil) {
            self.engine = engine
            self.compression = compression
            self.theme = theme
            self.links = links == LinkStyle.scheme.fingerprint ? nil : links
        }

        /// What differs from an entry's recorded provenance: `theme`, `compression`,
        /// `engine` and/or `links`; `provenance` when the entry records none (an older manifest).
        public func differences(from recorded: Provenance?) -> [String] {
            guard let recorded else { return ["provenance"] }
            var changed: [String] = []
            if recorded.theme != theme { changed.append("theme") }
            if recorded.compression != compression { changed.append("compression") }
            if recorded.engine != engine { changed.append("engine") }
            if recorded.links != links { changed.append("links") }
            return changed
        }
    }
}

/// The content digest of a loaded theme: sha256 over its layout file and every
/// asset it loaded, each with its relative path, so editing any of them (or
/// pointing an asset path elsewhere) changes the digest.
public enum ThemeDigest {
    /// The hex digest; a file that cannot be read counts as "unreadable", so it
    /// still differs from any digest a readable version gave.
    public static func of(_ theme: Theme) -> String {
        var bytes = Data()
        func add(_ name: String, _ url: URL) {
            // Assets are bounded at load; 256 MiB only stops a file swapped since then.
            let content = RegularFileBytes.read(url.path, limit: 256 << 20)
            bytes += Data("\(name)\0\(content.map { SHA256.hex($0) } ?? "unreadable")\n".utf8)
        }
        add(Theme.fileName, theme.file)
        for path in theme.assets.keys.sorted() { add(path, theme.folder.appendingPathComponent(path)) }
        return SHA256.hex(bytes)
    }
}

/// The engine half of a provenance: the caller's version string plus a digest of
/// what pixels depend on besides the code: the drawing libraries' versions and
/// each pinned font file's path, size and modification time. (The files' own
/// hashes, as goldens record them, would cost a second per batch in a debug build.)
enum EngineIdentity {
    static func of(version: String) -> String {
        var text = LibraryVersions.all.map { "\($0.name) \($0.version)\n" }.joined()
        for font in PinnedFont.standard {
            let status = FileStatus(font.path)
            text += "\(font.path) \(status?.size ?? -1) \(status?.modified.timeIntervalSince1970 ?? 0)\n"
        }
        return "\(version); environment \(SHA256.hex(Data(text.utf8)).prefix(16))"
    }
}
