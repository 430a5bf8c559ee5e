/// The typed reads. Absent keys and explicit `null` both mean "use the
/// default"; anything else of the wrong type or out of range is reported at the
/// value's location and replaced by the default.
extension ObjectReader {
    // MARK: - Generic

    /// Reads `key` through `convert`; a nil conversion is reported as
    /// "expected `expected`, found …". Use it for types such as colours.
    public func value<T>(_ key: String, expected: String, default defaultValue: T, _ convert: (JSONNode) -> T?) -> T {
        optionalValue(key, expected: expected, convert) ?? defaultValue
    }

    /// Like `value(_:expected:default:_:)`, but nil when absent, null or invalid.
    public func optionalValue<T>(_ key: String, expected: String, _ convert: (JSONNode) -> T?) -> T? {
        guard let found = node(for: key), !found.isNull else { return nil }
        guard let converted = convert(found) else {
            mismatch(key, found, expected: expected)
            return nil
        }
        return converted
    }

    /// Like `optionalValue(_:expected:_:)`, but a missing key is reported too.
    public func requiredValue<T>(_ key: String, expected: String, _ convert: (JSONNode) -> T?) -> T? {
        guard let found = node(for: key) else {
            reportMissing(key, expected: expected)
            return nil
        }
        guard let converted = convert(found) else {
            mismatch(key, found, expected: expected)
            return nil
        }
        return converted
    }

    // MARK: - Scalars

    /// A number, optionally limited to `range`.
    public func number(_ key: String, default defaultValue: Double, range: ClosedRange<Double>? = nil) -> Double {
        optionalNumber(key, range: range) ?? defaultValue
    }

    /// A number if present, optionally limited to `range`.
    public func optionalNumber(_ key: String, range: ClosedRange<Double>? = nil) -> Double? {
        optionalValue(key, expected: Self.describe("a number", range)) { Self.value($0.doubleValue, within: range) }
    }

    /// A whole number, optionally limited to `range`; `2.5` is reported, `2.0` accepted.
    public func int(_ key: String, default defaultValue: Int, range: ClosedRange<Int>? = nil) -> Int {
        optionalInt(key, range: range) ?? defaultValue
    }

    /// A whole number if present, optionally limited to `range`.
    public func optionalInt(_ key: String, range: ClosedRange<Int>? = nil) -> Int? {
        let bounds = range.map { Double($0.lowerBound)...Double($0.upperBound) }
        return optionalValue(key, expected: Self.describe("a whole number", bounds)) { Self.value($0.intValue, within: range) }
    }

    /// `true` or `false`.
    public func bool(_ key: String, default defaultValue: Bool) -> Bool {
        optionalBool(key) ?? defaultValue
    }

    /// `true` or `false` if present.
    public func optionalBool(_ key: String) -> Bool? {
        optionalValue(key, expected: "true or false", \.boolValue)
    }

    /// A string.
    public func string(_ key: String, default defaultValue: String) -> String {
        optionalString(key) ?? defaultValue
    }

    /// A string if present.
    public func optionalString(_ key: String) -> String? {
        optionalValue(key, expected: "a string", \.stringValue)
    }

    /// A string that must be present, optionally one of `allowed`. Returns `""`
    /// after reporting when missing or invalid, so check `diagnostics.hasErrors`
    /// before trusting the result.
    public func requiredString(_ key: String, oneOf allowed: [String]? = nil) -> String {
        guard let allowed else {
            return requiredValue(key, expected: "a string", \.stringValue) ?? ""
        }
        guard node(for: key) != nil else {
            reportMissing(key, expected: Self.listChoices(allowed))
            return ""
        }
        return choice(key, among: allowed) ?? ""
    }

    // MARK: - Enumerations

    /// One of the enumeration's raw values; unknown values are reported with the
    /// allowed ones and the closest match.
    public func enumeration<E>(_ key: String, default defaultValue: E) -> E
    where E: CaseIterable & RawRepresentable, E.RawValue == String {
        optionalEnumeration(key, as: E.self) ?? defaultValue
    }

    /// One of the enumeration's raw values if present.
    public func optionalEnumeration<E>(_ key: String, as type: E.Type = E.self) -> E?
    where E: CaseIterable & RawRepresentable, E.RawValue == String {
        guard let found = node(for: key), !found.isNull else { return nil }
        return choice(key, among: E.allCases.map(\.rawValue)).flatMap(E.init(rawValue:))
    }

    /// One of the enumeration's raw values, reporting a missing key with the
    /// values it could have had.
    public func requiredEnumeration<E>(_ key: String, as type: E.Type = E.self) -> E?
    where E: CaseIterable & RawRepresentable, E.RawValue == String {
        let allowed = E.allCases.map(\.rawValue)
        guard node(for: key) != nil else {
            reportMissing(key, expected: Self.listChoices(allowed))
            return nil
        }
        return choice(key, among: allowed).flatMap(E.init(rawValue:))
    }

    /// The string at `key` if it is one of `allowed`; reports anything else.
    private func choice(_ key: String, among allowed: [String]) -> String? {
        guard let found = node(for: key) else { return nil }
        guard let text = found.stringValue else {
            mismatch(key, found, expected: Self.listChoices(allowed))
            return nil
        }
        guard allowed.contains(text) else {
            var message = "unknown value \(JSONNode.quote(text)); expected \(Self.listChoices(allowed))"
            if let suggestion = Self.suggestion(for: text, among: allowed) {
                message += "; did you mean \(JSONNode.quote(suggestion))?"
            }
            diagnostics.error(message, path: path(for: key), location: found.location)
            return nil
        }
        return text
    }

    // MARK: - Arrays

    /// An array of strings, optionally of exactly `count` elements.
    public func stringArray(_ key: String, count: Int? = nil) -> [String]? {
        typedArray(key, count: count, element: "string", elements: "strings", \.stringValue)
    }

    /// An array of numbers, optionally of exactly `count` elements each within `range`.
    public func numberArray(_ key: String, count: Int? = nil, range: ClosedRange<Double>? = nil) -> [Double]? {
        typedArray(key, count: count, element: Self.describe("number", range), elements: Self.describe("numbers", range)) {
            Self.value($0.doubleValue, within: range)
        }
    }

    /// Checks the length first (one report), then each element (one report per
    /// bad element, at its own index); nil if anything was wrong.
    private func typedArray<T>(
        _ key: String, count: Int?, element: String, elements: String, _ convert: (JSONNode) -> T?
    ) -> [T]? {
        guard let found = node(for: key), !found.isNull else { return nil }
        let expected = count.map { "an array of \($0) \($0 == 1 ? element : elements)" } ?? "an array of \(elements)"
        guard let items = found.arrayValue else {
            mismatch(key, found, expected: expected)
            return nil
        }
        if let count, items.count != count {
            let noun = items.count == 1 ? "element" : "elements"
            diagnostics.error("expected \(expected), found \(items.count) \(noun)", path: path(for: key), location: found.location)
            return nil
        }
        var values: [T] = []
        for (index, item) in items.enumerated() {
            if let value = convert(item) {
                values.append(value)
            } else {
                let article = element.first.map { "aeiou".contains($0) } == true ? "an" : "a"
                diagnostics.error(
                    "expected \(article) \(element), found \(item.summary)",
                    path: path(for: key).appending(index), location: item.location)
            }
        }
        return values.count == items.count ? values : nil
    }

    /// `value` if present and inside `range` (when there is one).
    private static func value<T: Comparable>(_ value: T?, within range: ClosedRange<T>?) -> T? {
        guard let value else { return nil }
        if let range, !range.contains(value) { return nil }
        return value
    }

    // MARK: - Wording

    /// "a number between 1 and 4096", "a number of at least 0", or just "a number".
    static func describe(_ noun: String, _ range: ClosedRange<Double>?) -> String {
        guard let range else { return noun }
        let low = JSONNode.format(range.lowerBound), high = JSONNode.format(range.upperBound)
        switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
        case (true, true): return "\(noun) between \(low) and \(high)"
        case (true, false): return "\(noun) of at least \(low)"
        case (false, true): return "\(noun) of at most \(high)"
        case (false, false): return noun
        }
    }

    /// `one of "left", "center", "right"`.
    static func listChoices(_ allowed: [String]) -> String {
        "one of " + allowed.map { JSONNode.quote($0) }.joined(separator: ", ")
    }
}
