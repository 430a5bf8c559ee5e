/// A process exit status, with the BSD sysexits meanings the tool uses.
///
/// Scripts and CI branch on these numbers, so each one means exactly one kind
/// of problem; `documented` is the table printed at the end of `--help`.
/// Commands never pick a status: they throw a `CommandFailure` of a `FailureKind`,
/// and `ExitStatus(for:)` is the one mapping.
public struct ExitStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number the process exits with.
    public let rawValue: Int32

    /// Creates a status from its number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Everything worked.
    public static let success = ExitStatus(rawValue: 0)
    /// A general failure that fits none of the specific statuses.
    public static let failure = ExitStatus(rawValue: 1)
    /// The command line was wrong: unknown command or option, missing argument (EX_USAGE).
    public static let usage = ExitStatus(rawValue: 64)
    /// An input was read but is not valid: a result JSON, a batch manifest, or a set of
    /// manifests that is not one complete set (EX_DATAERR).
    public static let badInput = ExitStatus(rawValue: 65)
    /// An input file does not exist or cannot be read (EX_NOINPUT).
    public static let noInput = ExitStatus(rawValue: 66)
    /// An output file cannot be created or written (EX_CANTCREAT).
    public static let cantCreate = ExitStatus(rawValue: 73)
    /// Reading or writing a stream failed, e.g. standard output was closed (EX_IOERR).
    public static let ioError = ExitStatus(rawValue: 74)
    /// A resource is busy and trying again later may work: another batch or `render --out` holds the output folder (EX_TEMPFAIL).
    public static let temporaryFailure = ExitStatus(rawValue: 75)
    /// A theme is invalid (EX_CONFIG).
    public static let badTheme = ExitStatus(rawValue: 78)

    /// Stopped by SIGHUP (128 + 1), after removing temporary files.
    public static let hangUp = ExitStatus(rawValue: 129)
    /// Stopped by SIGINT (128 + 2, Ctrl-C), after removing temporary files.
    public static let interrupted = ExitStatus(rawValue: 130)
    /// Stopped by SIGTERM (128 + 15), after removing temporary files.
    public static let terminated = ExitStatus(rawValue: 143)

    /// Every status the tool uses, with a one-line meaning, in numeric order.
    static let documented: [(status: ExitStatus, meaning: String)] = [
        (.success, "success"),
        (.failure, "general failure"),
        (.usage, "usage error: unknown command or option, missing or bad argument"),
        (.badInput, "bad input: the result JSON or a batch manifest is invalid"),
        (.noInput, "no input: a file does not exist or cannot be read"),
        (.cantCreate, "cannot create an output file"),
        (.ioError, "I/O error while reading or writing a stream"),
        (.temporaryFailure, "busy: another batch or render --out is using the output folder"),
        (.badTheme, "invalid theme"),
        (.hangUp, "stopped by SIGHUP; temporary files removed"),
        (.interrupted, "stopped by SIGINT (Ctrl-C); temporary files removed"),
        (.terminated, "stopped by SIGTERM; temporary files removed"),
    ]

    /// The number, as a script sees it.
    public var description: String { String(rawValue) }
}
