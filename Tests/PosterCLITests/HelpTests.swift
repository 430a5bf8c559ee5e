import Foundation
import Testing
@testable import PosterCLI

@Suite("Help")
struct HelpTests {
    static let commands = commandPaths(NMTIPoster.commands)

    @Test func everyCommandIsListed() {
        #expect(Self.commands.map { $0.0.joined(separator: " ") }.contains("resolve"))
        let help = run(NMTIPoster.tool, ["--help"]).stdout
        for (path, spec) in Self.commands {
            #expect(help.contains("\n  \(path.joined(separator: " "))"), "\(path)")
            #expect(help.contains(spec.abstract.split(separator: " ").prefix(3).joined(separator: " ")))
        }
    }

    @Test(arguments: ["--help", "-h", "help"])
    func toolHelpEndsWithTheExitStatusTable(flag: String) {
        let output = run(NMTIPoster.tool, [flag])
        #expect(output.status == .success)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasPrefix("OVERVIEW: Render NMTI personality posters"))
        #expect(output.stdout.contains("\nUSAGE: nmti-poster <command>"))
        #expect(output.stdout.contains("\n  --version "))
        let table = ExitStatus.documented.map { entry in
            let number = String(entry.status.rawValue)
            return "  " + number + String(repeating: " ", count: 6 - number.count) + entry.meaning
        }
        #expect(output.stdout.hasSuffix("EXIT STATUS:\n" + table.joined(separator: "\n") + "\n"))
    }

    @Test func exitStatusesFollowSysexits() {
        let numbers = ExitStatus.documented.map(\.status.rawValue)
        #expect(numbers == [0, 1, 64, 65, 66, 73, 74, 75, 78, 129, 130, 143])
        #expect(ExitStatus.hangUp.rawValue == 128 + SIGHUP && ExitStatus.interrupted.rawValue == 128 + SIGINT)
        #expect(ExitStatus.terminated.rawValue == 128 + SIGTERM)
        #expect(ExitStatus.usage.rawValue == 64 && ExitStatus.badInput.rawValue == 65)
        #expect(ExitStatus.noInput.rawValue == 66 && ExitStatus.cantCreate.rawValue == 73)
        #expect(ExitStatus.ioError.rawValue == 74 && ExitStatus.temporaryFailure.rawValue == 75 && ExitStatus.badTheme.rawValue == 78)
        #expect(ExitStatus(rawValue: 65) == .badInput)
    }

    @Test(arguments: commands.map(\.0))
    func everyCommandHasGeneratedHelp(path: [String]) throws {
        let spec = try #require(NMTIPoster.tool.spec(at: path))
        let help = run(NMTIPoster.tool, path + ["--help"])
        #expect(help.status == .success)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("OVERVIEW: \(spec.abstract)\n"))
        let usage = "\nUSAGE: nmti-poster \(path.joined(separator: " "))"
        #expect(help.stdout.contains(usage + " ") || help.stdout.contains(usage + "\n"))
        for argument in spec.arguments {
            #expect(help.stdout.contains("\n  <\(argument.name)>"), "<\(argument.name)>")
        }
        for option in spec.options {
            // A synopsis too long for the column gets its help on the next line.
            #expect(help.stdout.contains("\n  \(option.synopsis) ") || help.stdout.contains("\n  \(option.synopsis)\n      "), "\(option.synopsis)")
            if let defaultValue = option.defaultValue {
                #expect(help.stdout.contains("(default: \(defaultValue))"))
            }
        }
        #expect(help.stdout.contains("\n  -h, --help "))
        #expect(run(NMTIPoster.tool, path + ["-h"]).stdout == help.stdout)
        #expect(run(NMTIPoster.tool, ["help"] + path).stdout == help.stdout)
    }

    @Test(arguments: [[], ["--help"]] + commands.map { $0.0 + ["--help"] })
    func helpLinesFitEightyColumns(words: [String]) {
        for line in run(NMTIPoster.tool, words).stdout.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func resolveHelpDescribesItsArgumentAndOutput() {
        let help = run(NMTIPoster.tool, ["resolve", "--help"]).stdout
        #expect(help.contains("USAGE: nmti-poster resolve [<options>] <result>\n"))
        #expect(help.contains("  <result>                The result JSON file, an invite or reply link, or - to\n"))
        #expect(help.contains("  --link-base <url>"))
        #expect(help.contains("  -o, --output <path>     Where to write the JSON; - is standard output.\n"))
    }

    @Test func groupsHaveTheirOwnHelp() {
        let help = run(testTool, ["themes", "--help"])
        #expect(help.status == .success)
        #expect(help.stdout == """
            OVERVIEW: Theme commands.

            Groups select a subcommand.

            USAGE: tool themes <command>

            OPTIONS:
              -h, --help              Show help information.

            COMMANDS:
              list                    List the things.

              See 'tool themes <command> --help' for detailed help.

            """)
        #expect(run(testTool, ["help", "themes"]).stdout == help.stdout)
        #expect(run(testTool, ["--help"]).stdout.contains("\n  themes list             List the things.\n"))
    }

    @Test func handWrittenUsageLinesAreKept() {
        let help = run(testTool, ["themes", "list", "--help"]).stdout
        #expect(help.contains("USAGE: tool themes list [--long]\n"))
        #expect(help.contains("  -l, --long              Show details.\n"))
    }

    @Test func longOptionLabelsPushTheirHelpToTheNextLine() {
        let spec = CommandSpec(
            name: "x", abstract: "X.",
            options: [.value("a-very-long-option-name", valueName: "value", help: "Help text.", isRepeating: true)])
        let help = HelpFormatter.help(for: spec, path: ["x"], tool: "t")
        #expect(help.contains("\n  --a-very-long-option-name <value>\n                          Help text. (repeatable)\n"))
    }

    @Test func wrappingBreaksAtSpacesOnly() {
        #expect(HelpFormatter.wrap("aa bb cc", width: 5) == ["aa bb", "cc"])
        #expect(HelpFormatter.wrap("很长的中文没有空格", width: 4) == ["很长的中文没有空格"])
    }
}
