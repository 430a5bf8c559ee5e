import NMTIDomain
import PosterDisplay
import PosterGraphics
import PosterLinks
import Testing

/// What the compact form is for: the typical personalised link fits a small QR code
/// (issue 25's target, docs/links.md "How long links are").
@Suite("Links: compact links in QR codes")
struct CompactLinkQRSizeTests {
    static let base = try! LinkBase("https://nmti.example/")
    static let signer = try! LinkSigner(keys: [Array("0123456789abcdef-qr-size-test".utf8)])

    /// An invited student's reply: her 6-character nickname with an emoji, her inviter's
    /// 5-character one, both sets of scores, signed.
    static let typical = NMTILink.reply(
        pack: .student, sender: LinkPerson(scores: DimensionScores(c: 9, s: -5, e: -2, a: 4), nickname: "王小明同学🐶"),
        inviter: LinkPerson(scores: DimensionScores(c: -3, s: 4, e: -6, a: -1), nickname: "陈大壮学霸"))

    @Test func theTypicalSignedReplyFitsVersion5AtLevelM() throws {
        let style = LinkStyle(base: Self.base, signer: Self.signer)
        let text = style.text(for: Self.typical)
        #expect(text.hasPrefix("https://nmti.example/R/"))
        let compact = try QRMatrix(encoding: text, correction: .medium)
        #expect(compact.size <= 37, "version \((compact.size - 17) / 4) for \(text.count) characters")
        // With a 7-character nickname too, as in issue 25.
        let seven = NMTILink.reply(
            pack: .student, sender: LinkPerson(scores: DimensionScores(c: 9, s: -5, e: -2, a: 4), nickname: "王小明同学呀🐶"),
            inviter: LinkPerson(scores: DimensionScores(c: -3, s: 4, e: -6, a: -1), nickname: "陈大壮学霸"))
        #expect(try QRMatrix(encoding: style.text(for: seven), correction: .medium).size <= 37)
        // The long form of the same link needs a far denser code.
        let long = try QRMatrix(encoding: style.longText(for: Self.typical), correction: .medium)
        #expect(long.size > compact.size + 8)
    }

    @Test func theEncoderStoresThePayloadInAlphanumericMode() throws {
        // 80 alphanumeric characters after the base cost what about 55 bytes would: were they
        // stored as bytes (8 bits each), the code would be a version larger.
        let payload = String(repeating: "0123456789ABCDEFGHIJKLMNOPQRSTUV", count: 3).prefix(80)
        let alphanumeric = try QRMatrix(encoding: "https://nmti.example/R/" + payload, correction: .medium)
        let bytes = try QRMatrix(encoding: "https://nmti.example/r/" + payload.lowercased(), correction: .medium)
        #expect(alphanumeric.size < bytes.size)
    }
}
