import Foundation

/// Reads signing keys from a key file: one key per line, blank lines and `#`
/// comments skipped, each line's trimmed text used as the key's bytes; the first
/// key signs and every key verifies, so keys can rotate.
public enum SigningKeys {
    /// The shortest key accepted, in bytes.
    public static let minimumBytes = 16

    /// The keys in a file, or an error naming the file and line.
    public static func read(file path: String) throws(SigningKeyError) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw SigningKeyError(file: path, line: nil, reason: "cannot read the signing key file")
        }
        var keys: [[UInt8]] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            // A key file saved with CRLF line ends must give the same keys.
            let key = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty, !key.hasPrefix("#") else { continue }
            guard key.utf8.count >= minimumBytes else {
                throw SigningKeyError(
                    file: path, line: index + 1,
                    reason: "a signing key must be at least \(minimumBytes) bytes (use e.g. `openssl rand -base64 32`)")
            }
            keys.append(Array(key.utf8))
        }
        guard !keys.isEmpty else { throw SigningKeyError(file: path, line: nil, reason: "the signing key file holds no key") }
        return keys
    }
}

/// Why a signing key file could not be used.
public struct SigningKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key file.
    public let file: String
    /// The 1-based line of the offending key, if one line is to blame.
    public let line: Int?
    /// What is wrong.
    public let reason: String

    /// `file:line: reason`.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}
