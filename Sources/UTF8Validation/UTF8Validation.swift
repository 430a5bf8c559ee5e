extension Sequence where Element == UInt8 {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence
    /// (overlong forms and surrogates included), or nil if every byte is well formed.
    /// The result JSON reader and the theme file reader both name that offset in
    /// their errors.
    package var firstInvalidUTF8Offset: Int? {
        var decoder = UTF8()
        var iterator = makeIterator()
        var valid = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return valid
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// `firstInvalidUTF8Offset`, after the standard library's fast validation says
    /// something is wrong (most input is well formed, and that check is vectorised).
    package var firstInvalidUTF8OffsetValidatingFirst: Int? {
        String(validating: self, as: UTF8.self) != nil ? nil : firstInvalidUTF8Offset
    }
}
