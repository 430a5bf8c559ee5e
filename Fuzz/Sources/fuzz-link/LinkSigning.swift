import FuzzDriver
import NMTIDomain
import PosterKit

/// Signing and verifying a parsed link: the engine's signature verifies in both
/// forms under any active key (key rotation) and under no other key; a signature in
/// the input verifies only if it is exactly what a key makes; and changing one byte
/// of a signed link either makes it fail to parse or to verify, or leaves the text
/// the signature covers (`canonicalText`) as it was.
enum LinkSigning {
    static let keyA = Array("fuzz-link-key-A-0123456789abcdef".utf8)
    static let keyB = Array("fuzz-link-key-B-0123456789abcdef".utf8)
    /// Signs with A, verifies A and B: a server part way through a key rotation.
    static let signer = required("signer") { try LinkSigner(keys: [keyA, keyB]) }
    /// Signs with B, verifies B and A: the other side of the rotation.
    static let rotated = required("rotated signer") { try LinkSigner(keys: [keyB, keyA]) }
    /// A server with another key.
    static let stranger = required("stranger") { try LinkSigner(keys: [Array("fuzz-link-key-C-0123456789abcdef".utf8)]) }
    /// How many one-byte changes of a signed link each input tries.
    static let changes = 16

    static func check(_ parsed: ParsedLink, seed: UInt64) {
        let link = parsed.link
        let signature = signer.signature(for: link)
        precondition(signature.utf8.count == 22, "a link signature of \(signature.utf8.count) characters")
        if signer.verifies(parsed) {
            precondition(parsed.signature == signature || parsed.signature == rotated.signature(for: link),
                         "a signature verifies that no key made: \(parsed.signature ?? "")")
        }
        var state = seed
        for form in LinkRoundTrip.forms(of: parsed) {
            let printed = LinkStyle(form: form, signer: signer).text(for: link)
            precondition(printed == link.url(form: form, signature: signature), "LinkStyle prints another link")
            let signed: ParsedLink
            do throws(LinkError) {
                signed = try ParsedLink(parsing: printed)
            } catch {
                preconditionFailure("a signed link does not parse: \(error)")
            }
            precondition(signer.verifies(signed) && rotated.verifies(signed), "a signed link does not verify: \(printed.debugDescription)")
            precondition(!stranger.verifies(signed), "a signed link verifies under another key: \(printed.debugDescription)")
            let checked = CheckedLink(signed, signer: signer)
            precondition(checked.isVerified && checked.link == link && !checked.removedNicknames, "a verified link lost its nicknames")
            for judge in [stranger, nil] {
                let unverified = CheckedLink(signed, signer: judge)
                precondition(!unverified.isVerified && unverified.link == link.withoutNicknames && unverified.removedNicknames == link.hasNicknames,
                             "an unverified link kept its nicknames: \(printed.debugDescription)")
            }
            checkChanges(of: Array(printed.utf8), link: link, state: &state)
        }
    }

    /// Bytes a change writes: case flips and low-bit flips (`%E5` → `%e5`, `A` → `@`),
    /// query syntax and a fragment mark.
    private static func replacement(for byte: UInt8, choice: UInt64) -> UInt8 {
        switch choice % 6 {
        case 0: byte ^ 0x20
        case 1: byte ^ 0x01
        case 2: UInt8(ascii: "&")
        case 3: UInt8(ascii: "=")
        case 4: UInt8(ascii: "%")
        default: UInt8(ascii: "#")
        }
    }

    private static func checkChanges(of bytes: [UInt8], link: NMTILink, state: inout UInt64) {
        for _ in 0..<changes {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let position = Int((state >> 33) % UInt64(bytes.count))
            var changed = bytes
            changed[position] = replacement(for: bytes[position], choice: state >> 13)
            guard changed[position] != bytes[position], changed[position] < 0x80 else { continue }
            let text = String(decoding: changed, as: UTF8.self)
            guard let parsed = try? ParsedLink(parsing: text), signer.verifies(parsed) else { continue }
            precondition(parsed.link.canonicalText == link.canonicalText,
                         "a changed link still verifies but means another link: \(text.debugDescription)")
        }
    }

    /// FNV-1a of the input: where the one-byte changes go, the same for the same input.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf29ce484222325) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
    }
}
