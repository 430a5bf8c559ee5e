import Foundation
import PosterGraphics
import Testing
import TestSupport

/// A render reads only the result, its theme's folder and the pinned fonts (plus
/// the system's libraries), writes only its output, and never opens a socket:
/// checked with strace on real renders, including one of a hostile theme.
@Suite("Hardening: isolation")
struct IsolationTests {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Trace {
        var opened: [String] = []
        var sockets: [String] = []
        var executed: [String] = []
    }

    /// Runs the binary under `strace -f` and collects successful opens, socket calls and execs.
    func trace(_ arguments: [String]) throws -> (BoundedRun.Output, Trace) {
        let folder = try BoundedRun.scratchFolder("strace")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("trace.txt").path
        guard let binary = Binary.url, let strace = Self.strace else { throw Binary.BinaryNotFound() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.arguments = ["-f", "-qq", "-y", "-e", "trace=network,open,openat,openat2,creat,execve", "-o", log, binary.path] + arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        let errURL = folder.appendingPathComponent("stderr")
        try Data().write(to: errURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let result = BoundedRun.Output(
            status: process.terminationStatus, stdout: Data(),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            seconds: Date().timeIntervalSince(start), timedOut: false, signalled: process.terminationReason == .uncaughtSignal)
        var trace = Trace()
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            if line.contains("socket(") || line.contains("connect(") || line.contains("sendto(") {
                trace.sockets.append(String(line))
            } else if line.contains("execve(") {
                trace.executed.append(String(line))
            } else if line.contains("open"), !line.contains("= -1") {
                // With -y the result is the descriptor and the full path it opened, `= 5</out/.x.png.123.ab.tmp>`,
                // which also resolves names opened relative to a folder descriptor (openat(4</out>, ".x.png…")).
                if let result = line.range(of: ") = ", options: .backwards), let open = line[result.upperBound...].firstIndex(of: "<"),
                   let close = line[open...].lastIndex(of: ">") {
                    trace.opened.append(String(line[line.index(after: open)..<close]))
                } else if let quote = line.firstIndex(of: "\"") {
                    let rest = line[line.index(after: quote)...]
                    if let end = rest.firstIndex(of: "\"") { trace.opened.append(String(rest[..<end])) }
                }
            }
        }
        return (result, trace)
    }

    /// Files any run may open: the system's libraries and pseudo-files, locale data (fonts: `fontPaths`).
    static let systemPrefixes = [
        "/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/etc/ld.so.cache", "/proc/", "/sys/", "/dev/",
        "/usr/share/locale/", "/usr/lib/locale/", "/etc/locale.alias", "/etc/localtime", "/opt/swift/", "/usr/share/zoneinfo/",
    ]

    /// The pinned fonts, their folders (listed by fontconfig) and fontconfig's caches of those folders.
    static let fontPaths: [String] = PinnedFont.standard.flatMap { [$0.path, ($0.path as NSString).deletingLastPathComponent] }

    func expectConfined(_ trace: Trace, allowed: [String], _ label: String) {
        #expect(trace.sockets.isEmpty, "\(label): socket calls \(trace.sockets)")
        #expect(trace.executed.count == 1, "\(label): ran other programs \(trace.executed)")
        let binaryFolder = Binary.url?.deletingLastPathComponent().path ?? "/nonexistent"
        for path in trace.opened {
            let absolute = path.hasPrefix("/") ? path : Fixtures.packageRoot.appendingPathComponent(path).path
            let ok = (Self.systemPrefixes + [binaryFolder + "/", "/var/cache/fontconfig/"]).contains { absolute.hasPrefix($0) }
                || allowed.contains { absolute == $0 || absolute.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
                || Self.fontPaths.contains(absolute)
            #expect(ok, "\(label): opened \(absolute)")
        }
    }

    @Test(.enabled(if: strace != nil))
    func aRenderOpensOnlyItsInputsAndNoSocket() throws {
        let theme = try BoundedRun.scratchFolder("iso-theme")
        let out = try BoundedRun.scratchFolder("iso-out")
        defer { for folder in [theme, out] { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url("Fixtures/fuzz/asset/gradient.svg"), to: theme.appendingPathComponent("assets/a.svg"))
        try FileManager.default.copyItem(at: Fixtures.url("Fixtures/fuzz/asset/rgba-4x4.png"), to: theme.appendingPathComponent("assets/b.png"))
        // SVG text and a blur: the load-time probe (a forked child) draws them with the pinned fonts too.
        try FileManager.default.copyItem(at: Fixtures.url("Fixtures/fuzz/asset/latin1-ids.svg"), to: theme.appendingPathComponent("assets/c.svg"))
        try """
            { elements: [
              { type: "image", x: 10, y: 10, width: 100, src: "assets/a.svg" },
              { type: "image", x: 10, y: 200, width: 100, src: "assets/b.png" },
              { type: "image", x: 200, y: 10, width: 100, src: "assets/c.svg" },
              { type: "text", x: 10, y: 320, text: "{title} @{nickname} {emoji}" },
              { type: "qr", x: 10, y: 400, width: 120 },
            ] }
            """.write(to: theme.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
        let (output, trace) = try self.trace(["render", "Fixtures/results/invited-student.json", "--theme", theme.path,
                                              "-o", out.appendingPathComponent("x.png").path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("x.png").path))
        expectConfined(trace, allowed: [theme.path, out.path, Fixtures.url("Fixtures/results/invited-student.json").path], "render")
        #expect(trace.opened.contains { $0.hasSuffix("assets/a.svg") } && trace.opened.contains { $0.hasSuffix("assets/b.png") })
    }

    @Test(.enabled(if: strace != nil), arguments: ["svg-file-href", "svg-xinclude", "svg-external-entity", "svg-http-href", "svg-css-import"])
    func aHostileThemeReadsNothingElse(name: String) throws {
        let out = try BoundedRun.scratchFolder("iso-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let theme = Fixtures.url("Fixtures/bad-themes/\(name)").path
        let (output, trace) = try self.trace(["render", "Fixtures/results/workplace-PRED.json", "--theme", theme,
                                              "-o", out.appendingPathComponent("x.png").path])
        #expect(output.status == 78, "\(output.stderr)")
        expectConfined(trace, allowed: [theme, Fixtures.url("Fixtures/results/workplace-PRED.json").path], name)
        #expect(!trace.opened.contains("/etc/hostname"))
        #expect(BoundedRun.contents(of: out).isEmpty)
    }
}
