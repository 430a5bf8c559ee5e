/// "Did you mean" guesses, one rule for the whole package: mistyped theme keys,
/// choices, placeholders, condition names, commands and options.
package enum Spelling {
    /// The closest candidate within a typo's reach, ignoring case; ties go to the
    /// alphabetically first so reports are stable. Words under three characters
    /// only match by case, since one edit turns `b` into anything. A candidate equal
    /// to `word` is not a suggestion.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = word.count < 3 ? 0 : max(1, min(3, word.count / 3))
        let target = Array(word.lowercased())
        var best: (distance: Int, candidate: String)?
        for candidate in candidates where candidate != word {
            let distance = distance(target, Array(candidate.lowercased()))
            guard distance <= limit else { continue }
            if best == nil || (distance, candidate) < (best!.distance, best!.candidate) {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Edit distance between two strings by characters (optimal string alignment:
    /// Levenshtein where swapping two neighbours costs one edit, since that is the
    /// most common typo, `widht`).
    package static func distance(_ lhs: String, _ rhs: String) -> Int {
        distance(Array(lhs), Array(rhs))
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
