import Foundation
import NMTIDomain
@testable import PosterCLI
import Testing

/// The built `nmti-poster` executable resolving every good fixture.
@Suite("Binary: resolve fixtures")
struct BinaryResolveTests {
    @Test func theBinaryIsBuiltAndFixturesArePresent() throws {
        let binary = try #require(Binary.url, "nmti-poster was not found next to the tests")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        #expect(Fixtures.results.count == 40)
        #expect(Fixtures.results.filter { $0.contains("/workplace-") }.count == 16)
        #expect(Fixtures.results.filter { $0.contains("/student-") }.count == 16)
    }

    @Test func versionAndHelpRun() throws {
        let version = try Binary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdoutText == "nmti-poster \(NMTIPoster.version)\n")
        let help = try Binary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.hasSuffix("143   stopped by SIGTERM; temporary files removed\n"))
    }

    @Test(arguments: Fixtures.results)
    func resolvesEveryFixture(path: String) throws {
        let output = try Binary.run(["resolve", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        let doc = try JSONDecoder().decode(ResolvedDocument.self, from: output.stdout)
        let source = try Fixtures.object(path)
        try check(doc, against: source, file: path)
    }

    @Test(arguments: Fixtures.results.filter { $0.contains("invited") || $0.contains("nickname") })
    func standardInputGivesTheSameOutput(path: String) throws {
        let viaFile = try Binary.run(["resolve", path])
        let viaStdin = try Binary.run(["resolve", "-"], stdin: try Fixtures.data(path))
        #expect(viaStdin.status == 0)
        #expect(viaStdin.stdout == viaFile.stdout)
    }

    /// Checks the resolved document against the fixture, read independently.
    private func check(_ doc: ResolvedDocument, against source: [String: Any], file: String) throws {
        let scores = try #require(source["scores"] as? [String: Int])
        let name = (file as NSString).lastPathComponent
        // The expected code comes from the file name where it has one, else from the signs of the scores.
        let signs = zip(["c", "s", "e", "a"], [("P", "D"), ("R", "O"), ("E", "O"), ("D", "M")]).map { key, poles in
            scores[key]! >= 0 ? poles.0 : poles.1
        }.joined()
        if let range = name.range(of: #"^(workplace|student)-([A-Z]{4})\.json$"#, options: .regularExpression) {
            #expect(String(name[range].dropLast(5).suffix(4)) == doc.code)
        }
        #expect(doc.code == signs, "\(file)")
        if let stated = source["code"] as? String {
            #expect(Personality.find(stated)?.code.rawValue == doc.code)
        }
        let personality = try #require(Personality.find(doc.code))
        let pack = QuizPack(rawValue: source["pack"] as? String ?? "workplace")!
        #expect(doc.pack == pack.rawValue && doc.packName == pack.displayName)
        #expect(name.hasPrefix("student-") ? pack == .student : true)
        #expect(doc.title == personality.title && doc.alias == personality.alias && doc.emoji == personality.emoji)
        let copy = personality.copy(for: pack)
        #expect(doc.copy.slogan == copy.slogan && doc.copy.tagline == copy.tagline && doc.copy.fullDesc == copy.fullDesc)
        #expect([doc.scores.c, doc.scores.s, doc.scores.e, doc.scores.a] == ["c", "s", "e", "a"].map { scores[$0]! })
        #expect(doc.dimensions.map(\.dimension) == ["c", "s", "e", "a"])
        #expect(doc.dimensions.map(\.pole).joined() == doc.code)
        #expect(doc.dimensions.allSatisfy { (0...100).contains($0.percent) && (0...1).contains($0.position) })
        let fullNickname = (source["nickname"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        // The link carries at most the first 24 characters of the nickname.
        let nickname = LinkPerson.linkNickname(fullNickname)
        let sender = LinkPerson(scores: DimensionScores(c: scores["c"]!, s: scores["s"]!, e: scores["e"]!, a: scores["a"]!),
                                nickname: nickname)
        #expect(doc.nickname == fullNickname)
        #expect(doc.id == source["id"] as? String && doc.date == source["date"] as? String)

        let link = try NMTILink(parsing: doc.link)
        if let fromCode = source["fromCode"] as? String {
            let inviter = try #require(Personality.find(fromCode))
            #expect(doc.invited)
            #expect(doc.link.hasPrefix("nmti://reply?"))
            let inviterNickname = LinkPerson.linkNickname(source["fromNickname"] as? String)
            #expect(link == .reply(pack: pack, sender: sender, inviter: LinkPerson(code: inviter.code, nickname: inviterNickname)))
            #expect(doc.inviter?.code == inviter.code.rawValue && doc.inviter?.title == inviter.title)
            #expect(doc.inviter?.nickname == source["fromNickname"] as? String)
            let pairing = personality.pairing(with: inviter, pack: pack)
            let names = PairNames(invitee: fullNickname, inviter: source["fromNickname"] as? String)
            #expect(doc.pairing?.label == pairing.label && doc.pairing?.line == pairing.line(names))
        } else {
            #expect(!doc.invited && doc.inviter == nil && doc.pairing == nil)
            #expect(link == .invite(pack: pack, sender: sender))
        }
    }
}
