import Foundation
import Testing
import TestSupport
@testable import PosterGolden
@testable import PosterKit

@Suite struct GoldenToleranceTests {
    func parse(_ text: String) throws(GoldenToleranceError) -> GoldenTolerance {
        try GoldenTolerance.parse(Data(text.utf8), file: "x.tolerance.json")
    }

    func difference(pixels: Int, channel: Int) -> GoldenDifference {
        GoldenDifference(width: 100, height: 100, differingPixels: pixels, maxChannelDifference: channel,
                         maxLocation: GoldenPixel(x: 0, y: 0), darkerPixels: pixels, lighterPixels: 0, clusters: [])
    }

    @Test func parsesInclusiveRangesStartingAtZero() throws {
        let tolerance = try parse(#"{"maxChannelDifference": [0, 2], "maxDifferingPixels": [0, 40]}"#)
        #expect(tolerance.maxChannelDifference == 2)
        #expect(tolerance.maxDifferingPixels == 40)
        #expect(tolerance.source == "x.tolerance.json")
        #expect(tolerance.description.contains("channel difference 0...2, differing pixels 0...40"))
    }

    @Test func upperBoundsAreInclusive() throws {
        let tolerance = try parse(#"{"maxChannelDifference": [0, 2], "maxDifferingPixels": [0, 40]}"#)
        #expect(tolerance.allows(difference(pixels: 40, channel: 2)))
        #expect(!tolerance.allows(difference(pixels: 40, channel: 3)))
        #expect(!tolerance.allows(difference(pixels: 41, channel: 2)))
        #expect(tolerance.allows(difference(pixels: 1, channel: 1)))
    }

    @Test func aLeftOutKeyDoesNotLimitItsFigure() throws {
        let channelOnly = try parse(#"{"maxChannelDifference": [0, 2]}"#)
        #expect(channelOnly.allows(difference(pixels: 1_000_000, channel: 2)))
        #expect(!channelOnly.allows(difference(pixels: 1, channel: 3)))
        let pixelsOnly = try parse(#"{"maxDifferingPixels": [0, 40]}"#)
        #expect(pixelsOnly.allows(difference(pixels: 40, channel: 255)))
        #expect(!pixelsOnly.allows(difference(pixels: 41, channel: 1)))
    }

    @Test func exactAllowsNothing() {
        let exact = GoldenTolerance.exact(source: "default")
        #expect(exact.isExact)
        #expect(!exact.allows(difference(pixels: 1, channel: 1)))
        #expect(exact.description == "exact (default)")
        #expect((try? parse(#"{"maxChannelDifference": [0, 0], "maxDifferingPixels": [0, 40]}"#))?.isExact == true)
    }

    @Test(arguments: [
        (#"{"maxChannelDifference": [1, 2]}"#, "must start at 0"),
        (#"{"maxDifferingPixels": [5, 40]}"#, "must start at 0"),
        (#"{"maxChannelDifference": [0, 256]}"#, "not in 0...255"),
        (#"{"maxChannelDifference": [0, -1]}"#, "not in 0...255"),
        (#"{"maxChannelDifference": 2}"#, "inclusive range"),
        (#"{"maxChannelDifference": [0, 2, 4]}"#, "inclusive range"),
        (#"{"maxChannelDifference": [0, 2.5]}"#, "whole numbers"),
        (#"{"maxChannelDifference": [0, true]}"#, "whole numbers"),
        (#"{"maxChannelDifference": [0, "2"]}"#, "whole numbers"),
        (#"{"maxChanelDifference": [0, 2]}"#, "unknown key"),
        (#"{}"#, "names no limit"),
        (#"[0, 2]"#, "not a JSON object"),
        (#"{"maxChannelDifference": [0, 2]"#, "not a JSON object"),
    ])
    func rejectsBadFiles(text: String, reason: String) {
        #expect(throws: GoldenToleranceError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.hasPrefix("x.tolerance.json: "))
        }
    }

    @Test func loadsTheFileNextToTheGoldenOrDefaultsToExact() throws {
        let folder = try TestScratch.folder("tolerance")
        let golden = folder.appendingPathComponent("workplace-PRED.png")
        let absent = try GoldenTolerance.load(forGolden: golden)
        #expect(absent.isExact)
        #expect(absent.source.contains("workplace-PRED.tolerance.json"))
        try Data(#"{"maxDifferingPixels": [0, 3]}"#.utf8).write(to: folder.appendingPathComponent("workplace-PRED.tolerance.json"))
        let present = try GoldenTolerance.load(forGolden: golden)
        #expect(present.maxDifferingPixels == 3)
        #expect(present.source == folder.appendingPathComponent("workplace-PRED.tolerance.json").path)
    }
}
