/// What kind of value a placeholder holds, which decides how conditions compare it.
public enum BindingType: Sendable, Hashable, CustomStringConvertible {
    /// Free text, such as a title or a nickname.
    case text
    /// A whole number, such as a score; compared as a number (`score.c >= 5`).
    case number
    /// True or false, such as `invited`; printed as `true` or nothing.
    case flag
    /// One word from a fixed list, such as a pack; empty too when `canBeEmpty`.
    case choice([String], canBeEmpty: Bool)

    /// The type's name as the docs and the schema write it: text, number, flag or choice.
    public var name: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .flag: "flag"
        case .choice: "choice"
        }
    }

    /// `choice of workplace, student` and the like.
    public var description: String {
        switch self {
        case .choice(let options, let canBeEmpty):
            "choice of " + options.joined(separator: ", ") + (canBeEmpty ? " (or empty)" : "")
        default: name
        }
    }
}

/// The value of one placeholder for one result.
public enum BindingValue: Sendable, Hashable {
    /// Text, a choice included.
    case text(String)
    /// A whole number.
    case number(Int)
    /// True or false.
    case flag(Bool)

    /// The value as a template prints it: a number in decimal, a flag as `true` or nothing.
    public var text: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .flag(let flag): flag ? "true" : ""
        }
    }

    /// Whether a bare name in a condition holds: a true flag, a number other than 0,
    /// a text that is not empty and not `false` or `0`.
    public var isTruthy: Bool {
        switch self {
        case .flag(let flag): flag
        case .number(let number): number != 0
        case .text(let text): !text.isEmpty && text != "false" && text != "0"
        }
    }

    /// Whether the value equals what a condition wrote: numbers as numbers, flags
    /// against `true` and `false`, everything else as exact text.
    public func equals(_ literal: String) -> Bool {
        switch self {
        case .number(let number): if let other = Int(literal) { return number == other }
        case .flag(let flag): if let other = Bool(literal) { return flag == other }
        case .text: break
        }
        return text == literal
    }

    /// The value as a number, when it is one.
    public var number: Int? {
        if case .number(let number) = self { number } else { nil }
    }
}
