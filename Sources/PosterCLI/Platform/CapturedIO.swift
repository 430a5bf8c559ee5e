import Foundation

/// An in-memory `TerminalIO` for tests: captures both output streams, serves
/// standard input and files from memory, and can simulate broken streams.
public struct CapturedIO: TerminalIO {
    /// Everything written to standard output.
    public var standardOutput = ""
    /// Raw bytes written to standard output with `writeBinary`.
    public var binaryOutput = Data()
    /// Everything written to standard error.
    public var standardError = ""
    /// The bytes standard input delivers.
    public var standardInput: Data
    /// Files by path; `writeFile` stores here too.
    public var files: [String: Data]
    /// Whether paths missing from `files` are read from the real disk.
    public var readsDisk: Bool
    /// Streams that report being terminals.
    public var terminals: Set<StandardStream> = []
    /// Streams whose writes fail, as a closed pipe would.
    public var brokenStreams: Set<StandardStream> = []
    /// Paths `writeFile` refuses, as a read-only directory would.
    public var unwritablePaths: Set<String> = []

    /// Creates a captured console with the given input and files.
    public init(standardInput: Data = Data(), files: [String: Data] = [:], readsDisk: Bool = false) {
        self.standardInput = standardInput
        self.files = files
        self.readsDisk = readsDisk
    }

    public mutating func write(_ text: String, to stream: StandardStream) throws(IOFailure) {
        guard !brokenStreams.contains(stream) else {
            throw IOFailure(path: IOFailure.name(of: stream), reason: .system("broken pipe"))
        }
        switch stream {
        case .output: standardOutput += text
        case .error: standardError += text
        case .input: preconditionFailure("standard input is not writable")
        }
    }

    public mutating func writeBinary(_ data: Data, to stream: StandardStream) throws(IOFailure) {
        guard !brokenStreams.contains(stream) else {
            throw IOFailure(path: IOFailure.name(of: stream), reason: .system("broken pipe"))
        }
        binaryOutput += data
    }

    public mutating func readFile(at path: String, limit: Int) throws(IOFailure) -> Data {
        if let data = files[path] {
            guard data.count <= limit else { throw IOFailure(path: path, reason: .tooLarge(limit: limit)) }
            return data
        }
        guard readsDisk else { throw IOFailure(path: path, reason: .noSuchFile) }
        return try SystemIO.readFile(at: path, limit: limit)
    }

    public mutating func readStandardInput(limit: Int) throws(IOFailure) -> Data {
        let name = IOFailure.name(of: .input)
        guard !brokenStreams.contains(.input) else { throw IOFailure(path: name, reason: .system("broken pipe")) }
        guard standardInput.count <= limit else { throw IOFailure(path: name, reason: .tooLarge(limit: limit)) }
        defer { standardInput = Data() }  // a stream is read once
        return standardInput
    }

    public mutating func writeFile(_ data: Data, to path: String) throws(IOFailure) {
        guard !unwritablePaths.contains(path) else { throw IOFailure(path: path, reason: .permissionDenied) }
        files[path] = data
    }

    public func isTerminal(_ stream: StandardStream) -> Bool {
        terminals.contains(stream)
    }
}
