import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

extension Theme {
    /// Why the theme file may not be read: it is a symlink, or resolves to a place,
    /// outside `folder`; nil when it stays inside. The target's content is never read.
    static func escapeFromFolder(_ file: URL, folder: URL) -> String? {
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return nil }
        guard let resolvedFile = realPath(file.path), let resolvedFolder = realPath(folder.path) else {
            return (info.st_mode & S_IFMT) == S_IFLNK ? "is a symbolic link that leads nowhere" : nil
        }
        let prefix = resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/"
        guard resolvedFile.hasPrefix(prefix) else {
            return (info.st_mode & S_IFMT) == S_IFLNK
                ? "is a symbolic link that leads outside the theme folder; a theme reads only its own folder"
                : "resolves outside the theme folder; a theme reads only its own folder"
        }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
