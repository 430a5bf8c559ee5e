import Foundation
import NMTIDomain
import PosterKit
import PosterHashing

/// The file names of a results stream's posters, and the claims that keep them apart.
///
/// A result with an `id` is written as `<id>.png` (the id must be a safe file name:
/// `QuizResult.fileNameProblem(forID:)`); one without is written as
/// `<pack>-<CODE>-<hash>.png`, where the hash is the first 16 hex digits of the sha256
/// of its canonical JSON, so the same result always gets the same name. Names are
/// claimed in input order, and a name already claimed in this run is an error for the
/// later result: two results with one id, or the same result twice without ids.
struct ResultNames {
    /// Hex digits of the content hash in a name: 64 bits, so a million results
    /// without ids collide with a chance of about 3 in 100 million.
    static let hashDigits = 16

    /// Each claimed name's record location, whether the name came from an id, and the result's hash.
    private var claims: [String: (location: String, fromID: Bool, hash: String)] = [:]

    /// The sha256 of the result's canonical JSON, in hex.
    static func contentHash(of result: QuizResult) -> String {
        SHA256.hex(result.canonicalJSON())
    }

    /// The poster's file name for `result`, or why it has none: a JSON path and a reason.
    static func name(for result: QuizResult, hash: String) -> Result<String, ResultError> {
        if let id = result.id {
            if let problem = QuizResult.fileNameProblem(forID: id) { return .failure(ResultError(path: "id", reason: problem)) }
            return .success(id + ".png")
        }
        return .success("\(result.pack.rawValue)-\(result.code.rawValue)-\(hash.prefix(hashDigits)).png")
    }

    /// Claims `name` for the record at `location`; fails with the reason when an
    /// earlier record of this run holds it.
    mutating func claim(_ name: String, for result: QuizResult, hash: String, at location: String) -> ResultError? {
        if let first = claims[name] {
            switch (result.id, first.fromID) {
            case (let id?, true):
                return ResultError(path: "id", reason: "'\(id)' is also the id of \(first.location); each result needs its own id (both would be \(name))")
            case (nil, false) where first.hash != hash:
                // Two results whose hashes share their first 64 bits: never seen, but never silent.
                return ResultError(path: "", reason: "another result, \(first.location), has a hash that starts the same (both would be \(name)); give them ids to render both")
            case (nil, false):
                return ResultError(path: "", reason: "the same result as \(first.location) (both would be \(name)); give them ids to render both")
            default:
                return ResultError(path: result.id == nil ? "" : "id", reason: "\(name) is already the poster of \(first.location); choose another id")
            }
        }
        claims[name] = (location, result.id != nil, hash)
        return nil
    }
}
