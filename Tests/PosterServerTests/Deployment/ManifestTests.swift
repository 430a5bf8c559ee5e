import Foundation
import Testing

/// deploy/: the Kubernetes manifests against the API schemas (strict: an unknown or
/// misspelt field fails), YAML style, the Dockerfile's lint, and every `serve` flag the
/// manifests and the image pass is one `serve` has. The tools come from scripts/setup.
@Suite struct ManifestTests {
    static let manifests = ["deployment.yaml", "autoscaling.yaml", "batch-job.yaml"].map { "deploy/kubernetes/" + $0 }

    /// Where pip puts console scripts (scripts/setup installs the tools there), which need not be on PATH.
    static let pythonScripts: String = {
        (try? run("/usr/bin/env", ["python3", "-c", "import sysconfig; print(sysconfig.get_path('scripts'))"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
    }()

    /// Runs `tool` (a path, one of pip's scripts, or found on PATH) in the package root; its exit status and output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        if tool.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
        } else if FileManager.default.isExecutableFile(atPath: pythonScripts + "/" + tool) {
            process.executableURL = URL(fileURLWithPath: pythonScripts + "/" + tool)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments
        }
        process.currentDirectoryURL = ServerProcess.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(arguments: ["1.30.0", "1.33.0"])
    func manifestsValidateStrictly(version: String) throws {
        let result = try Self.run("kubernetes-validate", ["--strict", "-k", version] + Self.manifests)
        #expect(result.status == 0, "\(result.output)")
        // Every resource was checked (a file of no resources would pass silently).
        #expect(result.output.components(separatedBy: "passed for resource").count - 1 == 5, "\(result.output)")
    }

    @Test func strictValidationCatchesAMisspeltField() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent(Self.manifests[2]), encoding: .utf8)
        let broken = folder.appendingPathComponent("job.yaml")
        try text.replacingOccurrences(of: "ttlSecondsAfterFinished", with: "ttlSecondAfterFinished").write(to: broken, atomically: true, encoding: .utf8)
        #expect(try Self.run("kubernetes-validate", ["--strict", "-k", "1.33.0", broken.path]).status != 0)
    }

    @Test func manifestsPassYamllint() throws {
        let result = try Self.run("yamllint", ["--strict", "deploy/kubernetes"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func dockerfilePassesHadolint() throws {
        let result = try Self.run("hadolint", ["deploy/Dockerfile"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// The restricted Pod Security profile's fields are in every pod template.
    @Test func podsRunRestricted() throws {
        for manifest in [Self.manifests[0], Self.manifests[2]] {
            let text = try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent(manifest), encoding: .utf8)
            for field in ["runAsNonRoot: true", "allowPrivilegeEscalation: false", "readOnlyRootFilesystem: true", "drop: [\"ALL\"]", "type: RuntimeDefault"] {
                #expect(text.contains(field), "\(manifest) lacks \(field)")
            }
        }
    }

    /// Flags the manifests and the image's CMD pass to `serve` are flags `serve` has.
    @Test func serveFlagsExist() throws {
        let binary = try #require(ServerProcess.binary)
        let help = try Self.run(binary.path, ["serve", "--help"]).output
        var flags: Set<String> = []
        for file in [Self.manifests[0], "deploy/Dockerfile"] {
            let text = try String(contentsOf: ServerProcess.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: #/(?:- |")(--[a-z0-9-]+)/#) { flags.insert(String(match.output.1)) }
        }
        #expect(flags.count >= 10, "\(flags.sorted())")
        for flag in flags { #expect(help.contains(flag + " ") || help.contains(flag + "\n"), "serve has no \(flag)") }
    }
}
