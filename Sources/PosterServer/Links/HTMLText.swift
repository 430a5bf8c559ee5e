/// Escaping for text put into HTML: every character that could end a text run or an
/// attribute value (`& < > " '`) becomes a character reference, and control
/// characters (which HTML forbids) become U+FFFD. Safe in element content and in
/// quoted attribute values alike.
enum HTMLText {
    /// `text` escaped for element content or a double- or single-quoted attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\r", "\t": out.unicodeScalars.append(" ")
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out.unicodeScalars.append("\u{FFFD}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
