import PosterKit
import Foundation
import NMTIDomain
import PosterFiles
import PosterPNG

/// Renders golden cases, compares them with the stored goldens on decoded pixels,
/// leaves artifacts for failures and records goldens as its mode allows.
///
/// Goldens live in `<goldens>/<theme>/<name>.png`, or `<goldens>/<theme>/<format>/<name>.png`
/// for a format other than the poster (see `GoldenCase.all`), with an
/// optional `<name>.tolerance.json` next to each and one `environment.json` stamp.
/// Failure artifacts go to `<artifacts>/<theme>/<name>.{expected,actual,diff,side-by-side}.png`
/// and `GoldenReport` writes `<artifacts>/report.html`.
///
/// Thread safety: `run` may be called for different cases from many threads at once.
public final class GoldenSuite: Sendable {
    /// Where things are and what may be written.
    public struct Configuration: Sendable {
        /// The goldens folder (Fixtures/goldens).
        public var goldens: URL
        /// Where failure artifacts and the report go.
        public var artifacts: URL
        /// What the run may write into the goldens folder.
        public var mode: GoldenRecordMode
        /// The command that accepts a case's current render; a nil name means every failure
        /// of the theme, an empty theme reference every theme, a nil format the poster's.
        public var acceptCommand: @Sendable (_ theme: String, _ themeReference: String, _ format: String?, _ name: String?) -> String
        /// How paths are shown in messages.
        public var displayPath: @Sendable (URL) -> String

        /// Creates a configuration.
        public init(
            goldens: URL, artifacts: URL, mode: GoldenRecordMode,
            acceptCommand: @escaping @Sendable (_ theme: String, _ themeReference: String, _ format: String?, _ name: String?) -> String,
            displayPath: @escaping @Sendable (URL) -> String = GoldenSuite.relativeToWorkingDirectory
        ) {
            self.goldens = goldens
            self.artifacts = artifacts
            self.mode = mode
            self.acceptCommand = acceptCommand
            self.displayPath = displayPath
        }
    }

    /// How goldens are stored: compression `smallest`, libdeflate's highest level, 12,
    /// unfiltered, which gives the smallest files at that level. Measured on six posters (workplace-PRED
    /// and invited-student of classic, neon and paper), total bytes at level 12:
    /// none 1 563 558, adaptive 1 677 056, paeth 1 682 217, sub 1 748 956, up 1 755 002.
    /// Flat colour and anti-aliased text deflate better unfiltered at this level (adaptive
    /// wins only on neon, by 3-5%), and `none` also encodes about 1.7x faster than adaptive.
    package static let goldenEncoder = PNGEncoder(.smallest)

    /// Where goldens and artifacts are, and what the run may write.
    public let configuration: Configuration
    /// Renders rasters for comparison; a golden is the very raster compared, encoded.
    let renderer: PosterRenderer

    /// Creates a suite; fails when the pinned fonts cannot be loaded.
    public init(_ configuration: Configuration) throws(RenderError) {
        self.configuration = configuration
        renderer = try PosterRenderer()
    }

    /// A path relative to the working directory when it lies inside it, else absolute.
    public static let relativeToWorkingDirectory: @Sendable (URL) -> String = { url in
        let path = url.standardizedFileURL.path
        let base = FileManager.default.currentDirectoryPath
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The golden file of a case.
    public func goldenURL(_ testCase: GoldenCase) -> URL {
        configuration.goldens.appendingPathComponent(testCase.relativePath)
    }

    /// The goldens folder: every golden is written and removed through it, never outside.
    public var goldensFolder: OutputFolder { OutputFolder(root: configuration.goldens) }

    /// The artifacts folder: every artifact and the report are written through it.
    public var artifactsFolder: OutputFolder { OutputFolder(root: configuration.artifacts) }

    /// The report's location.
    public var reportURL: URL { configuration.artifacts.appendingPathComponent(GoldenReport.fileName) }

    // MARK: - Recording

    /// Encodes the checked raster with the golden encoder, checks the file decodes to
    /// the checked pixels, and writes the golden atomically; returns why it failed, or nil.
    func record(_ raster: Raster, matching actual: DecodedImage, as relative: String) -> String? {
        do {
            let png = try Self.goldenEncoder.encode(raster)
            guard try PNGDecoder().decode(png) == actual else {
                return "the golden encoder's file has other pixels than the checked render; nothing was written"
            }
            try goldensFolder.write(Data(png), to: relative)
            try writeEnvironmentStamp(replacing: false)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Writes this machine's stamp into the goldens folder. Recording one golden only
    /// creates a missing stamp (`replacing: false`): the other goldens may still come from
    /// the recorded environment. Replace it only after a run in which every golden passed
    /// or was recorded here, as `nmti-poster golden update` does; returns whether it wrote.
    @discardableResult
    public func writeEnvironmentStamp(replacing: Bool) throws(RenderError) -> Bool {
        let url = configuration.goldens.appendingPathComponent(EnvironmentStamp.fileName)
        if !replacing && FileManager.default.fileExists(atPath: url.path) { return false }
        let data = EnvironmentStamp.current.encoded()
        if FileManager.default.contents(atPath: url.path) == data { return false }
        do throws(WriteFailure) {
            try goldensFolder.write(data, to: EnvironmentStamp.fileName)
        } catch {
            throw RenderError(.output, error.description, cause: error)
        }
        return true
    }

    /// How this machine differs from the recorded stamp, as the first line of every
    /// failure message; nil when it is the same.
    public func environmentNote() -> String? {
        let url = configuration.goldens.appendingPathComponent(EnvironmentStamp.fileName)
        let shown = configuration.displayPath(url)
        let here = EnvironmentStamp.current.libraries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
        switch EnvironmentStamp.load(from: url) {
        case nil:
            return "ENVIRONMENT UNKNOWN: there is no \(shown), so nothing tells whether the goldens were "
                + "recorded with this machine's libraries (\(here)) and fonts."
        case .failure(let error):
            return "ENVIRONMENT UNKNOWN: \(error)"
        case .success(let recorded):
            let differences = EnvironmentStamp.current.differences(from: recorded)
            guard !differences.isEmpty else { return nil }
            return "ENVIRONMENT DIFFERS from the one the goldens were recorded in (\(shown)): "
                + differences.joined(separator: "; ")
                + ". Pixel differences may come from these libraries or fonts rather than from the code."
        }
    }

    // MARK: - Obsolete goldens

    /// Goldens (and tolerance files) in the given theme folders that no case renders;
    /// with `unknownThemes`, also every folder of a theme not among `themes`.
    /// Removed when the mode records failures.
    public func obsolete(themes: [String], cases: [GoldenCase], unknownThemes: Bool) -> [GoldenOutcome] {
        let root = goldensFolder
        var expected = Set<String>()
        for testCase in cases {
            expected.insert(testCase.relativePath)
            expected.insert("\(testCase.folder)/\(testCase.name)\(GoldenTolerance.fileSuffix)")
        }
        var folders = Set(themes)
        if unknownThemes {
            // Real folders only: a symlink in the goldens folder is never followed.
            for entry in root.folders() where !entry.hasPrefix(".") { folders.insert(entry) }
        }
        var outcomes: [GoldenOutcome] = []
        // Theme names are safe path components (ThemeName); a folder that is not is skipped.
        for folder in folders.sorted() where (try? OutputFolder.components(of: folder))?.count == 1 {
            for relative in root.files(under: folder) {
                let name = (relative as NSString).lastPathComponent
                guard !name.hasPrefix("."), name.hasSuffix(".png") || name.hasSuffix(GoldenTolerance.fileSuffix),
                      !expected.contains(relative) else { continue }
                outcomes.append(obsoleteOutcome(relative, theme: folder, themeKnown: themes.contains(folder)))
            }
        }
        return outcomes
    }

    private func obsoleteOutcome(_ relative: String, theme: String, themeKnown: Bool) -> GoldenOutcome {
        let url = configuration.goldens.appendingPathComponent(relative)
        var artifacts = GoldenOutcome.Artifacts()
        if relative.hasSuffix(".png"), let bytes = FileManager.default.contents(atPath: url.path) {
            let name = String(relative.dropLast(4)) + ".expected.png"
            if writeArtifact([UInt8](bytes), name) { artifacts.expected = name }
        }
        var action: GoldenOutcome.Action?
        var note = ""
        if configuration.mode.recordsFailed {
            // Unlinks only a regular file inside the goldens folder, never through a symlink.
            do throws(WriteFailure) {
                try goldensFolder.removeFile(relative)
                action = .removed
                note = "\nremoved it (record mode \(configuration.mode))"
            } catch {
                note = "\ncould not remove it: \(error.reason)"
            }
        }
        let reason = themeKnown ? "no case renders it" : "there is no theme '\(theme)'"
        // Without a theme of that name, only an update of every theme removes its folder.
        let accept = configuration.acceptCommand(theme, themeKnown ? theme : "", nil, nil)
        let message = [environmentNote(), "\(relative): obsolete golden file: \(reason)",
                       "file: \(configuration.displayPath(url))\(note)", "accept (delete it): \(accept)"]
            .compactMap { $0 }.joined(separator: "\n")
        return GoldenOutcome(id: relative, theme: theme, status: .obsolete, action: action,
                             summary: "obsolete: \(reason)", message: message, difference: nil, tolerance: nil,
                             artifacts: artifacts, acceptCommand: accept)
    }

    // MARK: - Artifacts and report

    /// Removes the previous run's report and artifact images (only files this suite names).
    public func removeOldArtifacts() {
        let root = artifactsFolder
        _ = try? root.removeFile(GoldenReport.fileName)
        for file in root.files() where GoldenArtifactKind.allCases.contains(where: { file.hasSuffix(".\($0.rawValue).png") }) {
            _ = try? root.removeFile(file)
        }
    }

    /// Writes the report for a run's outcomes; returns its location.
    @discardableResult
    public func writeReport(_ outcomes: [GoldenOutcome], title: String = "Golden images") throws(RenderError) -> URL {
        // The note hashes every pinned font (about 120 MB): only worth it when something failed.
        let note = outcomes.contains(where: \.failed) ? environmentNote() : nil
        let html = GoldenReport.html(outcomes, title: title, environmentNote: note,
                                     mode: configuration.mode, goldens: configuration.displayPath(configuration.goldens))
        do throws(WriteFailure) {
            try artifactsFolder.write(Data(html.utf8), to: GoldenReport.fileName)
        } catch {
            throw RenderError(.output, error.description, cause: error)
        }
        return reportURL
    }

    /// Writes one artifact file; false (and no file) if it cannot be written.
    func writeArtifact(_ bytes: [UInt8], _ relative: String) -> Bool {
        do throws(WriteFailure) {
            try artifactsFolder.write(Data(bytes), to: relative)
            return true
        } catch {
            return false
        }
    }
}

/// The images a failure leaves, by file-name suffix.
enum GoldenArtifactKind: String, CaseIterable {
    case expected, actual, diff
    case sideBySide = "side-by-side"
}
