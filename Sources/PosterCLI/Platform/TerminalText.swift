/// The one place text from themes, results or the file system is made safe for a
/// terminal: every line the tool prints goes through `escaped`.
enum TerminalText {
    /// Escapes what could break a line or take over a terminal: line breaks and tabs
    /// (`\n`, `\r`, `\t`), other C0 controls, DEL and C1 controls (so no ESC or CSI
    /// sequence), the line and paragraph separators and the bidirectional embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069), as `\u{…}`. The result
    /// is always exactly one line that shows what the text said.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar is escaped by `escaped`.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
