import PosterKit
import Foundation

/// The record of a batch: one entry per poster written, with its content hash.
public struct Manifest: Codable, Sendable, Equatable {
    /// One rendered poster.
    public struct Entry: Codable, Sendable, Equatable, Hashable {
        /// The theme's name.
        public var theme: String
        /// The format drawn (`poster`, `xhs`, …); nil in manifests written before formats
        /// existed, which drew only the poster (`formatName`).
        public var format: String?
        /// The copy pack: `workplace` or `student`.
        public var pack: String
        /// The personality's canonical code, such as `PRED`.
        public var code: String
        /// The file, relative to the batch's output folder.
        public var file: String
        /// The file's size in bytes.
        public var bytes: Int
        /// The file's SHA-256, 64 lowercase hex digits.
        public var sha256: String
        /// Time to render and encode this poster (informational; varies run to run).
        public var milliseconds: Double
        /// How the poster was made; absent in manifests written before it was recorded.
        public var provenance: Provenance?
        /// Bulk renders only: where the result came from (`results.jsonl:17`, `a.json`).
        public var source: String?
        /// Bulk renders only: the sha256 of the result's canonical JSON, so a resume
        /// keeps a poster only for the very result it shows.
        public var result: String?
        /// The poster's fit notes (`title: shrunk (42 -> 36 pt)`), as `render` prints them;
        /// absent when everything fitted as designed, and in manifests written before they were recorded.
        public var notes: [String]?

        /// The format drawn: `format`, or `poster` for an entry that names none.
        public var formatName: String { format ?? PosterFormat.defaultName }

        /// Creates an entry.
        public init(theme: String, format: String? = nil, pack: String, code: String, file: String, bytes: Int,
                    sha256: String, milliseconds: Double, provenance: Provenance? = nil, source: String? = nil,
                    result: String? = nil, notes: [String]? = nil) {
            self.theme = theme
            self.format = format
            self.pack = pack
            self.code = code
            self.file = file
            self.bytes = bytes
            self.sha256 = sha256
            self.milliseconds = milliseconds
            self.provenance = provenance
            self.source = source
            self.result = result
            self.notes = notes
        }
    }

    /// The manifest format version.
    public var version: Int = 1
    /// The shard this manifest covers, such as "2/4"; nil for a whole batch or a merge.
    public var shard: String?
    /// The posters, sorted by theme, format, pack and code.
    public var entries: [Entry]

    /// The file name a batch writes in its output folder.
    public static let fileName = "manifest.json"

    /// The largest manifest `read` accepts, in bytes.
    public static let maximumBytes = 64 << 20

    /// Creates a manifest with entries in canonical order (theme, format with the poster
    /// first, pack, code, then file, which tells a bulk render's many posters of one type apart).
    public init(shard: String? = nil, entries: [Entry]) {
        self.shard = shard
        self.entries = entries.sorted {
            ($0.theme, $0.formatOrder, $0.pack, $0.code, $0.file) < ($1.theme, $1.formatOrder, $1.pack, $1.code, $1.file)
        }
    }

    /// Pretty, key-sorted JSON, so manifests diff cleanly.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

extension Manifest.Entry {
    /// Sorts the poster format before the others, which sort by name.
    var formatOrder: String { formatName == PosterFormat.defaultName ? "" : formatName }

    /// The folder a batch or bulk render puts this format's posters in below `base`
    /// (`""` for the output folder itself): `base` for the poster, as before formats
    /// existed, else `<base>/<format>`.
    static func formatFolder(_ format: String, in base: String) -> String {
        guard format != PosterFormat.defaultName else { return base }
        return base.isEmpty ? format : "\(base)/\(format)"
    }
}
