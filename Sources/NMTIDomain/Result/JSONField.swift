import Foundation

/// Typed reads of values produced by `JSONSerialization`, failing with a
/// `ResultError` that names the JSON path and what was found instead.
///
/// Foundation's `JSONDecoder` on Linux reports some type problems (a fraction
/// or a huge number where an integer belongs) as "not valid JSON" without a
/// coding path, so results are read field by field instead.
enum JSONField {
    /// A short description of a value for messages: `null`, `a string`, `1.5`.
    static func describe(_ value: Any?) -> String {
        switch value {
        case .none: "nothing"
        case is NSNull: "null"
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case let number as NSNumber:
            isBoolean(number) ? (number.boolValue ? "true" : "false") : number.stringValue
        default: "a value of another type"
        }
    }

    /// The object at `path`; `expected` names what it should hold.
    static func object(
        _ value: Any?, at path: String, expected: String = "an object"
    ) throws(ResultError) -> [String: Any] {
        guard let value else { throw missing(path, expected) }
        guard let object = value as? [String: Any] else { throw mismatch(path, expected, value) }
        return object
    }

    /// The integer at `path`, judged from its source `text` when the caller has it:
    /// a number whose exact decimal value is whole (`2`, `2.0`, `1e1`) is accepted,
    /// one with a fractional part is refused even when it rounds to a whole
    /// `Double` (`2.0000000000000001`), and one beyond Int's range is refused.
    static func integer(_ value: Any?, text: String? = nil, at path: String) throws(ResultError) -> Int {
        let expected = "an integer"
        guard let value else { throw missing(path, expected) }
        guard let number = value as? NSNumber, !isBoolean(number) else { throw mismatch(path, expected, value) }
        let shown = text ?? describe(value)
        if let text {
            do throws(JSONInteger.Refusal) {
                return try JSONInteger.value(of: text)
            } catch .fraction {
                throw ResultError(path: path, reason: "expected \(expected), found \(shown) (a fraction)")
            } catch {
                throw ResultError(path: path, reason: "expected \(expected), found \(shown), beyond the integer range")
            }
        }
        if let integer = value as? Int { return integer }
        let double = number.doubleValue
        if double.isFinite, double.rounded() != double {
            throw ResultError(path: path, reason: "expected \(expected), found \(shown) (a fraction)")
        }
        throw ResultError(
            path: path, reason: "expected \(expected), found \(shown), beyond the integer range")
    }

    /// The string at `path`, or nil when the field is absent or null.
    static func optionalString(_ value: Any?, at path: String) throws(ResultError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let string = value as? String else { throw mismatch(path, "a string", value) }
        return string
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        // JSONSerialization makes booleans CFBoolean ("c"); numbers are never chars.
        String(cString: number.objCType) == "c"
    }

    private static func missing(_ path: String, _ expected: String) -> ResultError {
        ResultError(path: path, reason: "missing; expected \(expected)")
    }

    private static func mismatch(_ path: String, _ expected: String, _ value: Any) -> ResultError {
        ResultError(path: path, reason: "expected \(expected), found \(describe(value))")
    }
}
