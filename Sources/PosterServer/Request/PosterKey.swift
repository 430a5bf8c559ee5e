import Foundation
import NMTIDomain
import PosterKit
import PosterHashing

/// What a poster's bytes depend on, hashed: the engine (version, drawing libraries,
/// pinned fonts), the theme's content digest, the format drawn, the compression and
/// the canonical result. It is the strong `ETag` and the cache key, known before
/// anything is drawn.
package struct PosterKey: Sendable, Hashable {
    /// The hex digest (32 characters).
    package let digest: String

    /// The `ETag` header value: the digest in quotes (a strong validator).
    package var etag: String { "\"\(digest)\"" }

    /// The key of one result rendered with one theme state in one of its formats.
    ///
    /// `format` is nil for the theme's default format, which keeps the text (and so every
    /// ETag) of a poster the same as before themes had formats; any other format's name
    /// is a line of its own, so each format of one result has its own key.
    package init(engine: String, themeDigest: String, format: String? = nil, compression: PosterCompression, result: QuizResult) {
        let formatLine = format.map { "format \($0)\n" } ?? ""
        let text = "nmti-poster-etag-1\n\(engine)\n\(themeDigest)\n\(formatLine)\(compression.rawValue)\n\(Self.canonical(result))"
        digest = String(SHA256.hex(Array(text.utf8)).prefix(32))
    }

    /// The result as JSON with sorted keys and only the fields it has: two requests
    /// that mean the same result (an alias code, `null` for absent, extra fields,
    /// another key order, the GET or the POST form) give the same text.
    package static func canonical(_ result: QuizResult) -> String {
        // Built by hand in sorted-key order (a JSONEncoder costs more than the rest of a 304).
        var fields = ["\"a\":\(result.scores.a)", "\"c\":\(result.scores.c)"]
        if let date = result.date { fields.append("\"date\":" + SimpleURLResult.quoted(date)) }
        fields.append("\"e\":\(result.scores.e)")
        if let code = result.fromCode { fields.append("\"fromCode\":\"\(code.rawValue)\"") }
        if let name = result.fromNickname { fields.append("\"fromNickname\":" + SimpleURLResult.quoted(name)) }
        if let from = result.fromScores {
            fields.append("\"fromScores\":{\"a\":\(from.a),\"c\":\(from.c),\"e\":\(from.e),\"s\":\(from.s)}")
        }
        if let id = result.id { fields.append("\"id\":" + SimpleURLResult.quoted(id)) }
        if let name = result.nickname { fields.append("\"nickname\":" + SimpleURLResult.quoted(name)) }
        fields.append("\"pack\":\"\(result.pack.rawValue)\"")
        fields.append("\"s\":\(result.scores.s)")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Whether an `If-None-Match` header value lists this key (or is `*`); weak
    /// validators (`W/"…"`) match too, as RFC 9110 asks for `If-None-Match`.
    package func matches(ifNoneMatch header: String) -> Bool {
        Self.header(header, lists: etag)
    }

    /// Whether an `If-None-Match` header value lists `etag` (or is `*`), weak or strong.
    static func header(_ header: String, lists etag: String) -> Bool {
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return true }
        }
        return false
    }
}
