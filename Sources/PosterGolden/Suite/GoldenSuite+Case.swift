import PosterKit
import Foundation
import NMTIDomain
import PosterPNG

/// What `GoldenSuite.run` has learnt about one case so far; turns it into an outcome,
/// writing artifacts and recording the golden as the mode allows.
struct CaseContext {
    let suite: GoldenSuite
    let testCase: GoldenCase
    var actualRaster: Raster?
    var actual: DecodedImage?
    var expectedPNG: [UInt8]?
    var expected: DecodedImage?
    var tolerance: GoldenTolerance?
    var difference: GoldenDifference?
    var artifacts = GoldenOutcome.Artifacts()

    init(suite: GoldenSuite, testCase: GoldenCase) {
        self.suite = suite
        self.testCase = testCase
    }

    private func artifactName(_ kind: GoldenArtifactKind) -> String {
        "\(testCase.id).\(kind.rawValue).png"
    }

    /// Saves the render: its raster encoded as PNG, exactly the pixels compared.
    mutating func saveActual() {
        guard artifacts.actual == nil, let actualRaster, let bytes = try? PNG().encode(actualRaster) else { return }
        let name = artifactName(.actual)
        if suite.writeArtifact(bytes, name) { artifacts.actual = name }
    }

    /// Saves the golden, the render, the diff (when the sizes match) and the side-by-side image.
    mutating func saveAll(difference: GoldenDifference?) {
        saveActual()
        if let expectedPNG {
            let name = artifactName(.expected)
            if suite.writeArtifact(expectedPNG, name) { artifacts.expected = name }
        }
        if let difference, let expected, let actual,
           let png = try? DiffImage.encodePNG(DiffImage.diff(expected: expected, actual: actual, difference: difference)) {
            let name = artifactName(.diff)
            if suite.writeArtifact(png, name) { artifacts.diff = name }
        }
        if let png = try? DiffImage.encodePNG(DiffImage.sideBySide(expected: expected, actual: actual)) {
            let name = artifactName(.sideBySide)
            if suite.writeArtifact(png, name) { artifacts.sideBySide = name }
        }
    }

    /// The outcome; records the golden first when asked to and the mode allows it
    /// (a `.changed` case only when the mode records failures).
    mutating func finish(
        _ status: GoldenOutcome.Status, _ summary: String,
        record result: QuizResult? = nil, theme: Theme? = nil, action requested: GoldenOutcome.Action = .rewritten
    ) -> GoldenOutcome {
        let configuration = suite.configuration
        var status = status
        var summary = summary
        var action: GoldenOutcome.Action?
        var recordNote: String?
        if result != nil, theme != nil, let actual, let actualRaster, status != .changed || configuration.mode.recordsFailed {
            if let failure = suite.record(actualRaster, matching: actual, as: testCase.relativePath) {
                recordNote = "could not record the golden: \(failure)"
                if status == .new { status = .missing }
                summary += "; recording failed"
            } else {
                action = requested
                recordNote = switch (status, requested) {
                case (.new, _): "recorded the golden now (record mode \(configuration.mode)); the next run compares against it"
                case (.passed, _): "rewrote the golden with this render (record mode \(configuration.mode))"
                default: "rewrote the golden with this render (record mode \(configuration.mode)); the next run passes"
                }
            }
        }
        let accept = configuration.acceptCommand(
            testCase.theme, testCase.themeReference, testCase.format == PosterFormat.defaultName ? nil : testCase.format, testCase.name)
        if status == .passed && action == nil {
            return GoldenOutcome(id: testCase.id, theme: testCase.theme, status: status, action: nil, summary: summary,
                                 message: "", difference: difference, tolerance: tolerance, artifacts: artifacts,
                                 acceptCommand: nil)
        }

        var lines: [String] = []
        if status != .passed, let note = suite.environmentNote() { lines.append(note) }
        lines.append("\(testCase.id): \(summary)")
        if let tolerance { lines.append("tolerance: \(tolerance)") }
        lines.append("golden: \(configuration.displayPath(suite.goldenURL(testCase)))")
        let files = [artifacts.expected, artifacts.actual, artifacts.diff, artifacts.sideBySide].compactMap { $0 }
        if !files.isEmpty {
            let shown = files.map { configuration.displayPath(configuration.artifacts.appendingPathComponent($0)) }
            lines.append("artifacts: " + shown.joined(separator: ", "))
            if artifacts.diff != nil {
                lines.append("diff: faded golden; red = render darker, blue = render lighter; amber boxes around each cluster")
            }
        }
        if status != .passed { lines.append("report: \(configuration.displayPath(suite.reportURL))") }
        if let recordNote { lines.append(recordNote) }
        let offersAccept = action == nil && (status == .changed || status == .missing)
        if offersAccept { lines.append("accept the change: \(accept)") }
        return GoldenOutcome(id: testCase.id, theme: testCase.theme, status: status, action: action, summary: summary,
                             message: lines.joined(separator: "\n"), difference: difference, tolerance: tolerance,
                             artifacts: artifacts, acceptCommand: offersAccept ? accept : nil)
    }
}
