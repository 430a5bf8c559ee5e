import Foundation

/// The record of a batch: one entry per poster written, with its content hash.
public struct Manifest: Codable, Sendable, Equatable {
    /// One rendered poster.
    public struct Entry: Codable, Sendable, Equatable, Hashable {
        public var theme: String
        public var pack: String
        public var code: String
        /// The file, relative to the batch's output folder.
        public var file: String
        public var bytes: Int
        public var sha256: String
        /// Time to render and encode this poster (informational; varies run to run).
        public var milliseconds: Double
    }

    /// The manifest format version.
    public var version: Int = 1
    /// The shard this manifest covers, such as "2/4"; nil for a whole batch or a merge.
    public var shard: String?
    /// The posters, sorted by theme, pack and code.
    public var entries: [Entry]

    /// The file name a batch writes in its output folder.
    public static let fileName = "manifest.json"

    /// The largest manifest `read` accepts, in bytes.
    public static let maximumBytes = 64 << 20

    /// Creates a manifest with entries in canonical order.
    public init(shard: String? = nil, entries: [Entry]) {
        self.shard = shard
        self.entries = entries.sorted { ($0.theme, $0.pack, $0.code) < ($1.theme, $1.pack, $1.code) }
    }

    /// Pretty, key-sorted JSON, so manifests diff cleanly.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a manifest; the error names the file and what is wrong.
    public static func read(_ url: URL) throws(RenderError) -> Manifest {
        // Checked before reading: `manifest merge /dev/zero` must not read forever.
        if let status = FileStatus(url.path) {
            guard status.kind == .regular else { throw RenderError(.result, "\(url.path): not a regular file") }
            guard status.size <= maximumBytes else {
                throw RenderError(.result, "\(url.path): \(status.size) bytes; a manifest may have at most \(maximumBytes)")
            }
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RenderError(.result, "\(url.path): cannot read the manifest")
        }
        do {
            let manifest = try JSONDecoder().decode(Manifest.self, from: data)
            guard manifest.version == 1 else {
                throw RenderError(.result, "\(url.path): manifest version \(manifest.version) is not supported (expected 1)")
            }
            return manifest
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.result, "\(url.path): not a batch manifest (\(error))")
        }
    }

    /// Merges shard manifests into one; the same poster twice with different hashes is an error.
    public static func merge(_ manifests: [(name: String, manifest: Manifest)]) throws(RenderError) -> Manifest {
        var byFile: [String: (String, Entry)] = [:]
        for (name, manifest) in manifests {
            for entry in manifest.entries {
                if let (other, existing) = byFile[entry.file], existing.sha256 != entry.sha256 {
                    throw RenderError(.result, "\(entry.file) differs between \(other) and \(name) (sha256 \(existing.sha256.prefix(12)) vs \(entry.sha256.prefix(12)))")
                }
                byFile[entry.file] = (name, entry)
            }
        }
        return Manifest(entries: byFile.values.map(\.1))
    }
}
