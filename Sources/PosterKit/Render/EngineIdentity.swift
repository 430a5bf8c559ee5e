import Foundation
import PosterFiles
import PosterGraphics
import PosterHashing

/// What a poster's pixels depend on besides the code, the theme and the result: the
/// drawing libraries' versions as loaded and the pinned font files. One value for the
/// whole process, read once; the manifest's provenance, the service's poster keys and
/// the goldens' environment stamp are all made from it.
public struct EngineIdentity: Sendable, Hashable {
    /// One C library whose version decides pixels.
    public struct Library: Sendable, Hashable {
        /// Its name (`cairo`, `pango`, `harfbuzz`, `freetype`, `fontconfig`, `librsvg`).
        public let name: String
        /// Its version as loaded at run time.
        public let version: String
    }

    /// One pinned font file, described cheaply (no hash of its bytes).
    public struct Font: Sendable, Hashable {
        /// The family name themes use.
        public let family: String
        /// The font file's path.
        public let path: String
        /// The Debian package that installs it.
        public let package: String
        /// Its size in bytes, or -1 when it is missing.
        public let size: Int
        /// Its modification time (seconds since 1970), or 0 when it is missing.
        public let modified: Double
    }

    /// The libraries, in a fixed order.
    public let libraries: [Library]
    /// The pinned fonts, in the engine's order.
    public let fonts: [Font]

    /// This process's identity, read once.
    public static let current: EngineIdentity = {
        let libraries = LibraryVersions.all.map { Library(name: $0.name, version: $0.version) }
        let fonts = PinnedFont.standard.map { font in
            let status = FileStatus(font.path)
            return Font(family: font.family, path: font.path, package: font.package, size: status.map { $0.size } ?? -1,
                        modified: status?.modified.timeIntervalSince1970 ?? 0)
        }
        return EngineIdentity(libraries: libraries, fonts: fonts)
    }()

    /// 16 hex digits of SHA-256 over the libraries' versions and each font's path, size and
    /// modification time: it changes when anything that decides pixels may have changed.
    public var digest: String {
        var text = libraries.map { "\($0.name) \($0.version)\n" }.joined()
        for font in fonts { text += "\(font.path) \(font.size) \(font.modified)\n" }
        return String(SHA256.hex(Data(text.utf8)).prefix(16))
    }

    /// The engine as recorded with a poster: the tool's `version` and the digest.
    public func describing(version: String) -> String {
        "\(version); environment \(digest)"
    }
}
