import Foundation
import NMTIDomain
@testable import PosterGraphics
import Testing
@testable import PosterKit

/// Huge but valid user text renders in bounded time, cut with an ellipsis; the
/// inputs are generated here rather than kept as giant fixtures. (A result file
/// is limited to 64 KiB, so these come through the library, as an app would.)
@Suite struct HostileTextTests {
    let renderer = try! PosterRenderer()

    static let nicknames: [(label: String, text: String)] = [
        ("100,000 ASCII characters", String(repeating: "a", count: 100_000)),
        ("100,000 CJK characters", String(repeating: "长", count: 100_000)),
        ("5,000 emoji", String(repeating: "😀", count: 5_000)),
        ("2,000 family emoji (7 scalars each)", String(repeating: "👨‍👩‍👧‍👦", count: 2_000)),
        ("one letter under 10,000 combining marks", "e" + String(repeating: "\u{301}", count: 10_000)),
        ("3,000 letters under 30 combining marks each", String(repeating: "e" + String(repeating: "\u{301}\u{316}", count: 15), count: 3_000)),
        ("100,000 line breaks", String(repeating: "\n", count: 100_000)),
        ("10,000 right-to-left overrides with Arabic", String(repeating: "\u{202E}مرحبا", count: 10_000)),
    ]

    @Test(arguments: nicknames.indices)
    func hugeNicknamesRenderQuicklyWithAnEllipsis(index: Int) throws {
        let (label, nickname) = Self.nicknames[index]
        let theme = try sharedStore.theme("classic")
        let result = QuizResult(scores: DimensionScores(c: 3, s: -2, e: 5, a: -1), pack: .workplace, nickname: nickname,
                                fromCode: PersonalityCode("DOOM"), fromNickname: nickname)
        let start = Date()
        let poster = try renderer.render(result, theme: theme)
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 10, "\(label): \(seconds) s")
        #expect(poster.width == 750 && poster.height == 1334)
        #expect(poster.notes.contains { $0.kind == .ellipsised }, "\(label): \(poster.notes)")
        // The link in the QR code carries a bounded nickname, so the code always fits.
        let link = ResolvedResult(result).link.url
        #expect(link.utf8.count < QRMatrix.maximumBytes, "\(label): \(link.utf8.count) bytes")
    }

    @Test func shapingCutsHostileTextBeforePango() {
        let cut = TextShaper.bounded("e" + String(repeating: "\u{301}", count: 10_000))
        #expect(cut.wasCut && cut.text.unicodeScalars.count == TextShaper.maximumScalarsPerCharacter + 1)
        #expect(cut.text.hasSuffix("…"))
        let long = TextShaper.bounded(String(repeating: "长", count: 5000))
        #expect(long.wasCut && long.text.count == TextShaper.maximumCharacters + 1)
        let scalars = TextShaper.bounded(String(repeating: "👨‍👩‍👧‍👦", count: 1500))
        #expect(scalars.wasCut && scalars.text.unicodeScalars.count <= TextShaper.maximumScalars + 1)
        let normal = TextShaper.bounded("小王🔥 é")
        #expect(!normal.wasCut && normal.text == "小王🔥 é")
    }
}
