import Foundation
import NMTIDomain
import PosterLinks
import Testing
import TestSupport

/// The whole loop with the shipped themes, as issue 15 states it: the invitee's
/// poster, rendered with a link base, carries a compact https reply link in its QR code;
/// read back from the pixels and opened against `serve`, it gives a page whose
/// image is the pairing poster of exactly those two results.
@Suite struct ReplyLoopTests {
    static let base = "https://nmti.example/"
    static let invitee = #"""
        {"pack": "student", "scores": {"c": -4, "s": 5, "e": 7, "a": 1}, "nickname": "阿May",
         "fromScores": {"c": 6, "s": -3, "e": 2, "a": -5}, "fromNickname": "小王"}
        """#

    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = ServerProcess.packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    @Test func theInviteesPosterLeadsToTheirPairingPoster() throws {
        let key = try LinkFixtures.keyFile()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: key)
            try? FileManager.default.removeItem(at: folder)
        }
        let result = folder.appendingPathComponent("invitee.json")
        try Data(Self.invitee.utf8).write(to: result)
        let links = ["--link-base", Self.base, "--link-key-file", key.path]

        // 1. The invitee's own poster, as the app would render it to share.
        let poster = folder.appendingPathComponent("invitee.png")
        let rendered = try Self.run(["render", result.path, "-o", poster.path, "-q"] + links)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let decoded = try QRDecoder.decode(png: try Data(contentsOf: poster))
        let reply = try #require(decoded.first)
        #expect(decoded.count == 1)
        #expect(reply.hasPrefix(Self.base + "R/"), "\(reply)")
        let parsed = try ParsedLink(parsing: reply)
        #expect(parsed.link.url(form: .web(try LinkBase(Self.base))).hasPrefix(Self.base + "r?v=-4.5.7.1&iv=6.-3.2.-5&p=s&n="))
        #expect(parsed.signature?.count == 14 && LinkFixtures.signer.verifies(parsed))

        // 2. The link opened against serve (the base's host routed to it).
        let server = try ServerProcess(links)
        defer { server.stop() }
        let page = try Curl.request(server.url("/" + reply.dropFirst(Self.base.count)))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("阿May") && page.text.contains("小王"), "a signed link keeps both nicknames")
        let src = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: page.text))
        #expect(src.hasPrefix(Self.base + "v1/links/r/pair.png?"), "\(src)")
        let image = try Curl.request(server.url("/" + src.dropFirst(Self.base.count)))
        #expect(image.status == 200 && image.headers["content-type"] == "image/png")

        // 3. Exactly the pairing poster of those two results.
        let pairing = folder.appendingPathComponent("pair.png")
        let direct = try Self.run(["render", result.path, "--theme", "pair", "-o", pairing.path, "-q"] + links)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(image.body == (try Data(contentsOf: pairing)), "the page's image is the pair poster of the invitee's result")
        let card = try #require(LinkFixtures.meta("og:image", in: page.text))
        let preview = try Curl.request(server.url("/" + card.dropFirst(Self.base.count)))
        #expect(preview.status == 200 && LandingPageTests.size(preview.body) == (1200, 630))
    }
}
