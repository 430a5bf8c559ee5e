import Foundation
import Synchronization

/// Runs other programs: the baselines, hyperfine, `/usr/bin/time` and the CLI.
enum Subprocess {
    struct Outcome {
        let status: Int32
        let stdout: Data
        let stderr: Data
        let seconds: Double
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The absolute path of `name` on `$PATH`, or nil.
    static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs to completion, capturing both streams (stderr is also echoed when `echo` is set).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], currentDirectory: URL? = nil, echoStderr: Bool = false)
        throws -> Outcome
    {
        guard let resolved = which(executable) else { throw Failure(description: "\(executable) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: resolved)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let errorData = LockedData()
        let readingErrors = DispatchGroup()
        readingErrors.enter()
        DispatchQueue.global().async {
            let handle = err.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                errorData.append(chunk)
                if echoStderr { FileHandle.standardError.write(chunk) }
            }
            readingErrors.leave()
        }
        let t0 = monotonicNanoseconds()
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(monotonicNanoseconds() - t0) / 1e9
        readingErrors.wait()
        return Outcome(status: process.terminationStatus, stdout: output, stderr: errorData.value, seconds: seconds)
    }
}

/// Bytes appended from another thread (a child's standard error).
final class LockedData: Sendable {
    private let data = Mutex(Data())
    func append(_ chunk: Data) { data.withLock { $0.append(chunk) } }
    var value: Data { data.withLock { $0 } }
}

/// Quotes one argument for a POSIX shell command line (hyperfine runs commands through `sh`).
func shellQuote(_ argument: String) -> String {
    if argument.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:,".contains($0) }) { return argument }
    return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
