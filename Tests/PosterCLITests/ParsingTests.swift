import PosterKit
import Testing
@testable import PosterCLI

@Suite("Parsing")
struct ParsingTests {
    private func echo(_ words: [String]) -> [String: String] {
        let output = run(testTool, ["echo"] + words)
        #expect(output.status == .success, "\(output.stderr)")
        var fields: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields[String(parts[0])] = String(parts[1])
        }
        return fields
    }

    @Test func defaultsApplyWhenOptionsAreLeftOut() {
        let fields = echo(["a"])
        #expect(fields == [
            "path": "echo", "first": "a", "rest": "", "output": "-", "width": "nil", "tags": "", "force": "false",
        ])
    }

    @Test func longShortAttachedAndRepeatedOptionsParse() {
        let fields = echo(["a", "--output", "x.png", "b", "-f", "--tag", "one", "-t", "two", "--width=300", "c"])
        #expect(fields["first"] == "a")
        #expect(fields["rest"] == "b,c")
        #expect(fields["output"] == "x.png")
        #expect(fields["tags"] == "one,two")
        #expect(fields["width"] == "300")
        #expect(fields["force"] == "true")
    }

    @Test func attachedValuesMayBeEmptyOrContainEquals() {
        #expect(echo(["a", "--output=a=b"])["output"] == "a=b")
        #expect(echo(["a", "--tag="])["tags"] == "")
        #expect(echo(["a", "-o", "-"])["output"] == "-")
    }

    @Test func doubleDashEndsOptionsAndDashIsAValue() {
        let fields = echo(["--", "--force", "-h"])
        #expect(fields["first"] == "--force")
        #expect(fields["rest"] == "-h")
        #expect(fields["force"] == "false")
        #expect(echo(["-"])["first"] == "-")
    }

    @Test func groupsSelectTheirSubcommands() {
        #expect(run(testTool, ["themes", "list"]).stdout == "listed\n")
        #expect(run(testTool, ["themes", "list", "-l"]).stdout == "listed long\n")
    }

    /// Words, the error message, and the command whose help the hint names.
    static let usageErrors: [([String], String, String)] = [
        (["echo"], "missing argument <first>", "echo"),
        (["echo", "a", "--output"], "option '-o, --output <path>' expects a value", "echo"),
        (["echo", "a", "--output", "--force"], "option '-o, --output <path>' expects a value", "echo"),
        (["echo", "a", "--force", "--force"], "option '--force' given more than once", "echo"),
        (["echo", "a", "-o", "x", "--output", "y"], "option '--output' given more than once", "echo"),
        (["echo", "a", "--force=yes"], "option '--force' takes no value", "echo"),
        (["echo", "a", "--bogus"], "unknown option '--bogus'", "echo"),
        (["echo", "a", "-x"], "unknown option '-x'", "echo"),
        (["echo", "a", "--width", "abc"], "option '--width' expects an integer from 1 to 10000, got 'abc'", "echo"),
        (["echo", "a", "--width", "0"], "option '--width' expects an integer from 1 to 10000, got '0'", "echo"),
        (["themes", "list", "extra"], "unexpected argument 'extra'", "themes list"),
        (["themes"], "'themes' needs a subcommand", "themes"),
        (["themes", "lits"], "unknown subcommand of 'themes' 'lits'", "themes"),
        (["ehco"], "unknown command 'ehco'", ""),
        ([], "no command given", ""),
        (["--verison"], "unknown option '--verison'", ""),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExit64WithAHint(words: [String], message: String, command: String) {
        let output = run(testTool, words)
        #expect(output.status == .usage)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.first == "tool: error: \(message)")
        let hint = command.isEmpty ? "tool --help" : "tool \(command) --help"
        #expect(output.stderrLines.last == "See '\(hint)'.")
    }

    @Test func usageErrorsOfACommandShowItsUsage() {
        let output = run(testTool, ["echo", "a", "--bogus"])
        // Spelled out, echo's four options would make a 98-column line; usage lines collapse to fit 80.
        #expect(output.stderr.contains("\nUsage: tool echo [<options>] <first> [<rest> ...]\n"))
        let short = run(testTool, ["themes", "list", "--bogus"])
        #expect(!short.stderr.contains("[<options>]"), "a short usage line keeps its options spelled out")
    }

    @Test(arguments: [
        (["ehco"], "Did you mean 'echo'?"),
        (["themes", "lits"], "Did you mean 'list'?"),
        (["echo", "a", "--forse"], "Did you mean '--force'?"),
        (["echo", "a", "--outptu"], "Did you mean '--output'?"),
        (["echo", "a", "--hlep"], "Did you mean '--help'?"),
        (["--verison"], "Did you mean '--version'?"),
        (["--hel"], "Did you mean '--help'?"),
    ])
    func typosGetADidYouMean(words: [String], suggestion: String) {
        let output = run(testTool, words)
        #expect(output.status == .usage)
        #expect(output.stderrLines.contains(Substring(suggestion)), "\(output.stderr)")
    }

    @Test func unknownCommandsListTheKnownOnes() {
        #expect(run(testTool, ["zzz"]).stderrLines.contains("Known commands: echo, themes."))
        #expect(run(testTool, ["themes", "zzz"]).stderrLines.contains("Known commands: list."))
        #expect(!run(testTool, ["zzz"]).stderr.contains("Did you mean"))
    }

    @Test func helpWinsOverOtherProblemsButNotAfterDoubleDash() {
        #expect(run(testTool, ["echo", "--bogus", "--help"]).status == .success)
        #expect(run(testTool, ["echo", "-h"]).stdout.hasPrefix("OVERVIEW: "))
        #expect(run(testTool, ["echo", "--", "--help"]).stdout.contains("first=--help"))
    }

    @Test func versionPrintsNameAndVersion() {
        let output = run(testTool, ["--version"])
        #expect(output.status == .success)
        #expect(output.stdout == "tool 9.9.9\n")
        #expect(run(NMTIPoster.tool, ["--version"]).stdout == "nmti-poster \(NMTIPoster.version)\n")
    }

    @Test func commandFailuresPrintOneEscapedLine() {
        let output = run(testTool, ["echo", "fail"])
        #expect(output.status == .badTheme)
        #expect(output.stderr == "tool: error: theme 'x': bad colour\\nsecond line\\u{7}\n")
    }

    @Test func parsingIsPure() {
        guard case .run(let first) = testTool.parse(["echo", "a", "-f"]),
              case .run(let second) = testTool.parse(["echo", "a", "-f"])
        else {
            Issue.record("expected runnable invocations")
            return
        }
        #expect((first as? EchoCommand)?.values.flag("force") == true)
        #expect((second as? EchoCommand)?.values.argument("first") == "a")
    }

    @Test(arguments: [
        ("reslove", "resolve", 1), ("resolve", "resolve", 0), ("", "abc", 3), ("kitten", "sitting", 3),
    ])
    func editDistanceCountsSwapsOnce(lhs: String, rhs: String, distance: Int) {
        #expect(Spelling.distance(lhs, rhs) == distance)
    }

    @Test func suggestionsPreferUniquePrefixesAndRejectFarGuesses() {
        #expect(Suggestions.closest(to: "res", among: ["resolve", "render"]) == "resolve")
        #expect(Suggestions.closest(to: "re", among: ["resolve", "render"]) == nil)
        #expect(Suggestions.closest(to: "xyz", among: ["resolve", "render"]) == nil)
        #expect(Suggestions.closest(to: "RESOLVE", among: ["resolve"]) == "resolve")
    }
}
