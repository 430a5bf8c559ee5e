import Foundation
import PosterHashing
import PosterKit

/// What this build draws with, as `/version` and `nmti_build_info` report it: the
/// version, the engine digest that goes into every ETag, the drawing libraries'
/// versions as loaded, and the pinned fonts. When an ETag changes without a theme
/// change, comparing two instances' `/version` shows which of these moved.
struct BuildInfo: Sendable, Encodable {
    struct Font: Sendable, Encodable {
        let family: String
        let package: String
        let path: String
        let size: Int
    }

    /// The tool's version (`nmti-poster --version`).
    let version: String
    /// 16 hex digits over the libraries and fonts (`EngineIdentity.digest`).
    let engine: String
    /// Library name to version, as loaded.
    let libraries: [String: String]
    /// 16 hex digits over the font files' paths, sizes and modification times.
    let fontsDigest: String
    let fonts: [Font]

    init(version: String, identity: EngineIdentity = .current) {
        self.version = version
        engine = identity.digest
        libraries = Dictionary(identity.libraries.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        fonts = identity.fonts.map { Font(family: $0.family, package: $0.package, path: $0.path, size: $0.size) }
        let text = identity.fonts.map { "\($0.path) \($0.size) \($0.modified)\n" }.joined()
        fontsDigest = String(SHA256.hex(Data(text.utf8)).prefix(16))
    }

    /// `nmti_build_info`'s labels, in a fixed order.
    var labels: [(name: String, value: String)] {
        [("version", version), ("engine", engine)] + libraries.keys.sorted().map { ($0, libraries[$0]!) } + [("fonts", fontsDigest)]
    }

    /// The `/version` body: one JSON object and a newline.
    var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8]((try? encoder.encode(self)) ?? Data()) + [0x0a]
    }
}
