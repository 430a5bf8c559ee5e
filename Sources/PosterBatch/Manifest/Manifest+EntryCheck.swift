import PosterKit
import NMTIDomain
import Foundation

extension Manifest {
    /// Why an entry cannot be one a batch wrote, as a JSON path under the entry and a
    /// reason; nil when it can. A batch writes `<theme>/<pack>/<CODE>.png` (the poster
    /// format) or `<theme>/<format>/<pack>/<CODE>.png` with a safe format and theme name (`ThemeName`), a size of at least 0, a 64-digit lowercase hex sha256
    /// and a finite time, so anything else is a damaged or hostile manifest, refused
    /// before `manifest merge` copies it into a merged one.
    static func problem(with entry: Entry) -> (field: String, reason: String)? {
        if let problem = ThemeName.problem(with: entry.theme) { return ("theme", problem) }
        if let format = entry.format, let problem = PosterFormat.problem(with: format) { return ("format", problem) }
        let folder = { (base: String) in
            let path = Entry.formatFolder(entry.formatName, in: base)
            return path.isEmpty ? "" : path + "/"
        }
        let isWord = { (text: String) in
            !text.isEmpty && text.count <= 32 && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
        guard isWord(entry.pack) else { return ("pack", "not a pack name (ASCII letters and digits)") }
        guard isWord(entry.code) else { return ("code", "not a personality code (ASCII letters and digits)") }
        if entry.result != nil {
            // A bulk render's poster: `<id>.png` or `<pack>-<CODE>-<hash>.png`, directly in its
            // folder, or in `<format>/` for a format other than the poster.
            let prefix = folder("")
            let name = entry.file.hasPrefix(prefix) ? String(entry.file.dropFirst(prefix.count)) : ""
            let stem = name.hasSuffix(".png") ? String(name.dropLast(4)) : ""
            guard QuizResult.fileNameProblem(forID: stem) == nil else {
                return ("file", "not a poster name a bulk render writes (\(prefix)<id>.png directly in its folder)")
            }
            guard let hash = entry.result, hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                return ("result", "not 64 lowercase hexadecimal digits")
            }
        } else if entry.file != "\(folder(entry.theme))\(entry.pack)/\(entry.code).png" {
            return ("file", "not \(folder(entry.theme))\(entry.pack)/\(entry.code).png, the file a batch writes for this entry")
        }
        guard entry.bytes >= 0 else { return ("bytes", "a size cannot be negative") }
        guard entry.sha256.utf8.count == 64, entry.sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return ("sha256", "not 64 lowercase hexadecimal digits")
        }
        guard entry.milliseconds.isFinite, entry.milliseconds >= 0 else { return ("milliseconds", "not a finite time of at least 0") }
        return nil
    }
}
