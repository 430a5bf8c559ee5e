import Foundation
import NMTIDomain
import PosterKit
import Testing
import TestSupport
@testable import PosterLinks

/// What a phone scanning a poster gets: the QR code read back from the PNG's pixels.
@Suite("Links: QR codes on posters")
struct PosterLinkQRTests {
    static let base = try! LinkBase("https://nmti.example/")
    static let signer = try! LinkSigner(keys: [Array("0123456789abcdef-qr-test".utf8)])

    static func theme() throws -> Theme {
        try ThemeStore(directory: packageRoot.appendingPathComponent("Themes")).theme("classic")
    }

    @Test func anInviteesPosterCarriesASignedHttpsReplyLink() throws {
        let renderer = try PosterRenderer(workers: 1, links: LinkStyle(form: .web(Self.base), signer: Self.signer))
        let result = QuizResult(
            scores: DimensionScores(c: 9, s: -5, e: -2, a: 4), pack: .student, nickname: "小王 & <b>",
            fromScores: DimensionScores(c: -3, s: 4, e: -6, a: -1), fromNickname: "老李")
        let poster = try renderer.render(result, theme: Self.theme())
        let decoded = try QRDecoder.decode(png: Data(poster.bytes))
        #expect(decoded.count == 1)
        let text = try #require(decoded.first)
        #expect(text.hasPrefix("https://nmti.example/r?v=9.-5.-2.4&iv=-3.4.-6.-1&p=s&n="), "\(text)")
        let parsed = try ParsedLink(parsing: text)
        #expect(Self.signer.verifies(parsed))
        #expect(parsed.link.result == result)
    }

    @Test func withoutABasePostersKeepTheAppScheme() throws {
        let renderer = try PosterRenderer(workers: 1)
        let result = QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), nickname: "小王")
        let decoded = try QRDecoder.decode(png: Data(renderer.render(result, theme: Self.theme()).bytes))
        #expect(decoded == ["nmti://invite?pack=workplace&from=PRED&scores=1.1.1.1&nickname=%E5%B0%8F%E7%8E%8B"])
    }
}
