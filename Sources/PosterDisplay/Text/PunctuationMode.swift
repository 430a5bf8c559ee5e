/// How full-width Chinese punctuation is spaced (标点挤压, clreq §3.1.6).
public enum PunctuationMode: String, Sendable, Hashable, CaseIterable {
    /// Adjacent marks share their blank halves (`，“` is 1.5 em, not 2), and a
    /// closing mark at a line end is set half-width when that lets it stay on the
    /// line instead of pushing a character down.
    case compress
    /// Every full-width mark keeps its full em, as the font draws it.
    case full
}
