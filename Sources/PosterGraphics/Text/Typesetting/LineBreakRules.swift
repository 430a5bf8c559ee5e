/// Where a line may break in Chinese text mixed with Latin words, after clreq
/// §3.1.7 (line-start and line-end prohibition) and the strict rules of CSS
/// `line-break: strict`, with the engine's own additions:
///
/// - a break is allowed before an opening quote or bracket that follows Han
///   text, and after a closing one before Han text (Unicode's rules keep `“`
///   and `”` glued to both neighbours, which drags characters down);
/// - `·` `・` `～` `〜` `‐` `–`, closing and stop marks, `…`, small kana and
///   `ー` never start a line; opening marks never end one;
/// - a Latin word or number is never broken, except after a hyphen;
/// - a number stays with the Han unit or date after it (`12月31日`, `1.5页`).
enum LineBreakRules {
    /// Characters that must not start a line.
    static let noStart: Set<Character> = {
        var set = Set<Character>("）〕］｝〉》」』】〗”’，、。．：；！？·・…‥～〜‐–゠ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")
        set.formUnion(")]}>,.;:!?%％‰℃°")
        return set
    }()
    /// Characters that must not end a line.
    static let noEnd: Set<Character> = Set("（〔［｛〈《「『【〖“‘([{")

    /// How freely a line may break before `characters[index]` (`index` ≥ 1).
    enum Opportunity: Int, Comparable {
        /// Never: a line-start or line-end prohibition, or before a space.
        case prohibited
        /// Only to split a word longer than the line.
        case insideWord
        /// Only when keeping the pieces together would cost a line: a number and
        /// its unit or date (`12月31日`, `1.5页`), a `——` or `……` pair.
        case keepTogether
        /// An ordinary break.
        case allowed

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Characters after which a Latin word (a URL) may break before a letter.
    static let wordBreakAfter: Set<Character> = ["-", "?", "&"]
    /// Han units that keep the number before them and the digits after them (dates).
    static let dateUnits: Set<Character> = ["年", "月"]

    /// How a line may break before `characters[index]` (`index` ≥ 1).
    static func opportunity(before index: Int, in characters: [Character]) -> Opportunity {
        // The commonest pairs, answered without Unicode property look-ups (which
        // were most of the line breaker's time): two ideographs may always break,
        // two ASCII letters or digits only inside a word. `ruledOpportunity`
        // gives the same answers (tests compare the two).
        switch (characters[index - 1].simpleClass, characters[index].simpleClass) {
        case (.ideograph, .ideograph): return .allowed
        case (.asciiAlphanumeric, .asciiAlphanumeric): return .insideWord
        default: return ruledOpportunity(before: index, in: characters)
        }
    }

    /// `opportunity(before:in:)` by the rules alone, with no shortcut.
    static func ruledOpportunity(before index: Int, in characters: [Character]) -> Opportunity {
        let before = characters[index - 1]
        let after = characters[index]
        if before == "\u{200B}" { return .allowed }
        // A no-break space (U+00A0, U+202F) glues its neighbours (Unicode's class GL),
        // as in a pairing line's "@老板\u{00A0}卷到半夜"; Swift counts it as whitespace.
        if before == "\u{00A0}" || before == "\u{202F}" { return .prohibited }
        if after.isWhitespace || after == "\u{200B}" { return .prohibited }
        if before.isWhitespace { return .allowed }
        guard allowsEmergencyBreak(before: index, in: characters) else { return .prohibited }
        if before.isWordCharacter, after.isWordCharacter {
            let afterMark = wordBreakAfter.contains(before) && after.isLetter && index >= 2 && characters[index - 2].isLetter
            return afterMark ? .allowed : .insideWord
        }
        // Numbers keep their unit (12月, 1.5页) and a date its parts (12月31日).
        if before.isDigitCharacter, after.isIdeograph { return .keepTogether }
        if dateUnits.contains(before), after.isDigitCharacter, index >= 2, characters[index - 2].isDigitCharacter { return .keepTogether }
        // Dashes and ellipses come in inseparable pairs (——, ……).
        if before == after, before == "—" || before == "…" { return .prohibited }
        return .allowed
    }

    /// Whether a line may break before `characters[index]` in ordinary breaking.
    static func allowsBreak(before index: Int, in characters: [Character]) -> Bool {
        opportunity(before: index, in: characters) == .allowed
    }

    /// Whether an over-long word may be broken before `characters[index]` as a
    /// last resort: only the line-start and line-end prohibitions still hold, so
    /// that `，` never starts a line even after a word longer than the line.
    static func allowsEmergencyBreak(before index: Int, in characters: [Character]) -> Bool {
        let before = characters[index - 1]
        let after = characters[index]
        if !after.isPlainLetterOrIdeograph, noStart.contains(after) { return false }
        if !before.isPlainLetterOrIdeograph, noEnd.contains(before) { return false }
        if after.isWhitespace { return false }
        return !after.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
    }
}

/// A class of character the line breaker can answer for without property look-ups.
enum SimpleCharacterClass {
    /// One scalar, a CJK Unified Ideograph (U+4E00–U+9FFF).
    case ideograph
    /// One scalar, an ASCII letter or digit.
    case asciiAlphanumeric
    /// Anything else.
    case other
}

extension Character {
    /// Whether this is one scalar that is a CJK ideograph or an ASCII letter or digit.
    var simpleClass: SimpleCharacterClass {
        let utf8 = utf8
        switch utf8.count {
        case 1:
            let byte = utf8.first!
            return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                ? .asciiAlphanumeric : .other
        case 3:
            guard let scalar = unicodeScalars.first else { return .other }
            return (0x4E00...0x9FFF).contains(scalar.value) ? .ideograph : .other
        default:
            return .other
        }
    }

    /// Whether this starts with an ASCII letter or digit or a CJK Unified
    /// Ideograph (U+4E00-U+9FFF): such a character never equals a punctuation
    /// mark, whose canonical form starts elsewhere, so set lookups (which hash
    /// the normalised text) can be skipped for the commonest characters.
    var isPlainLetterOrIdeograph: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        return (0x4E00...0x9FFF).contains(value) || (0x30...0x39).contains(value)
            || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    /// Whether this is "\n" (U+000A alone), tested on its bytes: comparing a
    /// `Character` with a literal normalises non-ASCII text first.
    var isLineFeed: Bool {
        let utf8 = utf8
        return utf8.count == 1 && utf8.first == 0x0A
    }

    /// Whether this belongs to a Latin-script word or number that must not be split:
    /// anything that is not whitespace, CJK or an emoji.
    var isWordCharacter: Bool {
        switch simpleClass {
        case .ideograph: return false
        case .asciiAlphanumeric: return true
        case .other: break
        }
        guard !isWhitespace, !isIdeograph, !isCJKSymbol, !isEmojiCharacter else { return false }
        return true
    }

    /// Whether autospace separates this from an adjacent ideograph: a letter or digit
    /// of a non-CJK script (Latin, Greek, Cyrillic…), not punctuation or symbols.
    var isAutospaceAlphanumeric: Bool {
        guard isWordCharacter, let scalar = unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// Whether this is an ASCII or full-width digit.
    var isDigitCharacter: Bool {
        guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
        return ("0"..."9").contains(scalar) || ("０"..."９").contains(scalar)
    }

    /// CJK punctuation, symbols, kana and Hangul, full-width forms: characters
    /// that behave like ideographs for spacing.
    var isCJKSymbol: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        return (0x2E80...0x2FFF).contains(value) || (0x3000...0x30FF).contains(value)
            || (0x3100...0x33FF).contains(value) || (0xAC00...0xD7AF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x2018...0x201F).contains(value)
            || value == 0x00B7 || value == 0x2026 || value == 0x2014 || value == 0x2025
    }

    /// Whether this is drawn as an emoji (a picture, not a letter).
    var isEmojiCharacter: Bool {
        guard let first = unicodeScalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return unicodeScalars.contains { $0.value == 0xFE0F } && first.properties.isEmoji
    }

    /// Whether this is a CJK ideograph, between any two of which a line may break.
    var isIdeograph: Bool {
        switch simpleClass {
        case .ideograph: true
        case .asciiAlphanumeric: false
        case .other: unicodeScalars.first?.properties.isIdeographic == true
        }
    }
}
