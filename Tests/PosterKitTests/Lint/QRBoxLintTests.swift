import Foundation
import NMTIDomain
import PosterGraphics
import PosterLinks
import Testing
@testable import PosterKit

/// The QR box lint: every `qr` box judged against the typical and the longest link.
@Suite struct QRBoxLintTests {
    static let fixture = ThemeSchemaTests.packageRoot.appendingPathComponent("Fixtures/lint-themes/qr-box-too-small")

    @Test func theLongestLinkIsASignedStudentReplyWithBothNicknamesAtTheLimit() throws {
        guard case .reply(let pack, let sender, let inviter) = QRBoxLint.reply(of: QRBoxLint.longest) else {
            Issue.record("not a reply")
            return
        }
        #expect(pack == .student)
        for person in [sender, inviter] {
            #expect(person.nickname?.utf8.count == NMTILink.maximumNicknameBytes)
            #expect(person.nickname?.count == NMTILink.maximumNicknameLength)
            #expect(person.scores.map { [$0.c, $0.s, $0.e, $0.a].allSatisfy { abs($0) == DimensionScale.range } } == true)
        }
        let style = QRBoxLint.style(base: nil)
        let longest = style.text(for: QRBoxLint.reply(of: QRBoxLint.longest))
        let typical = style.text(for: QRBoxLint.reply(of: QRBoxLint.typical))
        #expect(longest.hasPrefix(QRBoxLint.referenceBase) && typical.hasPrefix(QRBoxLint.referenceBase))
        #expect(longest.count > typical.count)
        // Signed: the same link unsigned is shorter.
        #expect(LinkStyle(form: style.form).text(for: QRBoxLint.reply(of: QRBoxLint.longest)).count < longest.count)
    }

    @Test func aTooSmallBoxIsReportedWithItsFileElementSizeAndLinkLength() throws {
        let theme = try Theme.load(from: Self.fixture)
        let lines = try QRBoxLint.report(of: theme, renderer: PosterRenderer(), base: nil)
        let style = QRBoxLint.style(base: nil)
        // Every box gets 1 px for every typical link here, so the longest of them is reported.
        let typical = QRBoxLint.typical.links.map { style.text(for: $0).count }.max()!
        #expect(lines.count == 2, "\(lines)")
        for line in lines {
            #expect(line.hasPrefix(theme.file.path + ": elements[1] (small): qr box 48 pt (96 px): the "))
            #expect(!line.contains("elements[2]"), "the 150 pt box passes")
        }
        let typicalLine = try #require(lines.first { $0.contains("the typical link") })
        #expect(typicalLine.contains("(\(typical) characters, a signed student reply)"))
        #expect(typicalLine.contains("below 4 px") && typicalLine.contains("a box of at least"))
        let longestLine = try #require(lines.first { $0.contains("the longest link") })
        #expect(longestLine.contains("does not fit") || longestLine.contains("below 3 px"))
    }

    @Test func theLinkBaseGivenIsTheOneChecked() throws {
        let theme = try Theme.load(from: Self.fixture)
        let base = try LinkBase("https://a-much-longer-link-base.example.com/nmti/")
        let lines = try QRBoxLint.report(of: theme, renderer: PosterRenderer(), base: base)
        let style = QRBoxLint.style(base: base)
        let length = QRBoxLint.typical.links.map { style.text(for: $0).count }.max()!
        #expect(lines.contains { $0.contains("the typical link (\(length) characters") }, "\(lines)")
    }

    @Test func aBoxBigEnoughPassesAndEveryShownBoxIsJudged() throws {
        let theme = try Theme.load(from: try makeTheme("""
            { elements: [
              { type: "qr", x: 10, y: 10, width: 180, when: "invited" },
              { type: "qr", x: 10, y: 200, width: 40, data: "{inviter.link}", when: "invited" },
              { type: "qr", x: 10, y: 300, width: 180, when: "!invited" },
            ] }
            """))
        let lines = try QRBoxLint.report(of: theme, renderer: PosterRenderer(), base: nil)
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("elements[1]: qr box 40 pt (80 px)") }, "\(lines)")
        #expect(lines.allSatisfy { $0.contains("a signed student invite") }, "an inviter's link is an invite")
    }

    /// The shipped poster themes hold the typical link at 4 px and the longest at 3 px,
    /// printed in the compact form posters carry (docs/links.md).
    @Test(arguments: ["classic", "neon", "pair", "paper", "receipt"])
    func theShippedThemesPass(name: String) throws {
        let theme = try sharedStore.theme(name)
        let lines = try QRBoxLint.report(of: theme, renderer: PosterRenderer(), base: nil)
        #expect(!QRBoxLint.style(base: nil).text(for: QRBoxLint.reply(of: QRBoxLint.typical)).contains("?"))
        #expect(lines.isEmpty, "\(lines)")
    }
}
