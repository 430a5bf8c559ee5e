import Foundation

/// Parks a child `nmti-poster` between writing a temporary file and renaming it, from
/// outside the tool: a small shared library, built once per test process from C with
/// the toolchain's `clang`, replaces `rename`, `renameat` and `renameat2` with a call
/// that never returns (`pause()`). Loaded with `LD_PRELOAD`, it makes every writer of
/// the child stop right before its rename, its temporary file written and locked, so a
/// signal or a second process always finds one. The tool itself has no such hook.
public enum RenameHold {
    public struct BuildFailure: Error, CustomStringConvertible {
        public let description: String
    }

    private static let source = """
        #include <unistd.h>
        int rename(const char *from, const char *to) { for (;;) pause(); }
        int renameat(int fromFolder, const char *from, int toFolder, const char *to) { for (;;) pause(); }
        int renameat2(int fromFolder, const char *from, int toFolder, const char *to, unsigned int flags) { for (;;) pause(); }
        """

    private static let built: Result<URL, BuildFailure> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-rename-hold-\(getpid())")
        let library = folder.appendingPathComponent("librenamehold.so")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("hold.c")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = compiler
            process.arguments = ["-shared", "-fPIC", "-O1", "-o", library.path, file.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return .failure(BuildFailure(description: "\(compiler.path) could not build \(library.path)")) }
            return .success(library)
        } catch {
            return .failure(BuildFailure(description: "cannot build the rename hold: \(error)"))
        }
    }()

    /// The C compiler: the Swift toolchain's clang (next to `swift`), else `cc`.
    private static var compiler: URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let clang = URL(fileURLWithPath: String(folder)).appendingPathComponent("clang")
            if FileManager.default.isExecutableFile(atPath: clang.path) { return clang }
        }
        for candidate in ["/opt/swift/usr/bin/clang", "/usr/bin/cc"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return URL(fileURLWithPath: candidate)
        }
        return URL(fileURLWithPath: "/usr/bin/cc")
    }

    /// The environment to add to a child's to park its renames (`LD_PRELOAD`).
    public static func environment() throws -> [String: String] {
        switch built {
        case .success(let library): ["LD_PRELOAD": library.path]
        case .failure(let error): throw error
        }
    }
}
