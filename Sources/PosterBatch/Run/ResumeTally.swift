import PosterKit
import Foundation
import PosterFiles
import PosterHashing

/// Why a resume did not keep a poster an earlier run recorded, although the poster
/// would be made the same way: its file is not the one recorded.
enum ResumeProblem: String, Sendable {
    /// No file under the recorded name.
    case missing = "missing"
    /// A regular file whose size or sha256 differs from the record (or that is larger).
    case changedBytes = "changed bytes"
    /// A symlink (even to a file with the recorded bytes), folder, FIFO, device or
    /// socket, or reached through a symlinked folder.
    case notRegular = "not a regular file"
    /// A regular file with more than one hard link.
    case hardLinked = "hard-linked"
    /// A file that could not be opened or read.
    case unreadable = "unreadable"
    /// A batch record for this file naming another theme, pack or code.
    case anotherPoster = "recorded for another poster"
    /// A bulk record for this name made from another result.
    case anotherResult = "recorded for another result"

    /// Why the file `entry` records is not intact, or nil when it is: a regular file
    /// with a single link inside `output`, never reached through a symlink, with the
    /// recorded size and sha256.
    static func check(_ file: String, in output: OutputFolder, as entry: Manifest.Entry) -> ResumeProblem? {
        switch output.regularFile(file, limit: max(0, entry.bytes)) {
        case .success(let data): data.count == entry.bytes && SHA256.hex(data) == entry.sha256 ? nil : .changedBytes
        case .failure(.missing): .missing
        case .failure(.notRegular): .notRegular
        case .failure(.hardLinked): .hardLinked
        case .failure(.tooLarge): .changedBytes
        case .failure(.unreadable): .unreadable
        }
    }
}

/// What a resume did with the posters an earlier run recorded: kept, or rendered
/// again because their file is not the one recorded or they were made another way.
struct ResumeTally: Sendable {
    /// Posters kept.
    var kept = 0
    /// Posters rendered again, each counted once.
    var renderedAgain = 0
    /// Posters whose file is not the one recorded, by `ResumeProblem`.
    var damaged: [String: Int] = [:]
    /// Posters made another way, by difference (`theme`, `compression`, `engine`,
    /// `links`, `provenance`); one that differs in two counts under both.
    var stale: [String: Int] = [:]

    mutating func renderAgain(_ problem: ResumeProblem) {
        renderedAgain += 1
        damaged[problem.rawValue, default: 0] += 1
    }

    mutating func renderAgain(madeAnotherWay differences: [String]) {
        renderedAgain += 1
        for difference in differences { stale[difference, default: 0] += 1 }
    }
}
