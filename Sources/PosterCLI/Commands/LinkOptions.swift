import Foundation
import NMTIDomain
import PosterKit
import PosterLinks

/// `--link-base` and `--link-key-file`, shared by render, batch, resolve and serve:
/// how printed links are written and signed, and the keys links read are checked
/// against. Each falls back to its environment variable.
struct LinkOptions: Sendable {
    /// The environment variable that stands for `--link-base`.
    static let baseVariable = "NMTI_LINK_BASE"
    /// The environment variable that stands for `--link-key-file`.
    static let keyFileVariable = "NMTI_LINK_KEY_FILE"

    static let specOptions: [OptionSpec] = [
        .value("link-base", valueName: "url",
               help: "Print links in the web form under this base, e.g. https://nmti.example/ (default: nmti://; env \(baseVariable))."),
        .value("link-key-file", valueName: "file",
               help: "Sign printed links with the first key of this file and check links read against all of them (env \(keyFileVariable))."),
    ]

    /// The validated base, or nil for the app scheme.
    let base: LinkBase?
    /// The key file, if any.
    let keyFile: String?

    init(_ values: ParsedValues, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        base = try Self.base(values, environment: environment)
        keyFile = values.options("link-key-file").last ?? environment[Self.keyFileVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The validated `--link-base` (else `NMTI_LINK_BASE`), or nil for none; for any command declaring `--link-base`.
    static func base(_ values: ParsedValues, environment: [String: String]) throws(UsageError) -> LinkBase? {
        let rawBase = values.options("link-base").last ?? environment[baseVariable].flatMap { $0.isEmpty ? nil : $0 }
        do throws(LinkBaseError) {
            return try rawBase.map { base throws(LinkBaseError) in try LinkBase(base) }
        } catch {
            let source = values.options("link-base").isEmpty ? baseVariable : "--link-base"
            throw UsageError("\(source): \(error)", commandPath: values.commandPath)
        }
    }

    /// The note for posters with QR codes drawn without a link base: they hold `nmti://`
    /// links, which WeChat's scanner and phone cameras show as text, not open. Nil with a
    /// base, or when no theme draws a QR code. Printed with the run's other notes.
    func schemeNote(_ themes: [Theme]) -> String? { Self.schemeNote(base == nil, themes) }

    /// The same note for a style already made (`render --out` over many results).
    static func schemeNote(_ noBase: Bool, _ themes: [Theme]) -> String? {
        guard noBase else { return nil }
        let drawing = themes.filter(\.drawsQRCodes).map(\.name)
        guard !drawing.isEmpty else { return nil }
        return "note: no --link-base (or \(baseVariable)): the QR codes of \(drawing.joined(separator: ", ")) hold "
            + "nmti:// links, which WeChat and phone cameras do not open; pass --link-base https://your.domain/ (docs/links.md)"
    }

    /// The signer over the key file's keys, or nil without one.
    func signer() throws(CommandFailure) -> LinkSigner? {
        guard let keyFile else { return nil }
        do throws(SigningKeyError) {
            return try LinkSigner(keyFile: keyFile)
        } catch {
            let kind: FailureKind = FileManager.default.isReadableFile(atPath: keyFile) ? .usage : .missingInput
            throw CommandFailure(kind, "link key file \(error)", cause: error)
        }
    }

    /// How printed links are written: the compact form under the base (the long web form for a link it cannot hold) or the app scheme, signed with the key file's first key.
    func style() throws(CommandFailure) -> LinkStyle {
        LinkStyle(base: base, signer: try signer())
    }
}
