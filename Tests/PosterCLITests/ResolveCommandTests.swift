import Foundation
import NMTIDomain
import Testing
@testable import PosterCLI

/// `resolve` run in-process against captured streams and in-memory files.
@Suite("Resolve in-process")
struct ResolveCommandTests {
    private let good = Data(#"{"pack": "student", "code": "work", "scores": {"c": 5, "s": -3, "e": -8, "a": -2}, "nickname": "小王/🔥"}"#.utf8)

    private func resolve(_ words: [String], io: CapturedIO) -> RunOutput {
        run(NMTIPoster.tool, ["resolve"] + words, io: io)
    }

    private func document(_ output: RunOutput) throws -> ResolvedDocument {
        try JSONDecoder().decode(ResolvedDocument.self, from: Data(output.stdout.utf8))
    }

    @Test func readsAFile() throws {
        let output = resolve(["r.json"], io: CapturedIO(files: ["r.json": good]))
        #expect(output.status == .success)
        #expect(output.stderr.isEmpty)
        let doc = try document(output)
        #expect(doc.code == "POOM" && doc.alias == "WORK" && doc.title == "金牌老黄牛")
        #expect(doc.pack == "student" && doc.packName == "做题家版")
        #expect(doc.nickname == "小王/🔥")
        #expect(doc.link == "nmti://invite?pack=student&from=POOM&scores=5.-3.-8.-2&nickname=%E5%B0%8F%E7%8E%8B%2F%F0%9F%94%A5")
        #expect(!doc.invited && doc.inviter == nil && doc.pairing == nil)
    }

    @Test func printsSortedPrettyUnescapedJSON() {
        let text = resolve(["-"], io: CapturedIO(standardInput: good)).stdout
        #expect(text.hasPrefix("{\n  \"alias\" : \"WORK\",\n  \"code\" : \"POOM\",\n  \"copy\" : {\n"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"nickname\" : \"小王/🔥\""))
        #expect(text.contains("\"link\" : \"nmti://invite?"))
        #expect(!text.contains("\\/") && !text.contains("\\u"))
    }

    @Test func readsStandardInputForDash() throws {
        let output = resolve(["-"], io: CapturedIO(standardInput: good))
        #expect(output.status == .success)
        #expect(try document(output).code == "POOM")
    }

    @Test func badStandardInputIsNamedStdin() {
        let output = resolve(["-"], io: CapturedIO(standardInput: Data(#"{"scores": {"c": 1.5}}"#.utf8)))
        #expect(output.status == .badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "nmti-poster: error: <stdin>: scores.c: expected an integer, found 1.5 (a fraction)\n")
    }

    @Test func missingFilesExit66() {
        let output = resolve(["nope.json"], io: CapturedIO())
        #expect(output.status == .noInput)
        #expect(output.stderr == "nmti-poster: error: nope.json: no such file\n")
        #expect(output.stdout.isEmpty)
    }

    @Test func directoriesExit66() {
        let output = resolve([Fixtures.url("Fixtures").path], io: CapturedIO(readsDisk: true))
        #expect(output.status == .noInput)
        #expect(output.stderr.hasSuffix("Fixtures: is a directory\n"))
    }

    @Test func oversizedInputIsBadInput() {
        let big = Data(repeating: UInt8(ascii: " "), count: QuizResult.maximumDocumentBytes + 1)
        let output = resolve(["-"], io: CapturedIO(standardInput: big))
        #expect(output.status == .badInput)
        #expect(output.stderr == "nmti-poster: error: <stdin>: $: document is larger than 65536 bytes, the limit for a result\n")
    }

    @Test func writesToAnOutputFile() throws {
        let output = resolve(["r.json", "-o", "out.json"], io: CapturedIO(files: ["r.json": good]))
        #expect(output.status == .success)
        #expect(output.stdout.isEmpty && output.stderr.isEmpty)
        let written = try #require(output.io.files["out.json"])
        #expect(try JSONDecoder().decode(ResolvedDocument.self, from: written).code == "POOM")
    }

    @Test func unwritableOutputExits73() {
        var io = CapturedIO(files: ["r.json": good])
        io.unwritablePaths = ["/ro/out.json"]
        let output = resolve(["r.json", "--output=/ro/out.json"], io: io)
        #expect(output.status == .cantCreate)
        #expect(output.stderr == "nmti-poster: error: /ro/out.json: permission denied\n")
    }

    @Test func brokenStandardOutputExits74() {
        var io = CapturedIO(files: ["r.json": good])
        io.brokenStreams = [.output]
        let output = resolve(["r.json"], io: io)
        #expect(output.status == .ioError)
        #expect(output.stderr == "nmti-poster: error: <stdout>: broken pipe\n")
        var helpIO = CapturedIO()
        helpIO.brokenStreams = [.output]
        #expect(run(NMTIPoster.tool, ["--help"], io: helpIO).status == .ioError)
    }

    @Test func extremeScoresResolveWithoutTrapping() throws {
        let json = #"{"scores": {"c": -9223372036854775808, "s": 9223372036854775807, "e": 0, "a": 30}}"#
        let output = resolve(["-"], io: CapturedIO(standardInput: Data(json.utf8)))
        #expect(output.status == .success, "\(output.stderr)")
        let doc = try document(output)
        #expect(doc.code == "DRED")
        #expect(doc.dimensions.map(\.percent) == [100, 100, 0, 100])
        #expect(doc.dimensions.map(\.position) == [0, 1, 0.5, 1])
    }

    @Test func invitedResultsCarryInviterPairingAndReplyLink() throws {
        let json = #"{"scores": {"c": -4, "s": 7, "e": 3, "a": -6}, "fromCode": "hexa", "fromNickname": "老板", "id": "r1", "date": "2024-06-01"}"#
        let doc = try document(resolve(["-"], io: CapturedIO(standardInput: Data(json.utf8))))
        #expect(doc.invited)
        #expect(doc.inviter == ResolvedDocument.Inviter(code: "PRED", alias: "HEXA", title: "六边形悍匪", emoji: "🦹", nickname: "老板"))
        let pairing = Personality.find("DREM")!.pairing(with: Personality.find("PRED")!, pack: .workplace)
        #expect(doc.pairing == ResolvedDocument.PairingEntry(label: pairing.label, line: pairing.line(PairNames(invitee: nil, inviter: "老板"))))
        #expect(doc.pairing?.line.contains("@老板\u{00A0}") == true && doc.pairing?.line.contains("你") == false)
        #expect(doc.link == "nmti://reply?pack=workplace&from=DREM&scores=-4.7.3.-6&to=PRED&toNickname=%E8%80%81%E6%9D%BF")
        #expect(doc.id == "r1" && doc.date == "2024-06-01")
    }
}
