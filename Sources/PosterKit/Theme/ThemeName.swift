import Foundation

/// The rule a theme's name follows, because it becomes a folder name (batch output,
/// goldens, artifacts), part of report links and of printed lines:
/// `^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$` without `..`, that is 1 to 64 ASCII letters,
/// digits, `.`, `_` and `-`, starting with a letter or digit. So a name is never empty,
/// `.` or `..`, never holds a `/`, a `\`, a `:`, a space, a control character or
/// anything that needs escaping in a URL.
public enum ThemeName {
    /// The longest name allowed.
    public static let maximumLength = 64

    /// The pattern, as docs/themes.md and Themes/theme.schema.json give it.
    public static let pattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"

    /// Why `name` is not a safe theme name, or nil when it is.
    public static func problem(with name: String) -> String? {
        let scalars = Array(name.unicodeScalars)
        guard !scalars.isEmpty else { return "a theme name cannot be empty" }
        guard scalars.count <= maximumLength else { return "a theme name may have at most \(maximumLength) characters, not \(scalars.count)" }
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        guard isAlphanumeric(scalars[0]) else { return "a theme name must start with an ASCII letter or digit" }
        if let bad = scalars.first(where: { !isAlphanumeric($0) && $0 != "." && $0 != "_" && $0 != "-" }) {
            let shown = bad.value < 0x20 || bad.value >= 0x7F ? "U+" + String(bad.value, radix: 16, uppercase: true) : "'\(bad)'"
            return "a theme name may hold only ASCII letters, digits, '.', '_' and '-', not \(shown)"
        }
        guard !name.contains("..") else { return "a theme name cannot contain '..'" }
        return nil
    }
}
