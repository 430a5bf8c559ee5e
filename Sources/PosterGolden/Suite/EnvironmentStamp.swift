import PosterKit
import Foundation
import PosterHashing

/// What a golden image's pixels depend on besides the code: the versions of the
/// drawing libraries and the exact pinned font files. Stored as
/// `Fixtures/goldens/environment.json` when goldens are recorded, so a failure on a
/// machine with other libraries or fonts can say so before anything else.
public struct EnvironmentStamp: Codable, Sendable, Hashable {
    /// One pinned font file.
    public struct Font: Codable, Sendable, Hashable {
        /// The family name themes use.
        public var family: String
        /// The font file's path.
        public var path: String
        /// The Debian package that installs it.
        public var package: String
        /// Lowercase hex SHA-256 of the file, or "missing".
        public var sha256: String
    }

    /// Library name → version, as loaded at run time.
    public var libraries: [String: String]
    /// Every pinned font, in the engine's order (`EngineIdentity.fonts`).
    public var fonts: [Font]

    /// The file name inside the goldens folder.
    public static let fileName = "environment.json"

    /// This process's environment; font hashes are computed once per process.
    public static var current: EnvironmentStamp { cached }

    private static let cached: EnvironmentStamp = {
        let engine = EngineIdentity.current
        var libraries: [String: String] = [:]
        for library in engine.libraries { libraries[library.name] = library.version }
        // The goldens pin the fonts' exact bytes, not only their size and time.
        let fonts = engine.fonts.map { font in
            let digest = FileManager.default.contents(atPath: font.path).map { SHA256.hex($0) } ?? "missing"
            return Font(family: font.family, path: font.path, package: font.package, sha256: digest)
        }
        return EnvironmentStamp(libraries: libraries, fonts: fonts)
    }()

    /// The stamp's JSON: pretty, keys sorted, ending in a newline, so it diffs well.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings cannot fail.
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    /// Reads a stamp; nil if the file is missing, and an error text if it is unreadable.
    public static func load(from url: URL) -> Result<EnvironmentStamp, EnvironmentStampError>? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return .success(try JSONDecoder().decode(EnvironmentStamp.self, from: data))
        } catch {
            return .failure(EnvironmentStampError(description: "\(url.path) is not a valid environment stamp: \(error)"))
        }
    }

    /// How this stamp (here) differs from `recorded`, one line per difference; empty if equal.
    public func differences(from recorded: EnvironmentStamp) -> [String] {
        var lines: [String] = []
        for name in Set(libraries.keys).union(recorded.libraries.keys).sorted() {
            let here = libraries[name] ?? "absent", there = recorded.libraries[name] ?? "absent"
            if here != there { lines.append("\(name) \(here) here, \(there) when recorded") }
        }
        let recordedFonts = Dictionary(recorded.fonts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for font in fonts {
            guard let other = recordedFonts[font.path] else {
                lines.append("font \(font.path) is pinned here but was not when recorded")
                continue
            }
            if font.sha256 != other.sha256 {
                lines.append("font \(font.path) sha256 \(font.sha256.prefix(12)) here, \(other.sha256.prefix(12)) when recorded")
            }
        }
        for font in recorded.fonts where !fonts.contains(where: { $0.path == font.path }) {
            lines.append("font \(font.path) was pinned when recorded but is not here")
        }
        return lines
    }
}

/// An environment stamp file that cannot be read.
public struct EnvironmentStampError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
}
