/// The line `batch --resume` and `render --out --resume` print on standard error: how
/// many recorded posters were kept, and how many were rendered again and why.
enum ResumeNote {
    /// How a provenance difference (`Manifest.Provenance.differences`) reads in the note.
    static let staleReasons = [
        "theme": "made with another theme", "compression": "made with another compression",
        "engine": "made with another engine", "links": "made with another link style",
        "provenance": "recorded without provenance",
    ]

    /// `resume: kept 30, re-rendered 2 stale (1 changed bytes, 1 not a regular file)`.
    /// A poster made another way in two respects counts once in the total and under both reasons.
    static func line(kept: Int, renderedAgain: Int, damaged: [String: Int], stale: [String: Int]) -> String {
        let reasons = damaged.map { (reason: $0.key, count: $0.value) }
            + stale.map { (reason: staleReasons[$0.key] ?? "made with another \($0.key)", count: $0.value) }
        let detail = reasons.isEmpty ? ""
            : " (" + reasons.sorted { $0.reason < $1.reason }.map { "\($0.count) \($0.reason)" }.joined(separator: ", ") + ")"
        return "resume: kept \(kept), re-rendered \(renderedAgain) stale" + detail
    }

    /// Prints the line for a `--resume` run; `--quiet` silences it only when nothing
    /// recorded was rendered again, so a damaged or replaced poster is always reported.
    static func print(kept: Int, renderedAgain: Int, damaged: [String: Int], stale: [String: Int], quiet: Bool,
                      io: inout some TerminalIO) {
        guard !quiet || renderedAgain > 0 else { return }
        io.printErrorLine(line(kept: kept, renderedAgain: renderedAgain, damaged: damaged, stale: stale))
    }
}
