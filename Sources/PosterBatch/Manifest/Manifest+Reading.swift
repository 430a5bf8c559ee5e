import PosterKit
import Foundation
import PosterFiles
#if canImport(Glibc)
import Glibc
#endif

extension Manifest {
    /// Reads a manifest; the error names the file, the JSON path and what is wrong.
    /// `name` is how messages call the file (the path as the user gave it).
    public static func read(_ url: URL, name: String? = nil) throws(ManifestError) -> Manifest {
        let name = name ?? url.path
        let data = try readBytes(url.path, name: name)
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw ManifestError(.invalid, file: name, path: path, reason: reason)
        } catch {
            throw ManifestError(.invalid, file: name, reason: "not a batch manifest (\(error))")
        }
        guard manifest.version == 1 else {
            throw ManifestError(.invalid, file: name, path: "version",
                                reason: "manifest version \(manifest.version) is not supported (expected 1)")
        }
        for (index, entry) in manifest.entries.enumerated() {
            if let (field, reason) = problem(with: entry) {
                throw ManifestError(.invalid, file: name, path: "entries[\(index)].\(field)", reason: reason)
            }
        }
        if let shard = manifest.shard, BatchPlan.Shard(shard) == nil {
            throw ManifestError(.invalid, file: name, path: "shard", reason: "'\(shard)' is not K/N with 1 <= K <= N")
        }
        return manifest
    }

    /// The file's bytes, with the system's reason on failure. Checked before
    /// reading: `manifest merge /dev/zero` must not read forever, nor a FIFO block.
    private static func readBytes(_ path: String, name: String) throws(ManifestError) -> Data {
        do throws(RegularFileBytes.Failure) {
            return try RegularFileBytes.contents(path, limit: maximumBytes)
        } catch {
            switch error {
            case .system(let code):
                throw ManifestError(.unreadable, file: name, reason: RegularFileBytes.Failure.reason(code))
            case .notRegular(let isDirectory):
                throw ManifestError(.invalid, file: name, reason: isDirectory ? "is a folder, not a manifest" : "not a regular file")
            case .tooLarge(let size):
                throw ManifestError(.invalid, file: name, reason: "\(size) bytes; a manifest may have at most \(maximumBytes)")
            }
        }
    }

    /// The JSON path and a short reason for a decoding failure.
    private static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text
        }
        func name(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "a string"
            case is Int.Type: "an integer"
            case is Double.Type: "a number"
            case is [Manifest.Entry].Type: "an array"
            default: "an object"
            }
        }
        switch error {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(name(type))")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "null; expected \(name(type))")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return ("", "not valid JSON")
        case .dataCorrupted(let context):
            return (path(context.codingPath), "invalid value")
        @unknown default:
            return ("", "not a batch manifest")
        }
    }
}
