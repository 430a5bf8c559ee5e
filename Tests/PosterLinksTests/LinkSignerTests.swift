import Foundation
import NMTIDomain
@testable import PosterLinks
import Testing

@Suite("Links: signatures")
struct LinkSignerTests {
    static let old = Array("the-old-key-0123456789".utf8)
    static let new = Array("the-new-key-0123456789".utf8)
    static let link = NMTILink.reply(
        pack: .student, sender: LinkPerson(scores: DimensionScores(c: 1, s: 2, e: 3, a: 4), nickname: "小王"),
        inviter: LinkPerson(code: PersonalityCode("DROM")!, nickname: "<老李>"))

    static func parsed(_ text: String) throws -> ParsedLink { try ParsedLink(parsing: text) }

    @Test func aSignatureVerifiesInBothFormsAndUnderAnyActiveKey() throws {
        let signer = try LinkSigner(keys: [Self.new, Self.old])
        let signature = signer.signature(for: Self.link)
        #expect(signature.count == 22 && signature.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        for form in [LinkForm.scheme, .web(try LinkBase("https://a.example/")), .web(try LinkBase("http://127.0.0.1:9/x/"))] {
            #expect(signer.verifies(try Self.parsed(Self.link.url(form: form, signature: signature))))
        }
        let rotatedOut = try LinkSigner(keys: [Self.old])
        let byOld = rotatedOut.signature(for: Self.link)
        #expect(signer.verifies(try Self.parsed(Self.link.url(form: .scheme, signature: byOld))), "old keys still verify")
        #expect(!(try LinkSigner(keys: [Self.new])).verifies(try Self.parsed(Self.link.url(form: .scheme, signature: byOld))))
    }

    @Test func anyChangeBreaksTheSignature() throws {
        let signer = try LinkSigner(keys: [Self.new])
        let good = Self.link.url(form: .scheme, signature: signer.signature(for: Self.link))
        let changes = [
            good.replacingOccurrences(of: "scores=1.2.3.4", with: "scores=1.2.3.5"),
            good.replacingOccurrences(of: "pack=student", with: "pack=workplace"),
            good.replacingOccurrences(of: "nickname=%E5%B0%8F%E7%8E%8B", with: "nickname=%E5%B0%8F"),
            good.replacingOccurrences(of: "&toNickname=%3C%E8%80%81%E6%9D%8E%3E", with: ""),
            good.replacingOccurrences(of: "nmti://reply", with: "nmti://invite").replacingOccurrences(of: "&to=DROM", with: ""),
        ]
        for text in changes {
            #expect(text != good)
            #expect(!signer.verifies(try Self.parsed(text)), "\(text)")
        }
        let sig = signer.signature(for: Self.link)
        for bad in ["", "x", String(sig.dropLast()), sig + "A", String(repeating: "A", count: 22), "!!!!", String(repeating: "A", count: 500)] {
            #expect(!signer.verifies(try Self.parsed(Self.link.url(form: .scheme, signature: bad))), "\(bad)")
        }
    }

    @Test func uncheckedLinksLoseTheirNicknamesOnly() throws {
        let signer = try LinkSigner(keys: [Self.new])
        let signed = try Self.parsed(Self.link.url(form: .scheme, signature: signer.signature(for: Self.link)))
        let verified = CheckedLink(signed, signer: signer)
        #expect(verified.isVerified && !verified.removedNicknames && verified.link == Self.link)
        let noKey = CheckedLink(signed, signer: nil)
        #expect(!noKey.isVerified && noKey.removedNicknames && noKey.link == Self.link.withoutNicknames)
        #expect(noKey.link.sender.scores == Self.link.sender.scores)
        let plain = CheckedLink(try Self.parsed(Self.link.withoutNicknames.url), signer: signer)
        #expect(!plain.isVerified && !plain.removedNicknames)
    }

    @Test func shortKeysAndEmptyKeyFilesAreRefused() throws {
        #expect(throws: SigningKeyError.self) { try LinkSigner(keys: [Array("short".utf8)]) }
        #expect(throws: SigningKeyError.self) { try LinkSigner(keys: []) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("# only a comment\n\n".utf8).write(to: file)
        #expect(throws: SigningKeyError(file: file.path, line: nil, reason: "the signing key file holds no key")) {
            try SigningKeys.read(file: file.path)
        }
        try Data("0123456789abcdef\n  short  \n".utf8).write(to: file)
        #expect((try? SigningKeys.read(file: file.path)) == nil)
        do { _ = try SigningKeys.read(file: file.path) } catch { #expect(error.line == 2) }
    }

    @Test func fingerprintsTellStylesApartWithoutShowingTheKey() throws {
        let signer = try LinkSigner(keys: [Self.new])
        let base = try LinkBase("https://nmti.example/")
        #expect(LinkStyle.scheme.fingerprint == "nmti")
        #expect(LinkStyle(form: .web(base)).fingerprint == "web https://nmti.example/")
        let signed = LinkStyle(form: .web(base), signer: signer).fingerprint
        #expect(signed.hasPrefix("web https://nmti.example/ signed ") && signed.count == "web https://nmti.example/ signed ".count + 16)
        #expect(!signed.contains("the-new-key"))
        #expect(LinkSigner.base64url([0xFB, 0xFF]) == "-_8")
        #expect(LinkSigner.decodeBase64url("-_8") == [0xFB, 0xFF])
    }

    @Test func onlyTheCanonicalSpellingOfASignatureVerifies() throws {
        let signer = try LinkSigner(keys: [Self.new])
        let sig = signer.signature(for: Self.link)
        #expect(signer.verifies(try Self.parsed(Self.link.url(form: .scheme, signature: sig))))
        // The 22nd character holds 2 bits of the HMAC and 4 spare bits: others decode alike.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = alphabet.firstIndex(of: sig.last!)!
        let twin = String(sig.dropLast()) + String(alphabet[last ^ 1])
        #expect(LinkSigner.decodeBase64url(twin) == LinkSigner.decodeBase64url(sig))
        #expect(!signer.verifies(try Self.parsed(Self.link.url(form: .scheme, signature: twin))))
    }

    @Test func keyFilesWithCRLFLineEndsGiveTheSameKeys() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("# keys\r\nthe-new-key-0123456789\r\n".utf8).write(to: file)
        #expect(try SigningKeys.read(file: file.path) == [Self.new])
    }
}
