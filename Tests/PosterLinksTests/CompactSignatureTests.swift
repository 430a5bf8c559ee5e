import Foundation
import NMTIDomain
@testable import PosterLinks
import Testing

/// Signatures across forms: links printed before the compact form existed still verify;
/// a compact link's 80-bit tag verifies in both forms; a changed tag does not.
@Suite("Links: compact signatures")
struct CompactSignatureTests {
    /// The fixed key the old links below were signed with.
    static let signer = try! LinkSigner(keys: [Array("nmti-fixed-test-key-0001".utf8)])
    static let base = try! LinkBase("https://nmti.example/")

    /// Links printed by the engine before the compact form (commit fe600e5), with their
    /// signatures under `signer`, pasted as they came out: each form of each link.
    static let oldLinks: [(String, NMTILink)] = {
        let boss = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), nickname: "老板"))
        let typical = NMTILink.reply(
            pack: .student, sender: LinkPerson(scores: DimensionScores(c: 9, s: -5, e: -2, a: 4), nickname: "王小明同学🐶"),
            inviter: LinkPerson(scores: DimensionScores(c: -3, s: 4, e: -6, a: -1), nickname: "陈大壮学霸"))
        let byCode = NMTILink.reply(pack: .student, sender: LinkPerson(code: PersonalityCode("POOM")!, nickname: "小王"), inviter: LinkPerson(code: PersonalityCode("PRED")!))
        let wide = NMTILink.invite(pack: .student, sender: LinkPerson(scores: DimensionScores(c: 40, s: -17, e: 0, a: 12), nickname: "👨‍👩‍👧 Élodie"))
        return [
            ("nmti://invite?pack=workplace&from=POEM&scores=6.-3.2.-5&nickname=%E8%80%81%E6%9D%BF&sig=lqCJmXPIKhvIbJNidLpPww", boss),
            ("https://nmti.example/i?v=6.-3.2.-5&n=%E8%80%81%E6%9D%BF&sig=lqCJmXPIKhvIbJNidLpPww", boss),
            ("nmti://reply?pack=student&from=POOD&scores=9.-5.-2.4&to=DROM&toScores=-3.4.-6.-1&nickname=%E7%8E%8B%E5%B0%8F%E6%98%8E%E5%90%8C%E5%AD%A6%F0%9F%90%B6&toNickname=%E9%99%88%E5%A4%A7%E5%A3%AE%E5%AD%A6%E9%9C%B8&sig=6Kims60z2NbDcDLMlzO4Eg", typical),
            ("https://nmti.example/r?v=9.-5.-2.4&iv=-3.4.-6.-1&p=s&n=%E7%8E%8B%E5%B0%8F%E6%98%8E%E5%90%8C%E5%AD%A6%F0%9F%90%B6&in=%E9%99%88%E5%A4%A7%E5%A3%AE%E5%AD%A6%E9%9C%B8&sig=6Kims60z2NbDcDLMlzO4Eg", typical),
            ("nmti://reply?pack=student&from=POOM&to=PRED&nickname=%E5%B0%8F%E7%8E%8B&sig=r4PMkcRgXXnZSZLQk1oyfQ", byCode),
            ("https://nmti.example/r?t=POOM&it=PRED&p=s&n=%E5%B0%8F%E7%8E%8B&sig=r4PMkcRgXXnZSZLQk1oyfQ", byCode),
            ("nmti://invite?pack=student&from=POED&scores=40.-17.0.12&nickname=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%20%C3%89lodie&sig=99o145uWbjdRhHGuQNPZlw", wide),
            ("https://nmti.example/i?v=40.-17.0.12&p=s&n=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%20%C3%89lodie&sig=99o145uWbjdRhHGuQNPZlw", wide),
        ]
    }()

    @Test func linksPrintedBeforeTheCompactFormStillParseAndVerify() throws {
        for (text, link) in Self.oldLinks {
            let parsed = try ParsedLink(parsing: text)
            #expect(parsed.link == link, "\(text)")
            #expect(Self.signer.verifies(parsed), "\(text)")
            #expect(Self.signer.signature(for: link) == parsed.signature, "the engine still signs them alike")
            // And the same link printed today: compact where it fits, with the same HMAC's first 80 bits.
            let today = LinkStyle(base: Self.base, signer: Self.signer).text(for: link)
            let reparsed = try ParsedLink(parsing: today)
            #expect(reparsed.link == link && Self.signer.verifies(reparsed), "\(today)")
            if reparsed.form == .compact(Self.base) {
                #expect(reparsed.signature == LinkSigner.base64url(Array(LinkSigner.decodeBase64url(parsed.signature!)!.prefix(10))))
            } else {
                #expect(today == link.url(form: .web(Self.base), signature: parsed.signature), "scores outside -16…15")
            }
        }
    }

    @Test func bothFormsOfOneLinkVerifyWithTheSameKey() throws {
        for (_, link) in Self.oldLinks where link.compactURL(base: Self.base) != nil {
            let compact = try ParsedLink(parsing: LinkStyle(base: Self.base, signer: Self.signer).text(for: link))
            #expect(compact.form == .compact(Self.base))
            #expect(compact.signature?.count == 14)
            #expect(Self.signer.verifies(compact))
            // `resolve` writes a compact link in the long form with its own 80-bit tag: it verifies there too.
            let long = try ParsedLink(parsing: compact.link.url(form: .web(Self.base), signature: compact.signature))
            #expect(long.form == .web(Self.base) && Self.signer.verifies(long))
            #expect(Self.signer.verifies(try ParsedLink(parsing: compact.link.url(form: .scheme, signature: compact.signature))))
            // The 128-bit signature and the 80-bit tag are prefixes of one HMAC.
            let full = try #require(LinkSigner.decodeBase64url(Self.signer.signature(for: link)))
            #expect(LinkSigner.decodeBase64url(compact.signature!) == Array(full.prefix(10)))
            let other = try LinkSigner(keys: [Array("another-key-0123456789".utf8)])
            #expect(!other.verifies(compact) && !other.verifies(long))
        }
    }

    @Test func aForgedOrChangedTagDoesNotVerify() throws {
        let link = Self.oldLinks[2].1
        let text = LinkStyle(base: Self.base, signer: Self.signer).text(for: link)
        let parsed = try ParsedLink(parsing: text)
        let tag = try #require(LinkSigner.decodeBase64url(parsed.signature!))
        for bit in 0..<80 {
            var forged = tag
            forged[bit / 8] ^= 1 << UInt8(bit % 8)
            let changed = link.url(form: .compact(Self.base), signature: LinkSigner.base64url(forged))
            #expect(changed != text)
            #expect(!Self.signer.verifies(try ParsedLink(parsing: changed)), "bit \(bit)")
        }
        // Any one character of the payload changed: refused, or not verified.
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV")
        let payloadStart = Self.base.text.count + 2
        var chars = Array(text)
        for index in payloadStart..<chars.count {
            let original = chars[index]
            chars[index] = alphabet[(alphabet.firstIndex(of: original)! + 1) % 32]
            if let changed = try? ParsedLink(parsing: String(chars)) {
                #expect(!Self.signer.verifies(changed), "character \(index)")
            }
            chars[index] = original
        }
        // Another link's tag, and the tag with its spare bits set (a second spelling), do not verify.
        let otherTag = try ParsedLink(parsing: LinkStyle(base: Self.base, signer: Self.signer).text(for: Self.oldLinks[0].1)).signature
        #expect(!Self.signer.verifies(try ParsedLink(parsing: link.url(form: .web(Self.base), signature: otherTag))))
        let sig = parsed.signature!
        let alphabet64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let twin = String(sig.dropLast()) + String(alphabet64[alphabet64.firstIndex(of: sig.last!)! ^ 1])
        #expect(LinkSigner.decodeBase64url(twin) == LinkSigner.decodeBase64url(sig))
        #expect(!Self.signer.verifies(try ParsedLink(parsing: link.url(form: .web(Self.base), signature: twin))))
    }

    @Test func scoresOutsideTheCompactRangeFallBackToTheLongForm() throws {
        let style = LinkStyle(base: Self.base, signer: Self.signer)
        for scores in [DimensionScores(c: 16, s: 0, e: 0, a: 0), DimensionScores(c: 0, s: -17, e: 0, a: 0), DimensionScores(c: 40, s: -17, e: 0, a: 12)] {
            let link = NMTILink.invite(pack: .student, sender: LinkPerson(scores: scores, nickname: "小王"))
            let text = style.text(for: link)
            #expect(text == link.url(form: .web(Self.base), signature: Self.signer.signature(for: link)))
            let parsed = try ParsedLink(parsing: text)
            #expect(parsed.form == .web(Self.base) && parsed.signature?.count == 22 && Self.signer.verifies(parsed))
        }
        let inRange = NMTILink.invite(pack: .student, sender: LinkPerson(scores: DimensionScores(c: 15, s: -16, e: 0, a: -1)))
        #expect(style.text(for: inRange).hasPrefix("https://nmti.example/I/"))
        #expect(style.longText(for: inRange) == inRange.url(form: .web(Self.base), signature: Self.signer.signature(for: inRange)))
        #expect(LinkStyle(base: nil, signer: Self.signer).text(for: inRange).hasPrefix("nmti://invite?"))
        #expect(LinkStyle(base: Self.base).fingerprint == "compact https://nmti.example/")
    }
}
