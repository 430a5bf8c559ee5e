import Foundation
import NMTIDomain
import PosterKit
import PosterPNG

extension GoldenSuite {
    /// Renders one case with its (already loaded) theme and checks it against its golden,
    /// on the calling thread (a run of many cases goes through `run(_:)`).
    public func run(_ testCase: GoldenCase, theme: Theme) -> GoldenOutcome {
        let result: QuizResult
        do {
            result = try testCase.result()
        } catch {
            var context = CaseContext(suite: self, testCase: testCase)
            return context.finish(.error, "cannot render: \(error)")
        }
        let rendered = Result { () throws(RenderError) -> RenderOutput in try renderer.run(Self.request(result, theme: theme)) }
        return check(testCase, theme: theme, result: result, rendered: rendered)
    }

    /// What a case renders: its result drawn to a raster, which is compared (never encoded) and,
    /// when recorded, encoded with the golden encoder.
    static func request(_ result: QuizResult, theme: Theme) -> RenderRequest {
        RenderRequest(result, theme: theme, through: .raster)
    }

    /// Checks a case's render (`rendered`, from `request`) against its golden, leaving
    /// artifacts and recording the golden as the mode allows; safe on any thread.
    func check(_ testCase: GoldenCase, theme: Theme, result: QuizResult,
               rendered: Result<RenderOutput, RenderError>) -> GoldenOutcome {
        var context = CaseContext(suite: self, testCase: testCase)
        let raster: Raster
        do {
            guard let drawn = try rendered.get().raster else { return context.finish(.error, "cannot render: no raster") }
            raster = drawn
        } catch {
            return context.finish(.error, "cannot render: \(error)")
        }
        // Compared as the pixels a PNG of the raster decodes to, without encoding it.
        let actual = DecodedImage(raster: raster)
        context.actualRaster = raster
        context.actual = actual
        if GoldenComparison.isBlank(actual) {
            context.saveActual()
            return context.finish(.error, "the render is blank: every pixel is \(GoldenComparison.firstPixelHex(actual)); it is never recorded")
        }

        let golden = goldenURL(testCase)
        guard let goldenBytes = FileManager.default.contents(atPath: golden.path) else {
            context.saveActual()
            if FileManager.default.fileExists(atPath: golden.path) {
                return context.finish(.changed, "the golden exists but cannot be read", record: result, theme: theme)
            }
            guard configuration.mode.recordsMissing else {
                return context.finish(.missing, "no golden yet (record mode \(configuration.mode) does not record it)")
            }
            return context.finish(.new, "no golden yet", record: result, theme: theme, action: .recorded)
        }
        context.expectedPNG = [UInt8](goldenBytes)

        let tolerance: GoldenTolerance
        do {
            tolerance = try GoldenTolerance.load(forGolden: golden, displayPath: configuration.displayPath)
        } catch {
            return context.finish(.error, "invalid tolerance file: \(error)")
        }
        context.tolerance = tolerance

        let expected: DecodedImage
        do {
            expected = try PNGDecoder().decode(context.expectedPNG!)
        } catch {
            context.saveActual()
            return context.finish(.changed, "the golden cannot be decoded: \(error)", record: result, theme: theme)
        }
        context.expected = expected
        if GoldenComparison.isBlank(expected) {
            context.saveAll(difference: nil)
            return context.finish(.changed, "the golden is blank: every pixel is \(GoldenComparison.firstPixelHex(expected))",
                                  record: result, theme: theme)
        }

        switch GoldenComparison.compare(expected: expected, actual: actual) {
        case .identical:
            return context.finish(.passed, "identical")
        case .sizeMismatch(let expectedSize, let actualSize):
            context.saveAll(difference: nil)
            return context.finish(.changed, "size differs: golden \(expectedSize), render \(actualSize)", record: result, theme: theme)
        case .different(let difference):
            context.difference = difference
            let summary = Self.summary(difference)
            if tolerance.allows(difference) {
                guard configuration.mode == .all else { return context.finish(.passed, "\(summary); within tolerance") }
                return context.finish(.passed, "\(summary); within tolerance", record: result, theme: theme, action: .rewritten)
            }
            context.saveAll(difference: difference)
            return context.finish(.changed, summary, record: result, theme: theme)
        }
    }

    /// `1234 of 1000500 pixels differ (1200 darker, 34 lighter); largest channel difference 87 at (x 120, y 455); 2 clusters: ...`
    public static func summary(_ difference: GoldenDifference) -> String {
        let location = difference.maxLocation.map { " at \($0)" } ?? ""
        let shown = difference.clusters.prefix(4).map(\.description).joined(separator: "; ")
        let more = difference.clusters.count > 4 ? "; ..." : ""
        let clusters = difference.clusters.count == 1 ? "1 cluster" : "\(difference.clusters.count) clusters"
        return "\(difference.differingPixels) of \(difference.totalPixels) pixels differ "
            + "(\(difference.darkerPixels) darker, \(difference.lighterPixels) lighter); "
            + "largest channel difference \(difference.maxChannelDifference)\(location); \(clusters): \(shown)\(more)"
    }
}
