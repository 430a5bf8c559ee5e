import Foundation
import NMTIDomain
import PosterKit
import Testing
@testable import PosterCLI

/// `render <link>`, `resolve <link>`, `--link-base` and `--link-key-file`, in-process.
@Suite("Links on the command line")
struct LinkCommandTests {
    static let invited = Data(#"""
        {"pack": "student", "scores": {"c": 9, "s": -5, "e": -2, "a": 4}, "nickname": "<b>🐶</b>",
         "fromCode": "DROM", "fromScores": {"c": -3, "s": 4, "e": -6, "a": -1}, "fromNickname": "学霸小李"}
        """#.utf8)

    private func keyFile(_ key: String = "0123456789abcdef-test-key") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-link-key-\(UUID().uuidString)").path
        try Data("# link keys\n\(key)\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func document(_ output: RunOutput) throws -> ResolvedDocument {
        try JSONDecoder().decode(ResolvedDocument.self, from: Data(output.stdout.utf8))
    }

    @Test func aSignedLinkRoundTripsThroughResolveWithItsNicknames() throws {
        let key = try keyFile()
        defer { try? FileManager.default.removeItem(atPath: key) }
        let printed = run(NMTIPoster.tool, ["resolve", "r.json", "--link-base", "https://nmti.example/", "--link-key-file", key],
                          io: CapturedIO(files: ["r.json": Self.invited]))
        #expect(printed.status == .success, "\(printed.stderr)")
        let link = try document(printed).link
        #expect(link.hasPrefix("https://nmti.example/r?v=9.-5.-2.4&iv=-3.4.-6.-1&p=s&n=%3Cb%3E%F0%9F%90%B6%3C%2Fb%3E&in="))
        #expect(link.contains("&sig="))

        let verified = try document(run(NMTIPoster.tool, ["resolve", link, "--link-key-file", key]))
        #expect(verified.signature == "verified")
        #expect(verified.nickname == "<b>🐶</b>" && verified.inviter?.nickname == "学霸小李")
        #expect(verified.code == "POOD" && verified.inviter?.code == "DROM" && verified.invited)
        #expect(verified.inviter?.scores == DimensionScores(c: -3, s: 4, e: -6, a: -1))

        let unkeyed = try document(run(NMTIPoster.tool, ["resolve", link]))
        #expect(unkeyed.signature == "not-verified" && unkeyed.nickname == nil && unkeyed.inviter?.nickname == nil)

        let tampered = link.replacingOccurrences(of: "v=9.", with: "v=8.")
        let forged = try document(run(NMTIPoster.tool, ["resolve", tampered, "--link-key-file", key]))
        #expect(forged.signature == "not-verified" && forged.nickname == nil)

        let otherKey = try keyFile("another-key-of-16-bytes-or-more")
        defer { try? FileManager.default.removeItem(atPath: otherKey) }
        #expect(try document(run(NMTIPoster.tool, ["resolve", link, "--link-key-file", otherKey])).signature == "not-verified")
    }

    @Test func resolvePrintsTheCompactFormAndReadsItBack() throws {
        let key = try keyFile()
        defer { try? FileManager.default.removeItem(atPath: key) }
        let printed = try document(run(NMTIPoster.tool, ["resolve", "r.json", "--link-base", "https://nmti.example/", "--link-key-file", key],
                                       io: CapturedIO(files: ["r.json": Self.invited])))
        let compact = try #require(printed.compactLink)
        #expect(compact.hasPrefix("https://nmti.example/R/") && compact.count < printed.link.count, "\(compact)")
        #expect(printed.givenForm == nil && printed.givenLink == nil)

        // Given the compact link: the same result, which form it was in, and its long form with its own 80-bit tag.
        let byCompact = try document(run(NMTIPoster.tool, ["resolve", compact, "--link-key-file", key]))
        #expect(byCompact.signature == "verified" && byCompact.givenForm == "compact")
        #expect(byCompact.nickname == "<b>🐶</b>" && byCompact.inviter?.nickname == "学霸小李")
        let given = try #require(byCompact.givenLink)
        #expect(given.hasPrefix("https://nmti.example/r?v=9.-5.-2.4&iv=-3.4.-6.-1&p=s&n=%3Cb%3E%F0%9F%90%B6%3C%2Fb%3E&in="))
        #expect(given.hasSuffix("&sig=" + (try ParsedLink(parsing: compact).signature ?? "-")))
        let byGiven = try document(run(NMTIPoster.tool, ["resolve", given, "--link-key-file", key]))
        #expect(byGiven.signature == "verified" && byGiven.givenForm == "web" && byGiven.givenLink == given)
        // Without a base the result's own link is the app scheme, with no compact form; the given link keeps its base.
        #expect(byCompact.link.hasPrefix("nmti://reply?") && byCompact.compactLink == nil)
        let scheme = try document(run(NMTIPoster.tool, ["resolve", byCompact.link]))
        #expect(scheme.givenForm == "nmti" && scheme.givenLink == byCompact.link)

        // Scores the compact form cannot hold: the long form only.
        let wide = Data(#"{"pack": "student", "scores": {"c": 40, "s": -5, "e": -2, "a": 4}}"#.utf8)
        let long = try document(run(NMTIPoster.tool, ["resolve", "w.json", "--link-base", "https://nmti.example/"], io: CapturedIO(files: ["w.json": wide])))
        #expect(long.link == "https://nmti.example/i?v=40.-5.-2.4&p=s" && long.compactLink == nil)

        // A bad compact link: 65, with the payload's problem.
        let bad = run(NMTIPoster.tool, ["resolve", "https://nmti.example/R/0u00"])
        #expect(bad.status == .badInput && bad.stderr.contains("is in lower case"), "\(bad.stderr)")
    }

    @Test func unsignedLinksResolveWithoutNicknames() throws {
        let output = run(NMTIPoster.tool, ["resolve", "nmti://invite?pack=student&from=PRED&nickname=%E5%B0%8F%E7%8E%8B"])
        #expect(output.status == .success)
        let doc = try document(output)
        #expect(doc.signature == "unsigned" && doc.nickname == nil && doc.code == "PRED")
        #expect(doc.scores == DimensionScores(c: 6, s: 6, e: 6, a: 6))
        #expect(doc.link == "nmti://invite?pack=student&from=PRED&scores=6.6.6.6")
    }

    @Test(arguments: [
        ("https://nmti.example/r?v=6.-3.2", "parameter 'v': '6.-3.2' is not four integers"),
        ("nmti://invite?from=XXXX", "parameter 'from': 'XXXX' is not a personality code"),
        ("https://nmti.example/x?v=1.1.1.1", "unknown link kind 'x'"),
        ("https://nmti.example/i?v=1.1.1.1&n=a%00b", "parameter 'n' holds the control character U+0000"),
        ("nmti://invite?from=PRED&toNickname=a%1Bb&", "empty query item"),
        ("nmti://invite?from=PRED&%zz=1", "is not valid percent-encoded UTF-8"),
    ])
    func badLinksExitWith65NamingTheParameter(link: String, reason: String) {
        for command in ["resolve", "render"] {
            let output = run(NMTIPoster.tool, [command, link])
            #expect(output.status == .badInput, "\(command) \(link)")
            #expect(output.stderr.contains(reason), "\(output.stderr)")
            #expect(output.io.files.isEmpty)
        }
    }

    @Test func badLinkOptionsAreUsageOrInputErrors() {
        let badBase = run(NMTIPoster.tool, ["resolve", "r.json", "--link-base", "ftp://x/"], io: CapturedIO(files: ["r.json": Self.invited]))
        #expect(badBase.status == .usage && badBase.stderr.contains("--link-base: link base 'ftp://x/'"))
        let missing = run(NMTIPoster.tool, ["resolve", "r.json", "--link-key-file", "/nonexistent/keys"],
                          io: CapturedIO(files: ["r.json": Self.invited]))
        #expect(missing.status == .noInput && missing.stderr.contains("/nonexistent/keys"))
        let bulk = run(NMTIPoster.tool, ["render", "nmti://invite?from=PRED", "--out", "posters"])
        #expect(bulk.status == .usage && bulk.stderr.contains("is a link"))
    }

    @Test func theEnvironmentStandsInForTheOptions() throws {
        let spec = ResolveCommand.spec
        var values = ParsedValues(spec: spec, commandPath: ["nmti-poster", "resolve"])
        let fromEnvironment = try LinkOptions(values, environment: ["NMTI_LINK_BASE": "https://Env.Example/x"])
        #expect(fromEnvironment.base?.text == "https://env.example/x/")
        values.optionValues["link-base"] = ["https://option.example/"]
        #expect(try LinkOptions(values, environment: ["NMTI_LINK_BASE": "https://env.example/"]).base?.text == "https://option.example/")
        #expect(throws: UsageError.self) { try LinkOptions(ParsedValues(spec: spec, commandPath: []), environment: ["NMTI_LINK_BASE": "nope"]) }
    }

    @Test func renderingAnInviteLinkDrawsTheSendersPoster() throws {
        let output = run(NMTIPoster.tool, ["render", "https://nmti.example/i?v=6.-3.2.-5&p=s&n=%E5%B0%8F%E7%8E%8B", "--quiet"])
        #expect(output.status == .success, "\(output.stderr)")
        let png = try #require(output.io.files["student-POEM.png"])
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let fromJSON = run(NMTIPoster.tool, ["render", "r.json", "-o", "same.png", "--quiet"], io: CapturedIO(files: [
            "r.json": Data(#"{"pack": "student", "scores": {"c": 6, "s": -3, "e": 2, "a": -5}}"#.utf8),
        ]))
        #expect(fromJSON.io.files["same.png"] == png, "an unsigned link's poster is the result's poster without the nickname")
    }
}
