import Foundation
import NMTIDomain
import PosterKit

/// The QR scan lint's options on `themes validate` and `preview`: whether it runs, and the
/// link base its links are printed under (`ScanLint`).
struct ScanCheckOptions: Sendable {
    static let specOptions: [OptionSpec] = [
        .flag("no-scan", help: "Skip the QR scan lint (every variant's QR code decoded after a chat app's recompression)."),
        .value("link-base", valueName: "url",
               help: "Check QR codes holding links under this base (default \(ScanLint.referenceBase.text); env \(LinkOptions.baseVariable))."),
    ]

    /// Whether the lint runs.
    let runs: Bool
    /// The base given, or nil for `ScanLint.referenceBase`.
    let base: LinkBase?

    init(_ values: ParsedValues, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        runs = !values.flag("no-scan")
        base = try LinkOptions.base(values, environment: environment)
    }

    /// Fails (exit 1) before any work when the lint is to run and the decoder libraries are missing.
    func requireDecoder() throws(CommandFailure) {
        guard runs, let missing = ScanLint.unavailableReason() else { return }
        throw CommandFailure(.unscannable, "scan lint: \(missing); pass --no-scan to skip it")
    }

    /// Runs the lint over a theme's variants.
    func report(of theme: Theme, renderer: PosterRenderer) throws(CommandFailure) -> ScanReport {
        do throws(RenderError) {
            return try ScanLint.catalogueReport(of: theme, renderer: renderer, base: base)
        } catch {
            throw ThemeInput.failure(error)
        }
    }

    /// The summary line of a report: what was checked, and how.
    func summary(_ report: ScanReport) -> String {
        let outcome = report.failures.isEmpty ? "read back" : "checked, \(report.failures.count) did not read back"
        let noBase = base == nil ? " (no --link-base: posters rendered without one hold nmti:// links, which WeChat and phone cameras do not open)" : ""
        return "scan lint: \(report.codesChecked) QR codes \(outcome) with zbar; links under \(report.conditions)\(noBase)"
    }
}
