import Foundation
import Testing

/// The built `nmti-poster` executable rejecting bad input: one line on
/// standard error, nothing on standard output, the documented status.
@Suite("Binary: errors")
struct BinaryErrorTests {
    @Test func everyBadFixtureHasAnExpectation() {
        let names = Set(Fixtures.badResults.map { ($0 as NSString).lastPathComponent })
        #expect(names.count >= 15)
        #expect(names == Set(Fixtures.expectations.keys))
    }

    @Test(arguments: Fixtures.badResults)
    func badFixturesFailWithOneLine(path: String) throws {
        let expectation = try #require(Fixtures.expectations[(path as NSString).lastPathComponent])
        let output = try Binary.run(["resolve", path])
        #expect(output.status == expectation.status)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        let prefix = "nmti-poster: error: \(path): \(expectation.path): "
        #expect(output.stderr.hasPrefix(prefix), "\(output.stderr)")
        #expect(output.stderr.contains(expectation.contains), "\(output.stderr)")
    }

    @Test func badStandardInputNamesStdin() throws {
        let output = try Binary.run(["resolve", "-"], stdin: try Fixtures.data("Fixtures/bad-results/scores-c-float.json"))
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "nmti-poster: error: <stdin>: scores.c: expected an integer, found 1.5 (a fraction)\n")
    }

    @Test func emptyStandardInputIsBadInput() throws {
        let output = try Binary.run(["resolve", "-"])
        #expect(output.status == 65)
        #expect(output.stderr == "nmti-poster: error: <stdin>: $: empty file; expected a JSON object\n")
    }

    @Test func missingFilesExit66() throws {
        let output = try Binary.run(["resolve", "Fixtures/results/nope.json"])
        #expect(output.status == 66)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "nmti-poster: error: Fixtures/results/nope.json: no such file\n")
    }

    @Test func directoriesExit66() throws {
        let output = try Binary.run(["resolve", "Fixtures"])
        #expect(output.status == 66)
        #expect(output.stderr == "nmti-poster: error: Fixtures: is a directory\n")
    }

    @Test func unwritableOutputExits73() throws {
        let output = try Binary.run(["resolve", "Fixtures/results/workplace-PRED.json", "-o", "/nonexistent-dir/out.json"])
        #expect(output.status == 73)
        #expect(output.stderr == "nmti-poster: error: /nonexistent-dir/out.json: the folder /nonexistent-dir does not exist\n")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullStandardOutputExits74() throws {
        let output = try Binary.run(["resolve", "Fixtures/results/workplace-PRED.json"], stdoutPath: "/dev/full")
        #expect(output.status == 74)
        #expect(output.stderr == "nmti-poster: error: <stdout>: no space left on device\n")
    }

    @Test(arguments: [
        (["reslove", "x.json"], "nmti-poster: error: unknown command 'reslove'"),
        (["resolve", "--outptu", "x"], "nmti-poster: error: unknown option '--outptu'"),
        (["resolve"], "nmti-poster: error: missing argument <result>"),
        (["resolve", "a.json", "b.json"], "nmti-poster: error: unexpected argument 'b.json'"),
        ([], "nmti-poster: error: no command given"),
    ])
    func usageErrorsExit64(words: [String], firstLine: String) throws {
        let output = try Binary.run(words)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.first.map(String.init) == firstLine)
        #expect(output.stderrLines.last?.hasPrefix("See 'nmti-poster ") == true)
    }
}
