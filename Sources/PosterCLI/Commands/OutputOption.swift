import Foundation
import PosterKit
import PosterFiles

/// The checks every `-o <path>` gets before anything is rendered, and the one way the
/// commands write to it (see `OutputTarget` for what happens to the node at the path).
enum OutputOption {
    /// The standard-output spelling of an output path.
    static let standardOutput = "-"

    /// Checks an output path: not empty, and for an image (`render`, `preview`) no
    /// extension other than `.png` (any case) while PNG is the only format. A name
    /// without an extension is allowed: pipes and devices (`/dev/null`) have none.
    static func check(_ path: String, option: String = "-o", image: Bool) throws(UsageError) -> String {
        guard !path.isEmpty else { throw UsageError("\(option) needs a path; '' names no file (use - for standard output)") }
        guard image, path != standardOutput else { return path }
        let name = (path as NSString).lastPathComponent
        let extensionText = (name as NSString).pathExtension
        if !extensionText.isEmpty, !name.hasPrefix(".") || name.dropFirst().contains("."),
           !OutputTarget.imageExtensions.contains(extensionText.lowercased()) {
            throw UsageError("\(option) '\(path)': .\(extensionText) is not a format nmti-poster writes; posters are PNG (name the file .png)")
        }
        return path
    }

    /// Writes `data` to `path` or, for `-`, to standard output; failures carry status
    /// 73 for a file and 74 for the stream.
    static func write(_ data: Data, to path: String, io: inout some TerminalIO) throws(CommandFailure) {
        do throws(IOFailure) {
            if path == standardOutput {
                try io.writeBinary(data, to: .output)
            } else {
                try io.writeFile(data, to: path)
            }
        } catch {
            throw CommandFailure(path == standardOutput ? .stream : .outputUnwritable, error.description, cause: error)
        }
    }
}
