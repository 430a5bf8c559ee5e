import Foundation

/// The source text of every number in a JSON document, by JSON path, so that
/// integer fields are judged by what was written rather than by the `Double`
/// `JSONSerialization` rounded it to: `2.0000000000000001` parses as exactly 2.0
/// but is a fraction, and `9007199254740993` is not `9007199254740992`.
///
/// The document must already have parsed; this scanner only walks its tokens.
/// Duplicate keys resolve as in `JSONSerialization` (the last one wins), also
/// for numbers inside an object that a later duplicate key replaced.
struct JSONNumberText {
    /// A value's position: object keys (decoded) and array indices.
    private typealias Path = [String]

    private struct Container {
        let path: Path
        let id: Int
        let isObject: Bool
        var nextIndex = 0
        var pendingKey: String?
    }

    private var numbers: [Path: (text: String, parent: Int)] = [:]
    private var containers: [Path: (id: Int, parent: Int)] = [:]

    /// Scans `data`, a document `JSONSerialization` accepted.
    init(_ data: Data) {
        let bytes = [UInt8](data)
        var stack: [Container] = []
        var nextID = 1
        var index = 0
        func valuePath() -> (Path, Int)? {
            guard var top = stack.popLast() else { return ([], 0) }
            defer { stack.append(top) }
            if top.isObject {
                guard let key = top.pendingKey else { return nil }
                top.pendingKey = nil
                return (top.path + [key], top.id)
            }
            top.nextIndex += 1
            return (top.path + ["[\(top.nextIndex - 1)]"], top.id)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let (path, parent) = valuePath() ?? ([], 0)
                containers[path] = (nextID, parent)
                stack.append(Container(path: path, id: nextID, isObject: byte == UInt8(ascii: "{")))
                nextID += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                var escaped = false
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { escaped = true; index += 1 }
                    index += 1
                }
                index += 1
                let token = Data(bytes[start..<min(index, bytes.count)])
                if var top = stack.popLast() {
                    if top.isObject, top.pendingKey == nil, Self.isKey(bytes, after: index) {
                        top.pendingKey = Self.decodeString(token, escaped: escaped)
                        stack.append(top)
                    } else {
                        stack.append(top)
                        _ = valuePath()
                    }
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                if let (path, parent) = valuePath() {
                    numbers[path] = (String(decoding: bytes[start..<index], as: UTF8.self), parent)
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
                _ = valuePath()
            default:
                index += 1  // whitespace, ':' and ','
            }
        }
    }

    /// The text of the number at `path` (keys from the root), if the document has one there.
    func text(at path: [String]) -> String? {
        guard let number = numbers[path] else { return nil }
        // The number belongs to the container now at its parent path, and so on up.
        var parent = number.parent
        var prefix = Array(path.dropLast())
        while true {
            guard let container = containers[prefix], container.id == parent else { return nil }
            if prefix.isEmpty { return number.text }
            parent = container.parent
            prefix.removeLast()
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    /// Whether the string that ended just before `index` is a key (a ':' follows).
    private static func isKey(_ bytes: [UInt8], after index: Int) -> Bool {
        var position = index
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position < bytes.count && bytes[position] == UInt8(ascii: ":")
    }

    private static func decodeString(_ token: Data, escaped: Bool) -> String {
        guard escaped else { return String(decoding: token.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: token, options: [.fragmentsAllowed])) as? String ?? ""
    }
}

/// An integer judged exactly from its JSON text.
enum JSONInteger {
    /// Why a number's text is not an Int.
    enum Refusal: Error { case fraction, outOfRange }

    /// The exact value of a JSON number's text, if it is an integer in Int's range.
    /// `2.0`, `1e1` and `1.50e1` are integers; `2.0000000000000001` and `1e-1` are fractions.
    static func value(of text: String) throws(Refusal) -> Int {
        var scalars = Substring(text)
        let negative = scalars.first == "-"
        if negative { scalars.removeFirst() }
        let mantissa = scalars.prefix { $0 != "e" && $0 != "E" }
        let exponentText = scalars.dropFirst(mantissa.count + 1)
        let whole = mantissa.prefix { $0 != "." }
        let fraction = mantissa.dropFirst(whole.count + 1)
        // A huge exponent is beyond any range either way; Int parsing bounds it.
        var exponent = exponentText.isEmpty ? 0 : Int(exponentText) ?? (exponentText.hasPrefix("-") ? Int.min / 2 : Int.max / 2)
        var digits = Substring(String(whole) + String(fraction)).drop { $0 == "0" }
        guard !digits.isEmpty else { return 0 }
        exponent -= fraction.count
        while digits.last == "0" {
            digits.removeLast()
            exponent += 1
        }
        guard exponent >= 0 else { throw .fraction }
        guard digits.count + exponent <= 19 else { throw .outOfRange }
        var value = 0
        for digit in digits.utf8 + Array(repeating: UInt8(ascii: "0"), count: exponent) {
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let amount = Int(digit - UInt8(ascii: "0"))
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(amount) : shifted.addingReportingOverflow(amount)
            guard !overflowA, !overflowB else { throw .outOfRange }
            value = next
        }
        return value
    }
}
