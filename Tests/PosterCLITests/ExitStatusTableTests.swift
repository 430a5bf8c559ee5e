import Foundation
import PosterKit
import Testing
@testable import PosterCLI
@testable import PosterFiles

/// Every kind of failure exits with the status the README documents for it: the
/// README's "Exit status" table, `ExitStatus.documented` (printed by `--help`) and
/// `ExitStatus(for:)` (what the code does) agree.
@Suite struct ExitStatusTableTests {
    /// The README's table: each status number with its row's text.
    static func readmeRows() throws -> [Int32: String] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "### Exit status"))
        let header = try #require(lines[heading...].firstIndex(of: "| status | meaning |"))
        var rows: [Int32: String] = [:]
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("| ") else { break }
            let cells = line.split(separator: "|", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
            for number in cells[0].split(separator: ",") {
                let status = try #require(Int32(number.trimmingCharacters(in: .whitespaces)), "'\(cells[0])' is not a status")
                rows[status] = cells[1]
            }
        }
        return rows
    }

    @Test(arguments: FailureKind.allCases)
    func eachKindExitsWithItsDocumentedStatus(kind: FailureKind) throws {
        let rows = try Self.readmeRows()
        let status = ExitStatus(for: kind)
        let row = try #require(rows[status.rawValue], "README documents no status \(status) (used by \(kind))")
        #expect(row.contains(kind.documentedAs), "README's row for \(status) does not mention \(kind): '\(kind.documentedAs)'")
        #expect(CommandFailure(kind, "x").status == status)
    }

    @Test func theReadmeAndHelpListTheSameStatuses() throws {
        let documented = Set(ExitStatus.documented.map(\.status.rawValue))
        #expect(Set(try Self.readmeRows().keys) == documented)
        let used = Set(FailureKind.allCases.map { ExitStatus(for: $0).rawValue })
        #expect(used.isSubset(of: documented))
    }

    @Test func aManifestProblemIsNotCalledABadResult() throws {
        let rows = try Self.readmeRows()
        let row = try #require(rows[ExitStatus(for: .invalidManifest).rawValue])
        #expect(row.contains("manifest"))
        let help = try #require(ExitStatus.documented.first { $0.status == ExitStatus(for: .invalidManifest) })
        #expect(help.meaning.contains("manifest"))
    }

    @Test func aWrappedRenderErrorKeepsItsKindAndCause() throws {
        let write = WriteFailure(path: "out/x.png", reason: "read-only file system")
        let failure = ThemeInput.failure(RenderError(.output, write.description, cause: write))
        #expect(failure.kind == .outputUnwritable)
        #expect(failure.status == .cantCreate)
        let render = try #require(failure.cause as? RenderError)
        #expect(render.kind == .output)
        #expect(render.cause as? WriteFailure == write)
    }
}
