import PosterKit

/// The line that ends a theme's report in `themes validate` and `preview --theme`: which
/// lints ran, over which results, and which a flag skipped, so a clean run says what it vouches for.
enum LintSummary {
    /// `lints run: fit over 224 results (the 32 variants, 192 personalised), contrast over 96 (the 32 variants,
    /// 64 personalised), QR box and QR scan`.
    static func line(theme: Theme, contrast: Bool, qrBoxes: Bool, scan: Bool) -> String {
        let pairs = theme.subject == .pair ? "512 pairs, " : ""
        var ran = ["fit over \(theme.lintSamples.count) results (the 32 variants, \(pairs)\(ThemeSample.personalised.count) personalised)"]
        if contrast {
            ran.append("contrast over \(theme.contrastSamples.count) (the 32 variants, \(pairs)\(ThemeSample.personalisedForContrast.count) personalised)")
        }
        if qrBoxes { ran.append("QR box") }
        if scan { ran.append("QR scan") }
        var skipped: [String] = []
        if !contrast { skipped.append("contrast (--no-contrast)") }
        if !scan { skipped.append("QR scan (--no-scan)") }
        let list = ran.count == 1 ? ran[0] : ran.dropLast().joined(separator: ", ") + " and " + ran[ran.count - 1]
        return "lints run: " + list + (skipped.isEmpty ? "" : "; skipped: " + skipped.joined(separator: ", "))
    }
}
