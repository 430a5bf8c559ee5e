import Foundation
import NMTIDomain

/// Loading a result JSON from a file or standard input, with every failure
/// mapped to its exit status and one-line message. Shared by every command
/// that reads results.
enum ResultInput {
    /// The argument that means standard input.
    static let standardInputPath = "-"

    /// Reads and decodes the result at `path` (`-` for standard input).
    static func load(_ path: String, io: inout some TerminalIO) throws(CommandFailure) -> QuizResult {
        let isStandardInput = path == standardInputPath
        let name = isStandardInput ? IOFailure.name(of: .input) : path
        // Reading stops at the domain's size limit, so `/dev/zero` cannot fill memory.
        let limit = QuizResult.maximumDocumentBytes
        let data: Data
        do throws(IOFailure) {
            data = isStandardInput ? try io.readStandardInput(limit: limit) : try io.readFile(at: path, limit: limit)
        } catch {
            switch error.reason {
            case .tooLarge(let limit):
                let reason = "document is larger than \(limit) bytes, the limit for a result"
                let error = ResultError(file: name, path: "", reason: reason)
                throw CommandFailure(.invalidResult, error.description, cause: error)
            case _ where isStandardInput:
                throw CommandFailure(.stream, error.description, cause: error)
            default:
                throw CommandFailure(.missingInput, error.description, cause: error)
            }
        }
        do throws(ResultError) {
            return try QuizResult(jsonData: data, file: name)
        } catch {
            throw CommandFailure(.invalidResult, error.description, cause: error)
        }
    }
}
