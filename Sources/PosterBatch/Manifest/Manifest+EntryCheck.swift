import PosterKit
import NMTIDomain
import Foundation

extension Manifest {
    /// Why an entry cannot be one a batch wrote, as a JSON path under the entry and a
    /// reason; nil when it can. A batch writes `<theme>/<pack>/<CODE>.png` with a safe
    /// theme name (`ThemeName`), a size of at least 0, a 64-digit lowercase hex sha256
    /// and a finite time, so anything else is a damaged or hostile manifest, refused
    /// before `manifest merge` copies it into a merged one.
    static func problem(with entry: Entry) -> (field: String, reason: String)? {
        if let problem = ThemeName.problem(with: entry.theme) { return ("theme", problem) }
        let isWord = { (text: String) in
            !text.isEmpty && text.count <= 32 && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
        guard isWord(entry.pack) else { return ("pack", "not a pack name (ASCII letters and digits)") }
        guard isWord(entry.code) else { return ("code", "not a personality code (ASCII letters and digits)") }
        if entry.result != nil {
            // A bulk render's poster: `<id>.png` or `<pack>-<CODE>-<hash>.png`, directly in its folder.
            let stem = entry.file.hasSuffix(".png") ? String(entry.file.dropLast(4)) : ""
            guard QuizResult.fileNameProblem(forID: stem) == nil else {
                return ("file", "not a poster name a bulk render writes (<id>.png directly in its folder)")
            }
            guard let hash = entry.result, hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                return ("result", "not 64 lowercase hexadecimal digits")
            }
        } else if entry.file != "\(entry.theme)/\(entry.pack)/\(entry.code).png" {
            return ("file", "not \(entry.theme)/\(entry.pack)/\(entry.code).png, the file a batch writes for this entry")
        }
        guard entry.bytes >= 0 else { return ("bytes", "a size cannot be negative") }
        guard entry.sha256.utf8.count == 64, entry.sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return ("sha256", "not 64 lowercase hexadecimal digits")
        }
        guard entry.milliseconds.isFinite, entry.milliseconds >= 0 else { return ("milliseconds", "not a finite time of at least 0") }
        return nil
    }
}
