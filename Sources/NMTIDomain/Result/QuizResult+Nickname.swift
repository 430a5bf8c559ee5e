/// What a nickname may hold, and what is left of it when drawn or put in a link.
///
/// Nicknames are any Unicode text the quiz taker typed, with two exceptions:
///
/// - **Control characters are refused** when a result or a link is read: C0 controls
///   (U+0000–U+001F) other than tab, line feed and carriage return, DEL (U+007F) and
///   C1 controls (U+0080–U+009F). Nobody types them, a NUL ends the text a C library
///   draws (`@a` instead of `@a b 的鉴定结果`, with no note), and the others draw as
///   nothing or as boxes. Tab and line breaks are text the layout reads.
/// - **Bidi controls are dropped**, because they also occur in real right-to-left text
///   (`withoutBidiControls`).
///
/// A result built in code is never checked by a reader, so what is drawn and what a
/// link carries goes through `shownNickname`, which drops both kinds: the engine can
/// never draw a nickname cut short or print (or sign) a link holding a control.
extension QuizResult {
    /// The first control character in `text` that a nickname may not hold (see above), if any.
    public static func refusedControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isRefusedControl)
    }

    /// A nickname as posters draw it and links carry it: without refused control
    /// characters and without bidi controls.
    public static func shownNickname(_ text: String) -> String {
        let kept = withoutBidiControls(text)
        guard kept.unicodeScalars.contains(where: isRefusedControl) else { return kept }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: kept.unicodeScalars.filter { !isRefusedControl($0) })
        return String(scalars)
    }

    /// `text` without Unicode bidirectional controls (U+200E, U+200F, U+061C,
    /// U+202A–U+202E, U+2066–U+2069): in a nickname they would reorder the
    /// product's own text around it (`@板老` for `U+202E老板`), on posters and pages.
    public static func withoutBidiControls(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !isControl($0) })
        return String(kept)
    }

    /// `U+0000`: a code point as messages name it, so that they never quote the character itself.
    static func codePointName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
