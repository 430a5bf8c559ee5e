import PosterKit

/// "Did you mean" guesses for mistyped commands and options.
enum Suggestions {
    /// The candidate closest to `word`: a unique candidate it is a prefix of
    /// (`res` for `resolve`), else the package's one spelling rule (`Spelling.closest`).
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        if lowered.count >= 2, prefixed.count == 1 { return prefixed[0] }
        return Spelling.closest(to: word, among: candidates)
    }
}
