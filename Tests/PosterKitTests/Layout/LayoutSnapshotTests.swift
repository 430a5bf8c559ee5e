import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// Layout snapshots: the `LayoutDump` of a few variants against checked-in JSON in
/// Snapshots/, so a change to line breaking, fitting or placement shows as a readable
/// diff, whatever the pixels do.
///
/// `NMTI_LAYOUT_RECORD=1` writes the current dumps over the snapshots (never with
/// `CI=true`); the run still fails, so a recording is always looked at.
@Suite("Layout snapshots")
struct LayoutSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// Theme and result fixture: the plain cases and the ones that make text fit hard.
    static let cases: [(theme: String, result: String)] = [
        ("classic", "workplace-PRED"), ("classic", "nickname-long"), ("neon", "student-DOOM"),
        ("neon", "nickname-emoji"), ("paper", "invited-workplace"), ("paper", "nickname-newline"),
    ]

    static var recording: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["NMTI_LAYOUT_RECORD"] == "1" && environment["CI"] != "true"
    }

    @Test(arguments: cases.indices)
    func layoutMatchesItsSnapshot(index: Int) throws {
        let (themeName, resultName) = Self.cases[index]
        let theme = try ThemeStore(directory: Self.root.appendingPathComponent("Themes")).theme(themeName)
        let resultURL = Self.root.appendingPathComponent("Fixtures/results/\(resultName).json")
        let result = try QuizResult(jsonData: try Data(contentsOf: resultURL), file: resultURL.path)
        let actual = try PosterRenderer().layoutDump(result, theme: theme).json()
        let snapshot = Self.snapshots.appendingPathComponent("\(themeName)-\(resultName).json")
        let expected = FileManager.default.contents(atPath: snapshot.path)
        guard expected != actual else { return }
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
            try actual.write(to: snapshot, options: .atomic)
            Issue.record("recorded \(snapshot.lastPathComponent); look at it and run again without NMTI_LAYOUT_RECORD")
            return
        }
        guard let expected else {
            Issue.record("no snapshot \(snapshot.path); record it with NMTI_LAYOUT_RECORD=1")
            return
        }
        Issue.record("""
            layout of \(themeName) with \(resultName) differs from \(snapshot.lastPathComponent) \
            (NMTI_LAYOUT_RECORD=1 re-records it):
            \(Self.diff(String(decoding: expected, as: UTF8.self), String(decoding: actual, as: UTF8.self)))
            """)
    }

    /// A dump is the same JSON after decoding and encoding again: the shape is all Codable.
    @Test func dumpRoundTripsThroughItsJSON() throws {
        let theme = try ThemeStore(directory: Self.root.appendingPathComponent("Themes")).theme("classic")
        let dump = try PosterRenderer().layoutDump(QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8)), theme: theme)
        #expect(try LayoutDump.decode(dump.json()) == dump)
        #expect(dump.version == LayoutDump.currentVersion)
        #expect(dump.elements.contains { $0.type == "text" && !($0.lines ?? []).isEmpty })
    }

    /// The lines that differ, marked - (snapshot) and + (now), each run followed by two lines of context.
    static func diff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var out: [String] = []
        var oldIndex = 0, newIndex = 0
        var lastPrinted = -10
        func context(_ index: Int) -> Bool { index - lastPrinted <= 2 }
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                out.append("- \(old[oldIndex])"); oldIndex += 1; lastPrinted = newIndex
            } else if newIndex < new.count, inserted.contains(newIndex) {
                out.append("+ \(new[newIndex])"); newIndex += 1; lastPrinted = newIndex
            } else {
                if context(newIndex), newIndex < new.count { out.append("  \(new[newIndex])") }
                oldIndex += 1; newIndex += 1
            }
            if out.count > 80 { out.append("  …"); break }
        }
        return out.joined(separator: "\n")
    }
}
