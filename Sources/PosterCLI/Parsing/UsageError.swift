/// A command line the tool cannot act on; reported on standard error with
/// the command's usage and a hint, and exit status 64.
struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, such as `unknown option '--outptu'`.
    var message: String
    /// Extra lines such as `Did you mean '--output'?` or the known commands.
    var notes: [String]
    /// The words of the command the problem belongs to; empty for the tool itself.
    var commandPath: [String]

    /// Creates a usage error.
    init(_ message: String, notes: [String] = [], commandPath: [String] = []) {
        self.message = message
        self.notes = notes
        self.commandPath = commandPath
    }

    var description: String { message }
}
