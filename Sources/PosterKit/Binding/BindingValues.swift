import NMTIDomain
import PosterLinks

/// The typed values a theme's placeholders and conditions can refer to, for one
/// result: the built-ins of `BindingDescriptor.builtIn`, then the theme's variables (text).
public struct BindingValues: Sendable {
    /// Values by placeholder name, such as "title" or "score.c"; a name the result
    /// has no value for (an inviter's code when not invited) is absent.
    public private(set) var values: [String: BindingValue]

    /// Binds a resolved result, printing its links in `links`; `Theme.bind(_:links:)`
    /// adds the theme variables.
    public init(_ resolved: ResolvedResult, links: LinkStyle = .scheme) {
        var values: [String: BindingValue] = [:]
        values.reserveCapacity(BindingDescriptor.builtIn.count)
        for descriptor in BindingDescriptor.builtIn {
            if let value = descriptor.value(resolved, links) { values[descriptor.name] = value }
        }
        self.values = values
    }

    /// No values at all: every placeholder reads as empty (for what needs none, such
    /// as a colour function over literals).
    public static let empty = BindingValues(values: [:])

    private init(values: [String: BindingValue]) {
        self.values = values
    }

    /// The value of a name as a template prints it; unknown and absent names read as empty.
    public subscript(name: String) -> String { values[name]?.text ?? "" }

    /// Whether a name holds in a condition (`BindingValue.isTruthy`); absent names do not.
    public func isTruthy(_ name: String) -> Bool { values[name]?.isTruthy ?? false }

    /// Sets a theme variable's value.
    mutating func set(_ name: String, _ value: String) {
        values[name] = .text(value)
    }
}
