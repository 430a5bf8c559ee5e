import PosterDisplay
@testable import PosterGraphics
import Testing

/// How a QR code's level and module size are chosen for its box.
@Suite struct QRPlacementTests {
    static let short = "https://nmti.example/i?v=6.-3.2.-5"
    /// A long link-like text: 9 percent-encoded bytes a character, as Chinese nicknames are.
    static func long(_ characters: Int) -> String {
        "https://nmti.example/r?v=6.-3.2.-5&n=" + String(repeating: "%E5%B0%8F", count: characters)
    }

    func place(_ text: String, side: Double, x: Double = 0, y: Double = 0, minimum: QRMatrix.Correction = .low,
               quietZone: Int = 4) throws -> QRFitting {
        try QRPlacement.fitting(text, in: Rect(x: x, y: y, width: side, height: side), minimumCorrection: minimum, quietZone: quietZone)
    }

    func modulePixels(_ text: String, side: Double, correction: QRMatrix.Correction, quietZone: Int = 4) throws -> Int {
        let pixels = Int((side * 2).rounded(.down))
        return pixels / (try QRMatrix(encoding: text, correction: correction).size + 2 * quietZone)
    }

    @Test(arguments: [0, 4, 12, 24, 40, 60], [48.0, 64, 90, 120, 160])
    func theHighestLevelWithFourPixelModulesElseTheLargestModules(characters: Int, side: Double) throws {
        let text = characters == 0 ? Self.short : Self.long(characters)
        guard let placement = try place(text, side: side).placement else {
            // No level fits even at 1 px: the smallest code is wider than the box.
            #expect(try modulePixels(text, side: side, correction: .low) == 0)
            return
        }
        let levels = QRMatrix.Correction.allCases
        let pixels = try levels.map { try modulePixels(text, side: side, correction: $0) }
        #expect(placement.modulePixels == pixels[levels.firstIndex(of: placement.correction)!])
        if let best = levels.indices.last(where: { pixels[$0] >= QRPlacement.preferredModulePixels }) {
            #expect(placement.correction == levels[best], "the highest level with 4 px modules: \(pixels)")
        } else {
            let largest = pixels.max()!
            #expect(placement.modulePixels == largest)
            #expect(placement.correction == levels[levels.indices.last(where: { pixels[$0] == largest })!], "ties go to the higher level: \(pixels)")
        }
        #expect(placement.matrix.size == 17 + 4 * placement.version)
    }

    @Test func aShortLinkInABigBoxGetsLevelHAndALongOneFallsToLowerLevels() throws {
        let roomy = try #require(try place(Self.short, side: 90).placement)
        #expect(roomy.correction == .high && roomy.modulePixels >= 4)
        let dense = try #require(try place(Self.long(60), side: 90).placement)
        #expect(dense.correction < .high && dense.matrix.size > roomy.matrix.size)
    }

    @Test func theMinimumLevelIsKeptEvenWhenALowerOneWouldGiveLargerModules() throws {
        let text = Self.long(24)
        let free = try #require(try place(text, side: 80).placement)
        let strict = try #require(try place(text, side: 80, minimum: .quartile).placement)
        #expect(strict.correction >= .quartile)
        #expect(free.modulePixels >= strict.modulePixels)
    }

    @Test(arguments: [(10.25, 10.75, 99.3), (0, 0, 90), (287.5, 594.25, 64.7)])
    func modulesAndTheQuietZoneLandOnWholePixelsCentredInTheBox(x: Double, y: Double, side: Double) throws {
        let placement = try #require(try place(Self.long(10), side: side, x: x, y: y).placement)
        let box = placement.boxPixels, drawn = placement.drawnPixels
        #expect(box.x == Int((x * 2).rounded()) && box.y == Int((y * 2).rounded()) && box.side == Int(side * 2))
        #expect(drawn.side == placement.modulePixels * (placement.matrix.size + 2 * placement.quietZone))
        #expect(drawn.side <= box.side && box.side - drawn.side < placement.sideModules)
        #expect(drawn.x - box.x == (box.side - drawn.side) / 2 && drawn.y - box.y == drawn.x - box.x)
    }

    @Test func aWiderQuietZoneLeavesLessRoomForModules() throws {
        let four = try #require(try place(Self.long(12), side: 90).placement)
        let eight = try #require(try place(Self.long(12), side: 90, minimum: four.correction, quietZone: 8).placement)
        #expect(eight.quietZone == 8)
        #expect(eight.modulePixels * eight.sideModules <= 180 && eight.modulePixels <= four.modulePixels)
    }

    @Test func aCodeWiderThanItsBoxDoesNotFit() throws {
        let fitting = try place(Self.long(80), side: 40)
        guard case .tooSmall(let sideModules, let version, let correction, let boxPixels) = fitting else {
            Issue.record("expected no fit, got \(fitting)")
            return
        }
        #expect(correction == .low && boxPixels == 80 && sideModules > boxPixels)
        #expect(sideModules == 17 + 4 * version + 8)
    }
}
