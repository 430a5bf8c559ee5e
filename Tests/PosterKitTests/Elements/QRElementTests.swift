import Foundation
import NMTIDomain
import PosterGraphics
import PosterLinks
import Testing
@testable import PosterKit

/// The `qr` element: its options, the quiet zone floor, and the code it reports as drawn.
@Suite struct QRElementTests {
    @Test(arguments: [0, 2, 3])
    func aQuietZoneUnderFourModulesIsRefusedNamingTheField(zone: Int) throws {
        let errors = try loadErrors(#"{ elements: [ { type: "qr", width: 90, quietZone: \#(zone) } ] }"#)
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.path.description == "elements[0].quietZone")
        #expect(error.message.contains("quiet zone of \(zone) modules is too narrow") && error.message.contains("at least 4"))
    }

    @Test func theQuietZoneIsFourByDefaultAndMayBeWider() throws {
        #expect(try loadErrors(#"{ elements: [ { type: "qr", width: 90, quietZone: 6 } ] }"#).isEmpty)
        let theme = try Theme.load(from: try makeTheme(#"{ elements: [ { type: "qr", width: 90, correction: "M" } ] }"#))
        let qr = try #require(theme.elements.first?.element as? QRElement)
        #expect(qr.quietZone == QRPlacement.minimumQuietZone && qr.minimumCorrection == .medium)
        let wide = try loadErrors(#"{ elements: [ { type: "qr", width: 90, quietZone: 17 } ] }"#)
        #expect(wide.count == 1 && wide.first?.path.description == "elements[0].quietZone", "\(wide)")
    }

    /// The code layout placed, for a result printed with a link base.
    func placement(_ json5: String, result: QuizResult = QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8))) throws -> QRPlacement {
        let theme = try Theme.load(from: try makeTheme(json5))
        let shaper = try TextShaper(library: FontLibrary.standard())
        let links = LinkStyle(form: .web(try LinkBase("https://nmti.example/")))
        let items = try PosterRenderer.layout(theme: theme, values: theme.bind(ResolvedResult(result), links: links), shaper: shaper).list.items
        for case .qr(let placement, _, _) in items { return placement }
        throw QRTestFailure.noCode
    }

    enum QRTestFailure: Error { case noCode }

    @Test func correctionIsTheLowestLevelTheEngineMayChoose() throws {
        let free = try placement(#"{ elements: [ { type: "qr", x: 10, y: 10, width: 120 } ] }"#)
        let strict = try placement(#"{ elements: [ { type: "qr", x: 10, y: 10, width: 120, correction: "H" } ] }"#)
        #expect(strict.correction == .high)
        #expect(free.modulePixels >= QRPlacement.preferredModulePixels, "a plain link in 120 pt gets 4 px at some level")
        #expect(free.modulePixels * free.sideModules <= 240 && free.quietZone == 4)
    }

    @Test func theLayoutDumpReportsTheCodeAsDrawn() throws {
        let theme = try Theme.load(from: try makeTheme(#"{ elements: [ { type: "qr", id: "code", x: 10.25, y: 10.75, width: 99.3 } ] }"#))
        let output = try PosterRenderer().run(RenderRequest(QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8)), theme: theme,
                                                            through: .layout, extras: .layoutDump))
        let element = try #require(output.layoutDump?.elements.first { $0.label == "code" })
        let qr = try #require(element.qr)
        let box = try #require(element.bounds)
        #expect(qr.modules == 17 + 4 * qr.version && qr.quietZone == 4 && ["L", "M", "Q", "H"].contains(qr.correction))
        #expect(qr.drawn.width == Double(qr.modulePixels * (qr.modules + 8)) / 2)
        // On whole device pixels, inside the box, centred to the pixel.
        #expect((qr.drawn.x * 2).rounded() == qr.drawn.x * 2 && (qr.drawn.y * 2).rounded() == qr.drawn.y * 2)
        #expect(qr.drawn.x >= box.x && qr.drawn.x + qr.drawn.width <= box.x + box.width)
        #expect(abs((qr.drawn.x - box.x) - (box.x + box.width - qr.drawn.x - qr.drawn.width)) <= 1)
        // Read back from its JSON too.
        let decoded = try LayoutDump.decode(output.layoutDump!.json())
        #expect(decoded.elements.first { $0.label == "code" }?.qr == qr)
    }

    @Test func aCodeThatCannotFitItsBoxFailsTheRenderNamingTheElement() throws {
        let theme = try Theme.load(from: try makeTheme(#"{ elements: [ { type: "qr", id: "tiny", width: 20, data: "{nickname}" } ] }"#))
        let result = QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8), nickname: String(repeating: "长", count: 24))
        #expect {
            try PosterRenderer().run(RenderRequest(result, theme: theme, through: .layout))
        } throws: { error in
            let message = "\(error)"
            return message.contains("tiny") && message.contains("more than the box's 40 px")
        }
    }
}
