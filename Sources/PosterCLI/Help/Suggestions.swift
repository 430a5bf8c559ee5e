/// "Did you mean" guesses for mistyped commands and options.
enum Suggestions {
    /// The candidate closest to `word`: a unique candidate it is a prefix of,
    /// else the nearest by edit distance (a swap of two neighbours counts as
    /// one edit), if near enough to be a plausible typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        if lowered.count >= 2, prefixed.count == 1 { return prefixed[0] }
        let limit = max(1, min(2, lowered.count / 3))
        let scored = candidates.map { (candidate: $0, distance: distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.candidate
    }

    /// Optimal-string-alignment distance between two strings, by characters.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
