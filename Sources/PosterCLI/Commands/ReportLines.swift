/// The standard-output lines of a command whose real work is elsewhere (goldens
/// written, themes checked, a batch's posters): a closed or full standard output
/// must not stop that work, yet the command must not claim success either. The
/// first failed write silences the rest; `finish` then ends the command with 74.
struct ReportLines {
    /// The first write that failed, if any.
    private(set) var failure: IOFailure?

    /// Prints a line unless an earlier one failed.
    mutating func print(_ line: String, io: inout some TerminalIO) {
        guard failure == nil else { return }
        do throws(IOFailure) {
            try io.printLine(line)
        } catch {
            failure = error
        }
    }

    /// Prints a message the tool made of several lines, each escaped as one line.
    mutating func printLines(_ text: String, io: inout some TerminalIO) {
        guard failure == nil else { return }
        do throws(IOFailure) {
            try io.printLines(text)
        } catch {
            failure = error
        }
    }

    /// Fails with status 74 if any line could not be written.
    func finish() throws(CommandFailure) {
        if let failure { throw CommandFailure(.stream, failure.description, cause: failure) }
    }
}
