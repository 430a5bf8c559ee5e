extension LineBreakRules {
    /// The longest mention, in characters after the `@`, kept whole.
    static let longestMention = 32

    /// Keeps each @mention that a no-break space ends (`@老板\u{00A0}`, as pairing
    /// lines name people) whole, like a Latin word: a break inside it, or between
    /// it and the word after, is only taken when the mention alone is wider than
    /// the line. Without this a line could end in `@` or `@老`, or leave the name
    /// apart from what the person does (`@老板` / `卷到半夜`).
    static func keepMentions(_ opportunities: inout [Opportunity], in characters: [Character]) {
        var index = 0
        while index < characters.count {
            guard characters[index] == "@" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, end - index <= longestMention + 1, !characters[end].isWhitespace { end += 1 }
            if end > index + 1, end < characters.count, characters[end] == "\u{00A0}" {
                for position in (index + 1)...min(end + 1, characters.count - 1) where opportunities[position] > .insideWord {
                    opportunities[position] = .insideWord
                }
            }
            index = end
        }
    }
}
