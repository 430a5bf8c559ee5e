import Foundation
import NMTIDomain
import PosterLinks
import Testing
@testable import PosterKit

/// The scan lint decodes every variant's QR code after a chat app's recompression.
@Suite struct ScanLintTests {
    func report(_ json5: String, base: LinkBase? = nil) throws -> ScanReport {
        let folder = try makeTheme(json5)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try ScanLint.catalogueReport(of: Theme.load(from: folder), renderer: PosterRenderer(), base: base)
    }

    @Test func aLargeCodeReadsBackForEveryVariantAndCase() throws {
        let found = try report("""
            { canvas: { width: 375, height: 667, background: "#FFFFFF" }, elements: [
              { type: "text", x: 20, y: 20, width: 335, text: "{title}", size: 40, color: "#2B2620" },
              { type: "qr", x: 20, y: 300, width: 335, quietZone: 4 },
            ] }
            """)
        #expect(found.failures.isEmpty, "\(found.failures.prefix(3))")
        #expect(found.codesChecked == ThemeSample.variants.count * ScanLint.cases.count)
        #expect(found.warnings.isEmpty)
        #expect(found.conditions.contains("https://nmti.example/") && found.conditions.contains("0.5x, JPEG q75"))
    }

    // The same theme with a thumbnail-sized code: the lint names the sample, the case and the box.
    @Test func aSmallCodeIsReportedWithItsBoxAndLink() throws {
        let found = try report("""
            { canvas: { width: 375, height: 667, background: "#FFFFFF" }, elements: [
              { type: "qr", x: 300, y: 600, width: 40, quietZone: 4 },
            ] }
            """)
        #expect(found.failures.count == ThemeSample.variants.count * ScanLint.cases.count)
        let first = try #require(found.failures.first)
        #expect(first.contains("typical link") && first.contains("qr at 300,600 40x40 pt") && first.contains("0.5x, JPEG q75"), "\(first)")
    }

    @Test func aCustomSchemeCodeIsAWarning() throws {
        let found = try report("""
            { canvas: { width: 375, height: 667, background: "#FFFFFF" }, elements: [
              { type: "qr", x: 20, y: 300, width: 335, data: "nmti://invite?pack=workplace&from=PRED", quietZone: 4 },
            ] }
            """)
        #expect(found.failures.isEmpty)
        #expect(found.warnings.count == 1)
        #expect(found.warnings.first?.contains("nmti:// link") == true)
    }

    @Test func casesMatchTheIssuesTypicalAndLongestLinks() {
        #expect(ScanLint.Case.typical.nickname.count == 7 && ScanLint.Case.typical.inviterNickname.count == 5)
        #expect(ScanLint.Case.longest.nickname.count == NMTILink.maximumNicknameLength)
        #expect(ScanLint.Case.longest.inviterNickname.count == NMTILink.maximumNicknameLength)
        let sample = ThemeSample.variants[0]
        let result = ScanLint.result(for: sample, case: .typical)
        #expect(result.isInvited && result.nickname == ScanLint.Case.typical.nickname && result.fromScores != nil)
    }
}

/// Each code is judged where it is drawn, and only `scheme://` texts count as links.
@Suite struct ScanLintPlacementTests {
    @Test func aLargeCodeDoesNotStandInForASmallOneOfTheSameLink() throws {
        let folder = try makeTheme("""
            { canvas: { width: 375, height: 667, background: "#FFFFFF" }, elements: [
              { type: "qr", x: 20, y: 20, width: 40 },
              { type: "qr", x: 20, y: 300, width: 335 },
            ] }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = try ScanLint.catalogueReport(of: Theme.load(from: folder), renderer: PosterRenderer(), base: nil)
        #expect(found.codesChecked == 2 * ThemeSample.variants.count * ScanLint.cases.count)
        #expect(found.failures.count == ThemeSample.variants.count * ScanLint.cases.count)
        #expect(found.failures.allSatisfy { $0.contains("qr at 20,20 40x40 pt") }, "\(found.failures.prefix(2))")
    }

    @Test func onlyURLSchemesOtherThanHTTPAreCustom() {
        #expect(ScanLint.customScheme(of: "nmti://invite?pack=student") == "nmti")
        #expect(ScanLint.customScheme(of: "weixin://dl/chat") == "weixin")
        #expect(ScanLint.customScheme(of: "HTTPS://NMTI.EXAMPLE/R/0") == nil)
        #expect(ScanLint.customScheme(of: "hello") == nil)
        #expect(ScanLint.customScheme(of: "微信号: abc") == nil)
        #expect(ScanLint.customScheme(of: "a b://c") == nil)
    }
}
