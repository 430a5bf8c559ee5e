import Foundation
import NMTIDomain
import PosterGraphics
import PosterKit

/// What a poster's bytes depend on, hashed: the engine (version, drawing libraries,
/// pinned fonts), the theme's content digest, the compression and the canonical
/// result. It is the strong `ETag` and the cache key, known before anything is drawn.
public struct PosterKey: Sendable, Hashable {
    /// The hex digest (32 characters).
    public let digest: String

    /// The `ETag` header value: the digest in quotes (a strong validator).
    public var etag: String { "\"\(digest)\"" }

    /// The key of one result rendered with one theme state.
    public init(engine: String, themeDigest: String, compression: PosterCompression, result: QuizResult) {
        let text = "nmti-poster-etag-1\n\(engine)\n\(themeDigest)\n\(compression.rawValue)\n\(Self.canonical(result))"
        digest = String(SHA256.hex(Array(text.utf8)).prefix(32))
    }

    /// The result as JSON with sorted keys and only the fields it has: two requests
    /// that mean the same result (an alias code, `null` for absent, extra fields,
    /// another key order, the GET or the POST form) give the same text.
    public static func canonical(_ result: QuizResult) -> String {
        struct Canonical: Encodable {
            let a, c, e, s: Int
            let date, fromCode, fromNickname, id, nickname: String?
            let pack: String
        }
        let value = Canonical(
            a: result.scores.a, c: result.scores.c, e: result.scores.e, s: result.scores.s,
            date: result.date, fromCode: result.fromCode?.rawValue, fromNickname: result.fromNickname, id: result.id,
            nickname: result.nickname, pack: result.pack.rawValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Whether an `If-None-Match` header value lists this key (or is `*`); weak
    /// validators (`W/"…"`) match too, as RFC 9110 asks for `If-None-Match`.
    public func matches(ifNoneMatch header: String) -> Bool {
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return true }
        }
        return false
    }
}

/// The engine half of a poster key: the tool's version, the drawing libraries'
/// versions and each pinned font file's path, size and modification time.
public enum EngineFingerprint {
    /// The fingerprint text for a version string.
    public static func of(version: String) -> String {
        var text = "\(version)\n" + LibraryVersions.all.map { "\($0.name) \($0.version)\n" }.joined()
        for font in PinnedFont.standard {
            let attributes = try? FileManager.default.attributesOfItem(atPath: font.path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            text += "\(font.path) \(size) \(modified)\n"
        }
        return String(SHA256.hex(Array(text.utf8)).prefix(16))
    }
}
