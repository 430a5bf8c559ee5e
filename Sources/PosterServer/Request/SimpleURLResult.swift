import Foundation
import NMTIDomain

/// The "simple URL" form: `GET /v1/posters/<theme>.png?c=6&s=-3&e=2&a=-5&pack=student&nickname=…`
/// builds the result JSON those parameters stand for and reads it with the same
/// `QuizResult(jsonData:)` as `render`, so both forms check alike and give the same
/// poster. Errors name the query parameter instead of the JSON path.
package enum SimpleURLResult {
    /// Parameter name → the result JSON field it fills.
    package static let fields: [(parameter: String, field: String)] = [
        ("c", "scores.c"), ("s", "scores.s"), ("e", "scores.e"), ("a", "scores.a"),
        ("pack", "pack"), ("code", "code"), ("nickname", "nickname"), ("from", "fromCode"), ("fromNickname", "fromNickname"),
    ]

    /// Parameters the service reads for itself rather than the result.
    package static let serviceParameters: Set<String> = ["sig", "v", "format"]

    /// The result the query describes (`QueryItems` has refused repeated names already).
    /// Messages name the parameter, never quote its value or an unknown name.
    package static func result(from query: QueryItems) throws(ServiceError) -> QuizResult {
        for (index, item) in query.items.enumerated()
        where !serviceParameters.contains(item.name) && !fields.contains(where: { $0.parameter == item.name }) {
            let known = fields.map(\.parameter).joined(separator: ", ")
            let named = QueryItems.namedParameters.contains(item.name) ? item.name : nil
            throw ServiceError(400, "bad-query", path: named, "\(named ?? "query item \(index + 1)"): unknown parameter; known: \(known), format, sig, v")
        }
        if let plain = plainResult(query) { return plain }
        var scores: [String] = []
        var top: [String] = []
        for (parameter, field) in fields {
            guard let value = query.value(parameter) else { continue }
            if field.hasPrefix("scores.") {
                // Foundation's parser refuses the whole document for a number beyond a double; name the parameter.
                if isJSONNumber(value), !(Double(value)?.isFinite ?? false) {
                    throw ServiceError(400, "bad-result", path: parameter, "\(parameter): expected an integer, found a number beyond a 64-bit integer")
                }
                scores.append("\(quoted(String(field.dropFirst(7)))):\(numberOrString(value))")
            } else {
                top.append("\(quoted(field)):\(quoted(value))")
            }
        }
        let json = "{\"scores\":{\(scores.joined(separator: ","))}" + top.map { "," + $0 }.joined() + "}"
        do throws(ResultError) {
            return try QuizResult(jsonData: Data(json.utf8))
        } catch {
            let parameter = fields.first { error.path == $0.field || error.path.hasPrefix($0.field + ".") }?.parameter
                ?? (error.path == "scores" ? "c" : error.path)
            throw ServiceError(400, "bad-result", path: parameter, "\(parameter): \(error.reasonWithoutInput)")
        }
    }

    /// The result without the JSON round trip, when every value is plainly valid:
    /// scores written as plain integers, a known pack, codes that exist (and a
    /// `code` that agrees). Anything else returns nil and goes through the JSON
    /// form, whose messages name the problem; both give the same result (a test
    /// checks), and this one costs a fraction of a request's time.
    static func plainResult(_ query: QueryItems) -> QuizResult? {
        func integer(_ name: String) -> Int? {
            guard let text = query.value(name), isPlainInteger(text) else { return nil }
            return Int(text)
        }
        guard let c = integer("c"), let s = integer("s"), let e = integer("e"), let a = integer("a") else { return nil }
        var pack = QuizPack.workplace
        if let raw = query.value("pack") {
            guard let known = QuizPack(rawValue: raw) else { return nil }
            pack = known
        }
        var fromCode: PersonalityCode?
        if let raw = query.value("from") {
            guard let personality = Personality.find(raw) else { return nil }
            fromCode = personality.code
        }
        let nickname = query.value("nickname").flatMap { $0.isEmpty ? nil : $0 }
        let fromNickname = query.value("fromNickname").flatMap { $0.isEmpty ? nil : $0 }
        // A control character is the reader's to refuse, with its message.
        for name in [nickname, fromNickname] {
            if let name, QuizResult.refusedControlCharacter(in: name) != nil { return nil }
        }
        let result = QuizResult(
            scores: DimensionScores(c: c, s: s, e: e, a: a), pack: pack, nickname: nickname, fromCode: fromCode, fromNickname: fromNickname)
        if let raw = query.value("code") {
            guard Personality.find(raw)?.code == result.code else { return nil }
        }
        return result
    }

    /// `0` or `-?[1-9][0-9]{0,17}`: an integer every reader takes the same way.
    static func isPlainInteger(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, (1...18).contains(bytes.count),
              bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        return first != UInt8(ascii: "0") || (bytes.count == 1 && text == "0")
    }

    /// A JSON string literal: `"`, `\\` and control characters escaped, the rest as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON number when the text is exactly one (so `1.5` and `1e400` get the CLI's number
    /// messages), else a string (which the reader refuses as "expected an integer").
    static func numberOrString(_ text: String) -> String {
        isJSONNumber(text) && text.utf8.count <= 400 ? text : quoted(text)
    }

    /// Whether `text` is exactly one JSON number literal: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// (Scanned by hand: a Swift `Regex` costs tens of microseconds a match, on every request.)
    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leading = index
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[leading] != UInt8(ascii: "0") else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
