import PosterGraphics

/// What a placeholder does to its value before it is inserted: `{nickname|12}`
/// cuts, `{alias|upper}` and `{alias|lower}` change Latin case. Filters apply left
/// to right; a default (`{nickname ?? 匿名}`) applies after all of them.
public enum TemplateFilter: Sendable, Hashable {
    /// Cut to at most this many characters, the ellipsis included (`TextShaper.cut`).
    case cut(Int)
    /// Latin letters to upper case.
    case upper
    /// Latin letters to lower case.
    case lower

    /// The fewest and most characters `|N` may keep: one character and `……` at least.
    public static let cutRange = 3...2000

    /// The named filters, for messages and suggestions.
    static let names = ["upper", "lower"]

    /// Reads one filter as written after `|`, or explains why it is not one.
    static func parse(_ word: String, in placeholder: String) -> Result<TemplateFilter, TemplateError> {
        switch word {
        case "upper": return .success(.upper)
        case "lower": return .success(.lower)
        default: break
        }
        if !word.isEmpty, word.allSatisfy(\.isASCIIDigit) {
            guard let count = Int(word), cutRange.contains(count) else {
                return .failure(TemplateError(message:
                    "'|\(word)' in {\(placeholder)} cuts to \(word) characters; a cut keeps \(cutRange.lowerBound) to \(cutRange.upperBound) (the ellipsis included)"))
            }
            return .success(.cut(count))
        }
        var message = "unknown filter '\(word)' in {\(placeholder)}"
        if let guess = Spelling.closest(to: word, among: names) { message += "; did you mean '\(guess)'?" }
        message += " (filters: a number of characters such as |12, upper, lower)"
        return .failure(TemplateError(message: message))
    }

    /// The filtered value.
    func apply(_ text: String) -> String {
        switch self {
        case .cut(let count): TextShaper.cut(text, toCharacters: count)
        case .upper: Self.latinCase(text, upper: true)
        case .lower: Self.latinCase(text, upper: false)
        }
    }

    /// The most UTF-8 bytes the filtered value has, for a value of at most `bytes`.
    /// A cut keeps a prefix and adds `……` (6 bytes) and closers, each as long as the
    /// opener it closes: at most twice the prefix plus 6, and at most 3 bytes for each
    /// of the `N` characters beyond it. A case change keeps every letter's length.
    func maximumBytes(_ bytes: Int) -> Int {
        guard case .cut(let count) = self, bytes > count else { return bytes }
        let doubled = bytes.multipliedReportingOverflow(by: 2)
        let grown = doubled.overflow ? Int.max : doubled.partialValue
        return min(Self.adding(grown, 6), Self.adding(bytes, 6 + 3 * count))
    }

    /// The most characters the filtered value has, for a value of at most `characters`.
    func maximumCharacters(_ characters: Int) -> Int {
        if case .cut(let count) = self { return min(characters, count) }
        return characters
    }

    static func adding(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? Int.max : sum
    }

    /// Changes the case of Latin letters only (Basic Latin, Latin-1, Latin Extended,
    /// full-width Latin), and only where the other case is one letter of the same
    /// UTF-8 length, so `ß` stays `ß` and no text grows.
    static func latinCase(_ text: String, upper: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isLatinLetter(scalar) else {
                scalars.append(scalar)
                continue
            }
            let mapped = upper ? scalar.properties.uppercaseMapping : scalar.properties.lowercaseMapping
            let other = mapped.unicodeScalars
            if other.count == 1, let first = other.first, first.utf8.count == scalar.utf8.count {
                scalars.append(first)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A: true
        case 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: scalar.properties.isAlphabetic
        default: false
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
