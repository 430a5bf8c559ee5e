import Foundation
import PosterGraphics
import Testing
@testable import PosterServer
@testable import PosterHashing

/// Signed URLs against a real server with two active keys (a rotation in progress).
@Suite struct SignedURLTests {
    static let oldKey = "old-key-0123456789abcdef"
    static let newKey = "new-key-fedcba9876543210"

    @Test func goodBadMissingAndRotatedSignatures() throws {
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-serve-keys-\(UUID().uuidString)")
        try "# newest first\n\(Self.newKey)\n\n\(Self.oldKey)\n".write(to: keyFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        let server = try ServerProcess(["--signing-key-file", keyFile.path])
        defer { server.stop() }
        let path = "/v1/posters/classic.png"
        let query = [("c", "2"), ("s", "-2"), ("e", "5"), ("a", "1"), ("nickname", "签名 & co")]

        let signedNew = URLSigner(keys: [Array(Self.newKey.utf8)]).signedTarget(path: path, query: query)
        let good = try Curl.request(server.url(signedNew))
        #expect(good.status == 200)
        #expect(good.headers["content-type"] == "image/png")

        // A URL signed with the older key still works while it is in the file.
        let signedOld = URLSigner(keys: [Array(Self.oldKey.utf8)]).signedTarget(path: path, query: query)
        #expect(try Curl.request(server.url(signedOld)).status == 200)

        // A key that is not (or no longer) in the file.
        let retired = URLSigner(keys: [Array("retired-key-000000000000".utf8)]).signedTarget(path: path, query: query)
        let refused = try Curl.request(server.url(retired))
        #expect(refused.status == 403)
        #expect(refused.error?["code"] as? String == "bad-signature")

        // Tampering with a signed URL (another nickname) breaks it.
        let tampered = signedNew.replacingOccurrences(of: "nickname=", with: "nickname=X")
        #expect(try Curl.request(server.url(tampered)).status == 403)

        let missing = try Curl.request(server.url("\(path)?c=2&s=-2&e=5&a=1"))
        #expect(missing.status == 403)
        #expect(missing.error?["code"] as? String == "missing-signature")
        #expect(missing.error?["path"] as? String == "sig")

        // Garbage in sig is refused, not a crash.
        #expect(try Curl.request(server.url("\(path)?c=2&s=-2&e=5&a=1&sig=%00%FF")).status == 400)
        #expect(try Curl.request(server.url("\(path)?c=2&s=-2&e=5&a=1&sig=!!!")).status == 403)

        // POST signs the path, query and the body's SHA-256.
        let body = #"{"scores":{"c":1,"s":1,"e":1,"a":1}}"#
        let canonical = URLSigner.canonical(path: "/v1/render", query: QueryItems(pairs: [("theme", "neon")])) + "\n" + SHA256.hex(Array(body.utf8))
        let sig = URLSigner(keys: [Array(Self.oldKey.utf8)]).signature(forCanonical: canonical)
        let posted = try Curl.request(server.url("/v1/render?theme=neon&sig=\(sig)"), ["-H", "Content-Type: application/json"], body: Data(body.utf8))
        #expect(posted.status == 200)
        let unsigned = try Curl.request(server.url("/v1/render?theme=neon"), ["-H", "Content-Type: application/json"], body: Data(body.utf8))
        #expect(unsigned.status == 403)

        // Health checks need no signature, and the access log never holds one.
        #expect(try Curl.request(server.url("/healthz")).status == 200)
        #expect(!server.stderr.contains("sig="))
    }

    /// One signature, one request: a signed `theme=classic&theme=neon` used to verify with
    /// the values swapped too (the canonical text sorted values), and then drew neon.
    @Test func aSignatureCoversOneRequestOnly() throws {
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-serve-keys-\(UUID().uuidString)")
        try "\(Self.newKey)\n".write(to: keyFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        let server = try ServerProcess(["--signing-key-file", keyFile.path, "--workers", "1"])
        defer { server.stop() }
        let body = #"{"scores":{"c":1,"s":1,"e":1,"a":1}}"#
        let signer = URLSigner(keys: [Array(Self.newKey.utf8)])
        let signed = QueryItems(pairs: [("theme", "classic"), ("theme", "neon")])
        let sig = signer.signature(forCanonical: URLSigner.canonical(path: "/v1/render", query: signed) + "\n" + SHA256.hex(Array(body.utf8)))
        for query in ["theme=classic&theme=neon", "theme=neon&theme=classic"] {
            let answer = try Curl.request(server.url("/v1/render?\(query)&sig=\(sig)"), ["-H", "Content-Type: application/json"], body: Data(body.utf8))
            #expect(answer.status == 400, "\(query): \(answer.text)")
            #expect(answer.error?["code"] as? String == "bad-query" && answer.error?["path"] as? String == "theme", "\(answer.text)")
        }
        // Even a query built in code cannot give two orders of a repeated name one canonical text.
        let swapped = QueryItems(pairs: [("theme", "neon"), ("theme", "classic")])
        #expect(URLSigner.canonical(path: "/v1/render", query: signed) != URLSigner.canonical(path: "/v1/render", query: swapped))
        // Distinct names: the canonical text every URL signed so far was signed with.
        let plain = try QueryItems(raw: "theme=neon&sig=x&a=%2D2&A=1&nickname=b&nickname2=a")
        #expect(URLSigner.canonical(path: "/p", query: plain) == "/p?A=1&a=-2&nickname=b&nickname2=a&theme=neon")
    }

    @Test func canonicalFormSortsAndReencodes() throws {
        let raw = try QueryItems(raw: "nickname=%E5%B0%8F+%41&c=1&sig=zzz&a=%2D2")
        #expect(URLSigner.canonical(path: "/v1/posters/x.png", query: raw) == "/v1/posters/x.png?a=-2&c=1&nickname=%E5%B0%8F%2BA")
        #expect(URLSigner.canonical(path: "/p", query: QueryItems(pairs: [])) == "/p")
    }

    /// The URL signature is HMAC-SHA256 (RFC 4231 case 2) in base64url (PosterHashingTests checks the HMAC).
    @Test func urlSignaturesAreHMACSHA256InBase64URL() throws {
        let signer = URLSigner(keys: [Array("Jefe".utf8)])
        #expect(signer.signature(forCanonical: "what do ya want for nothing?") == "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM")
        #expect(signer.verify("W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM", canonical: "what do ya want for nothing?"))
        #expect(!signer.verify("W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEm", canonical: "what do ya want for nothing?"))
    }
}
