import Foundation
import NMTIDomain

/// `nmti-poster resolve <result>`: checks a result JSON and prints what a
/// poster of it would show, as JSON.
public struct ResolveCommand: Command {
    public static let spec = CommandSpec(
        name: "resolve",
        abstract: "Check a quiz result and print its resolved personality as JSON.",
        discussion: """
            Reads a result JSON (see docs/result-json.md), resolves the personality from
            its scores, and prints the code, alias, title, pack copy, chart readings,
            the link its poster carries and, for invited results, the inviter and the
            pairing. Keys are sorted and text is UTF-8, unescaped.

            An invalid result is reported as one line naming the file and JSON path,
            with exit status 65; a missing file exits with 66.

            -o writes atomically to a random temporary name renamed into place; a
            FIFO or character device is streamed into, a symlink, folder, block
            device or socket is refused with 73.

            EXAMPLES:
              nmti-poster resolve Fixtures/results/workplace-PRED.json
              cat result.json | nmti-poster resolve -
            """,
        arguments: [ArgumentSpec("result", help: "The result JSON file, or - to read standard input.")],
        options: [
            .value(
                "output", short: "o", valueName: "path", defaultValue: "-",
                help: "Where to write the JSON; - is standard output.")
        ])

    /// The result file, or `-`.
    public let input: String
    /// The output file, or `-`.
    public let output: String

    public init(_ values: ParsedValues) throws(UsageError) {
        input = values.argument("result") ?? ResultInput.standardInputPath
        output = try OutputOption.check(values.option("output") ?? "-", image: false)
    }

    public func run(io: inout some TerminalIO) throws(CommandFailure) {
        let result = try ResultInput.load(input, io: &io)
        let data: Data
        do {
            data = try ResolvedDocument(ResolvedResult(result)).jsonData()
        } catch {
            throw CommandFailure(.internalError, "cannot encode the resolved result: \(error)", cause: error)
        }
        do throws(IOFailure) {
            if output == "-" {
                try io.write(String(decoding: data, as: UTF8.self), to: .output)
            } else {
                try io.writeFile(data, to: output)  // see OutputTarget: atomic, or streamed into a FIFO or device
            }
        } catch {
            throw CommandFailure(output == "-" ? .stream : .outputUnwritable, error.description, cause: error)
        }
    }
}
