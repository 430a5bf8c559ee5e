import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

/// Dash segments: the shortest dash period against a bound of everything stroked.
@Suite struct SVGSafetyDashTests {
    func reason(_ body: String) -> String? {
        do {
            try SVGSafety.check(Array("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>\(body)</svg>".utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func longOutlinesWithShortDashesAreRefused() {
        #expect(reason("<path stroke='black' stroke-dasharray='0.5' d='M0 0 L4000000 0'/>")?.contains("dash segments") == true)
        #expect(reason("<g stroke-dasharray='0.5 0.5'><path stroke='black' d='M0 0 L400000 0'/></g>")?.contains("dash segments") == true)
        #expect(reason("<path id='p' d='M0 0 L1000 0'/><g style='stroke-dasharray: 0.01'>" + String(repeating: "<use href='#p'/>", count: 100) + "</g>")?.contains("dash segments") == true)
        #expect(reason("<rect width='1e6' height='1' stroke-dasharray='1'/>")?.contains("dash segments") == true)
        #expect(reason("<text font-size='100000' stroke-dasharray='1'>long text</text>")?.contains("dash segments") == true)
    }

    @Test func whatWouldHideTheLengthIsRefusedWithDashes() {
        #expect(reason("<path stroke-dasharray='5%' d='M0 0 L10 0'/>")?.contains("plain numbers") == true)
        #expect(reason("<path stroke-dasharray='5' pathLength='1e9' d='M0 0 L10 0'/>")?.contains("pathLength") == true)
        #expect(reason("<path style='stroke-dasharray: 5; vector-effect: non-scaling-stroke' d='M0 0 L10 0'/>")?.contains("vector-effect") == true)
        #expect(reason("<g font-size='10em' stroke-dasharray='5'><text>a</text></g>")?.contains("font size") == true)
        #expect(reason("<style>path { stroke-dasharray: 1 }</style>")?.contains("<style>") == true)
    }

    @Test func ordinaryDashesPass() {
        #expect(reason("<rect width='90' height='90' fill='none' stroke='black' stroke-dasharray='4 2'/><path d='M0 0 L100 100' stroke-dasharray='1px,1px'/><text font-size='12'>x</text>") == nil)
        #expect(reason("<path stroke-dasharray='none' pathLength='3' d='M0 0 L4000000 0'/><text font-size='2em'>x</text>") == nil)
    }
}
