extension Condition {
    /// The comparisons that can never hold, or hold always, because of a name's type,
    /// each as a message for the theme author: a flag compared with anything but
    /// `true` or `false`, a number with a word, a choice with a word it never takes,
    /// an order (`<`) on something that is not a number. `type` gives each known
    /// name's type; unknown names are reported elsewhere.
    public func typeProblems(_ type: (String) -> BindingType?) -> [String] {
        switch self {
        case .truthy:
            return []
        case .equals(let name, let literal):
            guard let kind = type(name) else { return [] }
            return Self.equalityProblem(name: name, type: kind, literal: literal).map { [$0] } ?? []
        case .compare(let name, let order, let bound):
            guard let kind = type(name), kind != .number else { return [] }
            return ["'\(order.rawValue)' compares numbers, and \(name) is a \(kind.name), not a number (in '\(name) \(order.rawValue) \(bound)')"]
        case .not(let inner):
            return inner.typeProblems(type)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            return lhs.typeProblems(type) + rhs.typeProblems(type)
        }
    }

    private static func equalityProblem(name: String, type: BindingType, literal: String) -> String? {
        switch type {
        case .text:
            return nil
        case .flag:
            guard Bool(literal) == nil else { return nil }
            return "\(name) is a flag (true or false), so it never equals '\(literal)'; write \(name) or !\(name)"
        case .number:
            guard Int(literal) == nil else { return nil }
            return "\(name) is a number, so it never equals '\(literal)'; compare it with a whole number, e.g. \(name) >= 50"
        case .choice(let options, let canBeEmpty):
            if options.contains(literal) || (canBeEmpty && literal.isEmpty) { return nil }
            let listed = options.count <= 4 ? options.joined(separator: ", ") : "\(options.count) values such as \(options.prefix(3).joined(separator: ", "))"
            var message = "\(name) is never '\(literal)' (it is one of \(listed)\(canBeEmpty ? ", or empty" : ""))"
            if let guess = Spelling.closest(to: literal, among: options) { message += "; did you mean '\(guess)'?" }
            return message
        }
    }
}
