import Foundation

/// The built `nmti-poster` executable, run as a real process.
enum Binary {
    /// Where the executable is: `$NMTI_POSTER_BINARY`, else next to the test
    /// bundle (SwiftPM puts products and tests in one directory), else the
    /// package's default `.build/debug`.
    static let url: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NMTI_POSTER_BINARY"] {
            candidates.append(URL(fileURLWithPath: path))
        }
        for base in [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL] {
            guard let base else { continue }
            candidates.append(base.appendingPathComponent("nmti-poster"))
            candidates.append(base.deletingLastPathComponent().appendingPathComponent("nmti-poster"))
        }
        candidates.append(Fixtures.url(".build/debug/nmti-poster"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// What one run produced.
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// Runs the executable in the package root with `arguments`, feeding
    /// `stdin` (or nothing) and capturing both output streams through files,
    /// which cannot fill up and deadlock like pipes. `stdoutPath` redirects
    /// standard output to an existing file such as /dev/full instead.
    static func run(_ arguments: [String], stdin: Data? = nil, stdoutPath: String? = nil) throws -> Output {
        guard let url else { throw BinaryNotFound() }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("nmti-poster-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: stdoutPath.map(URL.init(fileURLWithPath:)) ?? outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else { throw Crashed(signal: process.terminationStatus) }
        return Output(
            status: process.terminationStatus,
            stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        var description: String { "nmti-poster not found; build it or set NMTI_POSTER_BINARY" }
    }

    struct Crashed: Error, CustomStringConvertible {
        var signal: Int32
        var description: String { "nmti-poster died from signal \(signal)" }
    }
}
