import PosterKit

/// Every kind of failure a command reports. The kind, not the command, decides
/// the exit status (`ExitStatus(for:)`), and `documentedAs` is the phrase the
/// README's "Exit status" row for that status uses for it (a test checks both).
enum FailureKind: String, CaseIterable, Sendable, Hashable {
    /// The command line was wrong.
    case usage
    /// A result JSON is invalid or too large.
    case invalidResult
    /// A link given as a result (`render <link>`, `resolve <link>`) cannot be parsed.
    case invalidLink
    /// A batch manifest is invalid, or the manifests given to `manifest merge` are not one complete set.
    case invalidManifest
    /// A file or theme does not exist or cannot be read.
    case missingInput
    /// A theme is invalid, or two themes of one batch declare the same name.
    case invalidTheme
    /// An output file cannot be created or written.
    case outputUnwritable
    /// Reading or writing a standard stream failed.
    case stream
    /// Another batch holds the output folder.
    case busy
    /// Fonts, Cairo, Pango or an asset failed while drawing (a pinned font is missing).
    case graphics
    /// Some posters of a batch failed (they are listed).
    case postersFailed
    /// A golden check found differences, or goldens could not be recorded.
    case goldensFailed
    /// `preview` or `themes validate` found a text that overflows, an element outside the canvas or a text or QR code in a format's safe area.
    case fitProblems
    /// `preview` or `themes validate` found a text below WCAG AA contrast.
    case lowContrast
    /// `themes validate` found a QR box too small for the links it carries.
    case smallQRBox
    /// `preview` or `themes validate` found a QR code that does not read back after recompression.
    case unscannable
    /// Something the tool itself should have done failed (encoding its own JSON).
    case internalError

    /// The words of the README's exit status row that cover this kind.
    var documentedAs: String {
        switch self {
        case .usage: "usage error"
        case .invalidResult: "the result JSON"
        case .invalidLink: "a link given as the result"
        case .invalidManifest: "a batch manifest is invalid, or the manifests given to `manifest merge` are not one complete set"
        case .missingInput: "a file or theme does not exist or cannot be read"
        case .invalidTheme: "invalid theme"
        case .outputUnwritable: "cannot create an output file"
        case .stream: "I/O error while reading or writing a stream"
        case .busy: "another batch or `render --out` is using the output folder"
        case .graphics: "a pinned font is not installed"
        case .postersFailed: "some posters of a batch failed"
        case .goldensFailed: "a golden check found differences"
        case .fitProblems: "`preview` or `themes validate` found a text that overflows, an element outside the canvas or a text or QR code in a format's safe area"
        case .lowContrast: "`preview` or `themes validate` found a text below WCAG AA contrast"
        case .smallQRBox: "`themes validate` found a QR box too small for the typical or the longest link"
        case .unscannable: "`preview` or `themes validate` found a QR code that does not read back after a chat app's recompression"
        case .internalError: "general failure"
        }
    }

    /// The kind of a failed render, poster, batch or golden run.
    init(_ kind: RenderError.Kind) {
        switch kind {
        case .result: self = .invalidResult
        case .theme: self = .invalidTheme
        case .output: self = .outputUnwritable
        case .busy: self = .busy
        case .graphics: self = .graphics
        }
    }
}

extension ExitStatus {
    /// The one mapping from a failure's kind to the status the process exits with.
    init(for kind: FailureKind) {
        switch kind {
        case .usage: self = .usage
        case .invalidResult, .invalidLink, .invalidManifest: self = .badInput
        case .missingInput: self = .noInput
        case .invalidTheme: self = .badTheme
        case .outputUnwritable: self = .cantCreate
        case .stream: self = .ioError
        case .busy: self = .temporaryFailure
        case .graphics, .postersFailed, .goldensFailed, .fitProblems, .lowContrast, .smallQRBox, .unscannable, .internalError: self = .failure
        }
    }
}
