/// What is wrong with a compact link's payload, the part after `I/` or `R/`
/// (docs/links.md, "The compact form"). Nothing in it quotes the link.
public enum CompactPayloadProblem: Error, Sendable, Hashable {
    /// The payload holds lower-case letters; it is written in upper case only.
    case lowercase
    /// A character outside `0–9 A–V` (base32hex), at this 0-based offset in the payload.
    case badCharacter(offset: Int)
    /// The 2-bit format version is not 0.
    case unknownVersion(Int)
    /// The payload ends before the fields its first bits announce.
    case truncated
    /// Whole characters are left over after the last field (and the tag).
    case trailingCharacters(Int)
    /// The unused low bits of the last character are not zero.
    case nonZeroPadding
    /// A 16-bit character code names a surrogate (U+D800–U+DFFF), which is no Unicode scalar.
    case notAScalar(UInt32)
    /// The payload reads as a link but is not the one spelling the engine writes
    /// for it, such as a character in a longer code than its shortest.
    case notCanonical

    /// What is wrong, for people.
    public var description: String {
        switch self {
        case .lowercase: "the compact payload is in lower case; it is written in upper case (0-9 A-V)"
        case .badCharacter(let offset): "the compact payload's character \(offset + 1) is not one of 0-9 A-V"
        case .unknownVersion(let version): "unknown compact link version \(version); this engine reads version 0"
        case .truncated: "the compact payload ends before its last field"
        case .trailingCharacters(let count): "the compact payload has \(count) character\(count == 1 ? "" : "s") after its last field"
        case .nonZeroPadding: "the compact payload's last character has padding bits that are not zero"
        case .notAScalar(let value): "the compact payload holds U+\(String(value, radix: 16, uppercase: true)), which is not a Unicode scalar"
        case .notCanonical: "the compact payload is not in canonical form (a character is written in a longer code than its shortest)"
        }
    }
}
