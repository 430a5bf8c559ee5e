import Foundation

/// The apps allowed to open the link base's URLs, as the two `/.well-known/` files
/// declare them: iOS universal links (`apple-app-site-association`, from app IDs
/// `TEAMID.bundle.id`) and Android App Links (`assetlinks.json`, from a package
/// name and the SHA-256 fingerprints of its signing certificates).
public struct AppDeclarations: Sendable, Hashable {
    /// iOS app IDs, `TEAMID.bundle.id`, already validated.
    public var appleAppIDs: [String] = []
    /// The Android package name, already validated.
    public var androidPackage: String?
    /// The Android signing certificates' SHA-256 fingerprints, `AA:BB:…` in upper case.
    public var androidCertificates: [String] = []

    /// No app declared: both files answer 404.
    public init() {}

    /// Checks an iOS app ID: a 10-character team ID (`A–Z 0–9`), a dot and a bundle
    /// ID (letters, digits, `-` and `.`).
    public static func appleAppID(_ text: String) throws(AppDeclarationError) -> String {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let team = parts[0]
        guard team.utf8.count == 10, team.utf8.allSatisfy({ isUpper($0) || isDigit($0) }) else {
            throw AppDeclarationError(option: "apple-app-id", value: text, reason: "expected TEAMID.bundle.id with a 10-character team ID of A-Z and 0-9, such as ABCDE12345.com.example.nmti")
        }
        guard parts.count == 2, isDottedName(parts[1], extra: UInt8(ascii: "-")) else {
            throw AppDeclarationError(option: "apple-app-id", value: text, reason: "the bundle ID after the team ID must be letters, digits, '-' and '.' between segments, such as com.example.nmti")
        }
        return text
    }

    /// Checks an Android package name: two or more dot-separated segments, each a
    /// letter followed by letters, digits or `_`.
    public static func androidPackage(_ text: String) throws(AppDeclarationError) -> String {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 255, segments.count >= 2,
              segments.allSatisfy({ segment in
                  guard let first = segment.utf8.first, isLetter(first) else { return false }
                  return segment.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
              }) else {
            throw AppDeclarationError(option: "android-package", value: text, reason: "expected a package name such as com.example.nmti (two or more segments, each a letter then letters, digits or '_')")
        }
        return text
    }

    /// Checks a certificate fingerprint: 32 bytes as hex pairs joined by `:`; returned in upper case.
    public static func certificateFingerprint(_ text: String) throws(AppDeclarationError) -> String {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pairs.count == 32, pairs.allSatisfy({ $0.utf8.count == 2 && $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }) else {
            throw AppDeclarationError(option: "android-cert-sha256", value: text, reason: "expected a SHA-256 fingerprint as 32 hex pairs joined by ':' (AA:BB:…, as `keytool -list -v` prints it)")
        }
        return text.uppercased()
    }

    /// The `apple-app-site-association` JSON for `paths` (such as `/i`, `/r`, `/I/*` and `/R/*`), or nil with no iOS app.
    /// It carries both the `components` form (iOS 13 and later) and the older `paths` form.
    func appleAssociation(paths: [String]) -> [UInt8]? {
        guard !appleAppIDs.isEmpty else { return nil }
        let components: [[String: String]] = paths.map { ["/": $0] }
        let details: [[String: Any]] = [["appIDs": appleAppIDs, "components": components]]
            + appleAppIDs.map { ["appID": $0, "paths": paths] }
        return Self.json(["applinks": ["apps": [String](), "details": details]])
    }

    /// The `assetlinks.json` statement list, or nil with no Android app.
    func assetLinks() -> [UInt8]? {
        guard let androidPackage, !androidCertificates.isEmpty else { return nil }
        let statement: [String: Any] = [
            "relation": ["delegate_permission/common.handle_all_urls"],
            "target": ["namespace": "android_app", "package_name": androidPackage, "sha256_cert_fingerprints": androidCertificates],
        ]
        return Self.json([statement])
    }

    private static func json(_ object: Any) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return [UInt8](data) + [0x0a]
    }

    private static func isDottedName(_ text: Substring, extra: UInt8) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.utf8.count <= 155 && segments.allSatisfy { segment in
            !segment.isEmpty && segment.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == extra }
        }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { (65...90).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
}

/// Why an app identifier was refused, naming the option and the value.
public struct AppDeclarationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `serve` option, without `--`.
    public let option: String
    /// The value as given.
    public let value: String
    /// What is wrong with it.
    public let reason: String

    /// `--option 'value': reason`.
    public var description: String { "--\(option) '\(value)': \(reason)" }
}
