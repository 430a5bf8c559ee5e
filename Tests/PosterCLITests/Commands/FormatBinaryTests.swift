import Foundation
import Testing

/// `--format` in every front end, run as the real binary over the fixture themes in
/// Fixtures/format-themes (`duo`: poster, xhs, square and story; `unsafe-story`: a story
/// whose header sits under the app's top bar).
@Suite("Binary: formats") struct FormatBinaryTests {
    static let themes = Fixtures.url("Fixtures/format-themes")
    static let environment = ["NMTI_THEMES_DIR": themes.path]

    /// The width and height a PNG's header gives.
    static func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        let field = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (field(16), field(20))
    }

    static func manifestEntries(_ out: URL) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        return object?["entries"] as? [[String: Any]] ?? []
    }

    @Test func renderDrawsTheChosenFormatAtItsSize() throws {
        let scratch = try BoundedRun.scratchFolder("format-render")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (format, size) in [("xhs", (1080, 1440)), ("square", (1080, 1080)), ("story", (1080, 1920)), ("poster", (750, 1334))] {
            let file = scratch.appendingPathComponent("\(format).png")
            let run = try BoundedRun.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "duo", "--format", format,
                                          "-o", file.path, "--layout-json", scratch.appendingPathComponent("\(format).json").path],
                                         timeout: 60, environment: Self.environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try Self.pngSize(file) == size, "\(format)")
            let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.appendingPathComponent("\(format).json"))) as? [String: Any]
            #expect(dump?["format"] as? String == format)
            let canvas = dump?["canvas"] as? [String: Double]
            #expect(canvas?["width"] == Double(size.0) / 2 && canvas?["height"] == Double(size.1) / 2)
        }
    }

    @Test func anUnknownFormatIsAUsageErrorNamingTheFormatsShipped() throws {
        let run = try BoundedRun.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "duo", "--format", "card", "-o", "/dev/null"],
                                     timeout: 60, environment: Self.environment)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--format 'card': theme 'duo' has no format 'card'; it ships poster, xhs, square, story"), "\(run.stderr)")
        let bad = try BoundedRun.run(["batch", "--theme", "duo", "--format", "Big Square", "--out", "/nonexistent/never"],
                                     timeout: 60, environment: Self.environment)
        #expect(bad.status == 64 && bad.stderr.contains("--format 'Big Square' cannot name a format"), "\(bad.stderr)")
        let all = try BoundedRun.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "duo", "--format", "all"],
                                     timeout: 60, environment: Self.environment)
        #expect(all.status == 64 && all.stderr.contains("--format all"), "\(all.stderr)")
    }

    @Test func batchOfEveryFormatNamesEachFormatsFilesAndRecordsTheFormat() throws {
        let scratch = try BoundedRun.scratchFolder("format-batch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let run = try BoundedRun.run(["batch", "--all-themes", "--format", "all", "--pack", "student", "--out", out.path, "--quiet"],
                                     timeout: 300, environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let files = Set(FileManager.default.subpaths(atPath: out.path)?.filter { $0.hasSuffix(".png") } ?? [])
        // duo: 4 formats; unsafe-story: 2; 16 types each.
        #expect(files.count == (4 + 2) * 16, "\(files.count)")
        for file in ["duo/student/PRED.png", "duo/xhs/student/PRED.png", "duo/square/student/PRED.png", "duo/story/student/PRED.png",
                     "unsafe-story/student/DOOM.png", "unsafe-story/story/student/DOOM.png"] {
            #expect(files.contains(file), "\(file)")
        }
        #expect(try Self.pngSize(out.appendingPathComponent("duo/xhs/student/PRED.png")) == (1080, 1440))
        let entries = try Self.manifestEntries(out)
        #expect(entries.count == files.count)
        for entry in entries {
            let file = entry["file"] as? String ?? ""
            let format = entry["format"] as? String ?? "?"
            let expected = format == "poster" ? "\(entry["theme"] ?? "")/student/" : "\(entry["theme"] ?? "")/\(format)/student/"
            #expect(file.hasPrefix(expected), "\(file) as \(format)")
        }

        // Resume keeps every poster of every format; a missing one is rendered again in its format only.
        try FileManager.default.removeItem(at: out.appendingPathComponent("duo/square/student/PRED.png"))
        let resumed = try BoundedRun.run(["batch", "--all-themes", "--format", "all", "--pack", "student", "--out", out.path, "--resume"],
                                         timeout: 300, environment: Self.environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(String(decoding: resumed.stdout, as: UTF8.self).contains("(\(files.count - 1) kept from the interrupted run)"),
                "\(String(decoding: resumed.stdout, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("duo/square/student/PRED.png").path))
    }

    @Test func mergeKeepsOneResultInTwoFormatsAsTwoEntries() throws {
        let scratch = try BoundedRun.scratchFolder("format-merge")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var manifests: [String] = []
        for format in ["poster", "xhs"] {
            let out = scratch.appendingPathComponent(format)
            let run = try BoundedRun.run(["batch", "--theme", "duo", "--format", format, "--pack", "workplace", "--out", out.path, "--quiet"],
                                         timeout: 300, environment: Self.environment)
            #expect(run.status == 0, "\(run.stderr)")
            manifests.append(out.appendingPathComponent("manifest.json").path)
        }
        let merged = scratch.appendingPathComponent("merged.json")
        let merge = try BoundedRun.run(["manifest", "merge"] + manifests + ["-o", merged.path], timeout: 60, environment: Self.environment)
        #expect(merge.status == 0, "\(merge.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: merged)) as? [String: Any]
        let entries = object?["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 32)
        #expect(entries.filter { $0["code"] as? String == "PRED" }.compactMap { $0["format"] as? String } == ["poster", "xhs"])
    }

    @Test func bulkRenderPutsAnotherFormatInItsFolderAndResumesIt() throws {
        let scratch = try BoundedRun.scratchFolder("format-bulk")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let inputs = ["Fixtures/results/workplace-PRED.json", "Fixtures/results/invited-workplace.json"]
        for format in ["poster", "square"] {
            let run = try BoundedRun.run(["render"] + inputs + ["--theme", "duo", "--format", format, "--out", out.path, "--quiet"],
                                         timeout: 120, environment: Self.environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let square = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("square").path)) ?? []
        #expect(square.filter { $0.hasSuffix(".png") }.count == 2, "\(square)")
        let entries = try Self.manifestEntries(out)
        #expect(entries.count == 2 && entries.allSatisfy { $0["format"] as? String == "square" && ($0["file"] as? String ?? "").hasPrefix("square/") })
        let resumed = try BoundedRun.run(["render"] + inputs + ["--theme", "duo", "--format", "square", "--out", out.path, "--resume"],
                                         timeout: 120, environment: Self.environment)
        #expect(resumed.status == 0 && String(decoding: resumed.stdout, as: UTF8.self).contains("(2 kept from an earlier run)"),
                "\(resumed.stderr)\(String(decoding: resumed.stdout, as: UTF8.self))")
    }

    @Test func previewOfEveryFormatWritesASheetPerFormatAndLabelsItsReports() throws {
        let scratch = try BoundedRun.scratchFolder("format-preview")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try BoundedRun.run(["preview", "--theme", "duo", "--format", "all", "--no-scan", "-o", scratch.appendingPathComponent("sheet.png").path],
                                     timeout: 300, environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        for format in ["poster", "xhs", "square", "story"] {
            #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("sheet-\(format).png").path), "\(format)")
        }
        #expect(stdout.contains("fit report for duo (xhs): every variant fits as designed"), "\(stdout)")
        #expect(stdout.contains("contrast report for duo (story): every text passes WCAG AA"), "\(stdout)")
        #expect(stdout.contains("fit report for duo: every variant fits as designed"), "\(stdout)")
        let stream = try BoundedRun.run(["preview", "--theme", "duo", "--format", "all", "-o", "-"], timeout: 60, environment: Self.environment)
        #expect(stream.status == 64 && stream.stderr.contains("--format all"), "\(stream.stderr)")
    }

    @Test func textInAStorysSafeAreaFailsPreviewAndValidateNamingPathVariantAndFormat() throws {
        let scratch = try BoundedRun.scratchFolder("format-safe")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let preview = try BoundedRun.run(["preview", "--theme", "unsafe-story", "--format", "story", "--no-scan",
                                          "-o", scratch.appendingPathComponent("story.png").path], timeout: 300, environment: Self.environment)
        #expect(preview.status == 1, "\(preview.stderr)")
        let stdout = String(decoding: preview.stdout, as: UTF8.self)
        let findings = stdout.split(separator: "\n").filter { $0.contains("outsideSafeArea") }
        // The 32 variants on the sheet, and the 192 personalised results laid out beside them.
        #expect(findings.count == 224, "\(stdout)")
        #expect(findings.first?.contains("unsafe-story (story): ") == true, "\(stdout)")
        #expect(findings.first?.contains(": formats.story.elements[0]: outsideSafeArea (draws at y 40") == true, "\(stdout)")
        #expect(findings.contains { $0.contains("workplace-PRED") || $0.contains("PRED") }, "\(stdout)")

        let poster = try BoundedRun.run(["preview", "--theme", "unsafe-story", "--no-scan", "-o", scratch.appendingPathComponent("poster.png").path],
                                        timeout: 300, environment: Self.environment)
        #expect(poster.status == 0, "\(poster.stderr)")

        let validate = try BoundedRun.run(["themes", "validate", "--no-scan", "unsafe-story"], timeout: 300, environment: Self.environment)
        #expect(validate.status == 1, "\(validate.stderr)")
        #expect(validate.stderr.contains("unsafe-story (story): 224 fit problems"), "\(validate.stderr)")
        #expect(String(decoding: validate.stdout, as: UTF8.self).contains("ok: unsafe-story (unsafe-story, 375x667pt; formats poster, story)"))
        let clean = try BoundedRun.run(["themes", "validate", "--no-scan", "duo"], timeout: 300, environment: Self.environment)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(String(decoding: clean.stdout, as: UTF8.self).contains("contrast lint (square): every text of every linted result passes WCAG AA"))
    }

    @Test func themesListShowsEachThemesFormats() throws {
        let run = try BoundedRun.run(["themes", "list"], timeout: 60, environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("duo ") && $0.hasSuffix("[formats: poster, xhs, square, story]") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("unsafe-story ") && $0.hasSuffix("[formats: poster, story]") }, "\(lines)")
    }
}
