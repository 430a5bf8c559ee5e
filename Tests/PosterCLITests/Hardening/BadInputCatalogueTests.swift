import Foundation
import Testing

/// The catalogue of bad inputs (docs/hardening.md), each run through the real
/// binary as `render`: the documented status, exactly one line on standard error
/// naming the file, the JSON path and the reason, nothing on standard output, no
/// output file (nor a temporary one), no crash and no hang.
@Suite("Hardening: bad input catalogue")
struct BadInputCatalogueTests {
    static let deadline = 30.0

    /// Checks one failed render: status, one line, no output left in `folder`.
    func expectClean(_ output: BoundedRun.Output, status: Int32, in folder: URL, _ label: String) {
        #expect(!output.timedOut, "\(label): still running after \(Self.deadline) s")
        #expect(!output.signalled, "\(label): crashed (signal \(output.status))")
        #expect(output.status == status, "\(label): status \(output.status): \(output.stderr)")
        #expect(output.stdout.isEmpty, "\(label)")
        #expect(output.stderrLines.count == 1, "\(label): \(output.stderr)")
        #expect(output.stderr.hasPrefix("nmti-poster: error: "), "\(label): \(output.stderr)")
        #expect(BoundedRun.contents(of: folder).isEmpty, "\(label) left \(BoundedRun.contents(of: folder))")
    }

    @Test func everyBadThemeHasAnExpectation() {
        #expect(BadThemes.cases.count >= 40)
        #expect(Set(BadThemes.cases) == Set(BadThemes.expectations.keys))
    }

    @Test(arguments: BadThemes.cases)
    func badThemesFailWithOneClearLine(name: String) throws {
        let expectation = try #require(BadThemes.expectations[name])
        let folder = try BoundedRun.scratchFolder("theme")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BoundedRun.run(
            ["render", "Fixtures/results/workplace-PRED.json", "--theme", "Fixtures/bad-themes/\(name)",
             "-o", folder.appendingPathComponent("x.png").path], timeout: Self.deadline)
        expectClean(output, status: expectation.status, in: folder, name)
        let line = output.stderr
        #expect(line.contains("Fixtures/bad-themes/\(name)/theme.json5:"), "\(name): no file:line: \(line)")
        if expectation.path != "$" {
            #expect(line.contains("error: \(expectation.path): "), "\(name): no path \(expectation.path): \(line)")
        }
        #expect(line.contains(expectation.contains), "\(name): \(line)")
    }

    @Test(arguments: Fixtures.badResults)
    func badResultsRenderNothing(path: String) throws {
        let expectation = try #require(Fixtures.expectations[(path as NSString).lastPathComponent])
        let folder = try BoundedRun.scratchFolder("result")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BoundedRun.run(["render", path, "-o", folder.appendingPathComponent("x.png").path], timeout: Self.deadline)
        expectClean(output, status: expectation.status, in: folder, path)
        #expect(output.stderr.hasPrefix("nmti-poster: error: \(path): \(expectation.path): "), "\(output.stderr)")
        #expect(output.stderr.contains(expectation.contains), "\(output.stderr)")
    }

    /// Bad themes that cannot live in git well (symlinks, FIFOs, huge or generated
    /// files) are made here, in a scratch copy of a small valid theme.
    enum Generated: String, CaseIterable, Sendable {
        case symlinkOutOfFolder, symlinkedThemeFile, themeFileLinksToSecret, themeFileIsDangling, themeFileTooLarge, themeFileIsFIFO, assetIsFIFO
        case assetTooLarge, jsonNested100k, svgTooManyElements, svgTooMuchText, assetsTooMuchMemory
    }

    @Test(arguments: Generated.allCases)
    func generatedBadThemes(kind: Generated) throws {
        let theme = try BoundedRun.scratchFolder("gen-theme")
        let outside = try BoundedRun.scratchFolder("gen-outside")
        let out = try BoundedRun.scratchFolder("gen-out")
        defer { for folder in [theme, outside, out] { try? FileManager.default.removeItem(at: folder) } }
        let manager = FileManager.default
        let file = theme.appendingPathComponent("theme.json5")
        func write(_ text: String, _ name: String = "theme.json5") throws {
            let url = theme.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        let image = #"{ elements: [ { type: "image", width: 100, height: 100, src: "assets/a.svg" } ] }"#
        let expected: (path: String, message: String)
        switch kind {
        case .symlinkOutOfFolder:
            try "<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'/>"
                .write(to: outside.appendingPathComponent("secret.svg"), atomically: false, encoding: .utf8)
            try write(image)
            try manager.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: theme.appendingPathComponent("assets/a.svg"),
                                           withDestinationURL: outside.appendingPathComponent("secret.svg"))
            expected = ("elements[0].src", "leads outside the theme folder")
        case .symlinkedThemeFile:
            try manager.createSymbolicLink(at: file, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
            expected = ("$", "is a symbolic link that leads outside the theme folder")
        case .themeFileLinksToSecret:
            // Before, the parse error quoted the target's first word.
            try "SECRETWORD = hunter2\n".write(to: outside.appendingPathComponent("secret.txt"), atomically: false, encoding: .utf8)
            try manager.createSymbolicLink(at: file, withDestinationURL: outside.appendingPathComponent("secret.txt"))
            expected = ("$", "is a symbolic link that leads outside the theme folder")
        case .themeFileIsDangling:
            try manager.createSymbolicLink(at: file, withDestinationURL: outside.appendingPathComponent("missing.json5"))
            expected = ("$", "is a symbolic link that leads nowhere")
        case .themeFileTooLarge:
            try write("// " + String(repeating: "x", count: 1_100_000) + "\n{ elements: [] }")
            expected = ("$", "a theme file may have at most 1048576")
        case .themeFileIsFIFO:
            #expect(mkfifo(file.path, 0o644) == 0)
            expected = ("$", "is not a regular file")
        case .assetIsFIFO:
            try write(image)
            try manager.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
            #expect(mkfifo(theme.appendingPathComponent("assets/a.svg").path, 0o644) == 0)
            expected = ("elements[0].src", "is not a regular file")
        case .assetTooLarge:
            try write(image)
            try manager.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
            manager.createFile(atPath: theme.appendingPathComponent("assets/a.svg").path, contents: nil)
            let handle = try FileHandle(forWritingTo: theme.appendingPathComponent("assets/a.svg"))
            try handle.truncate(atOffset: 9 << 20)  // sparse: nine MiB of nothing
            try handle.close()
            expected = ("elements[0].src", "an asset may have at most 8388608")
        case .jsonNested100k:
            try write("{ deep: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + ", elements: [] }")
            expected = ("$", "nesting is too deep")
        case .svgTooManyElements:
            try write(image)
            try write("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'>"
                      + String(repeating: "<rect width='1' height='1'/>", count: 30_000) + "</svg>", "assets/a.svg")
            expected = ("elements[0].src", "more than 20000 elements")
        case .svgTooMuchText:
            try write(image)
            try write("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'><text>"
                      + String(repeating: "长", count: 40_000) + "</text></svg>", "assets/a.svg")
            expected = ("elements[0].src", "bytes of text; convert text to paths")
        case .assetsTooMuchMemory:
            // Three 12-megapixel PNGs of 1-bit grey: tiny files, 144 MiB once decoded.
            let png = try Self.greyPNG(width: 4000, height: 3000)
            var elements: [String] = []
            for index in 0..<3 {
                try manager.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
                try png.write(to: theme.appendingPathComponent("assets/big\(index).png"))
                elements.append(#"{ type: "image", width: 10, height: 10, src: "assets/big\#(index).png" }"#)
            }
            try write("{ elements: [ " + elements.joined(separator: ", ") + " ] }")
            expected = ("elements[2].src", "more than 128 MiB once decoded")
        }
        let output = try BoundedRun.run(
            ["render", "Fixtures/results/workplace-PRED.json", "--theme", theme.path, "-o", out.appendingPathComponent("x.png").path],
            timeout: Self.deadline)
        expectClean(output, status: 78, in: out, kind.rawValue)
        #expect(output.stderr.contains(theme.lastPathComponent + "/theme.json5"), "\(output.stderr)")
        if expected.path != "$" { #expect(output.stderr.contains("error: \(expected.path): "), "\(output.stderr)") }
        #expect(output.stderr.contains(expected.message), "\(kind): \(output.stderr)")
        #expect(manager.fileExists(atPath: outside.appendingPathComponent("secret.svg").path) || kind != .symlinkOutOfFolder)
        #expect(!output.stderr.contains("SECRETWORD") && !output.stderr.contains("hunter2"), "\(output.stderr)")
    }

    @Test func theRootFolderAsAThemeFailsQuickly() throws {
        // Neither its change stamp nor its loading may walk the whole file system.
        let out = try BoundedRun.scratchFolder("root-theme")
        defer { try? FileManager.default.removeItem(at: out) }
        let output = try BoundedRun.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "/",
                                         "-o", out.appendingPathComponent("x.png").path], timeout: 20)
        expectClean(output, status: 78, in: out, "--theme /")
        #expect(output.stderr.contains("/theme.json5: error: the folder has no theme.json5"), "\(output.stderr)")
        #expect(output.seconds < 10)
    }

    @Test(arguments: [
        (["render", "/dev/zero"], Int32(65), "/dev/zero: $: document is larger than 65536 bytes"),
        (["render", "Fixtures/results/workplace-PRED.json", "--theme", "/dev/zero"], Int32(78), "/dev/zero: error: is not a regular file"),
        (["manifest", "merge", "/dev/zero"], Int32(65), "/dev/zero: $: not a regular file"),
    ])
    func deviceFilesAsInputsFailQuickly(arguments: [String], status: Int32, message: String) throws {
        let out = try BoundedRun.scratchFolder("device")
        defer { try? FileManager.default.removeItem(at: out) }
        let output = try BoundedRun.run(arguments + (arguments[0] == "render" ? ["-o", out.appendingPathComponent("x.png").path] : []),
                                        timeout: 20)
        expectClean(output, status: status, in: out, arguments.joined(separator: " "))
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    /// A 1-bit greyscale PNG of zeros (stored deflate blocks are not needed: zlib of zeros is tiny).
    static func greyPNG(width: Int, height: Int) throws -> Data {
        let rowBytes = (width + 7) / 8 + 1
        let raw = [UInt8](repeating: 0, count: rowBytes * height)
        return PNGBytes.make(width: width, height: height, bitDepth: 1, colourType: 0, scanlines: raw)
    }
}
