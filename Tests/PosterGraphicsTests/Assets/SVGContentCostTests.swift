import PosterDisplay
import Testing
@testable import PosterGraphics

/// What `SVGSafety.inspect` counts of a document's content for the render-cost
/// budget: filter primitives by kind for every element a filter is applied to
/// (copies included), offscreen passes, paint-server fills and drawn elements.
@Suite struct SVGContentCostTests {
    func cost(_ body: String) throws -> SVGContentCost {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='10' height='10'>" + body + "</svg>"
        return try SVGSafety.inspect(Array(svg.utf8)).cost
    }

    @Test func plainShapesCountOnlyAsElements() throws {
        let counted = try cost("<rect width='10' height='10'/><circle r='3'/>")
        #expect(counted.instances == 2)  // the root <svg> paints nothing itself
        #expect(counted.offscreenPasses == 0 && counted.filterPasses == 0 && counted.paintServerInstances == 0)
    }

    @Test func filterPrimitivesCountPerFilteredElementAndCopy() throws {
        let counted = try cost("""
            <defs><filter id='f'><feTurbulence numOctaves='7'/><feGaussianBlur stdDeviation='2'/>\
            <feConvolveMatrix order='3 2' kernelMatrix='1 1 1 1 1 1'/><feSpecularLighting><fePointLight/></feSpecularLighting>\
            <feDisplacementMap in2='SourceGraphic'/><feComposite/></filter></defs>
            <rect id='r' width='10' height='10' filter='url(#f)'/><use href='#r'/><use xlink:href='#r'/>
            """)
        #expect(counted.filterPasses == 3)
        #expect(counted.offscreenPasses == 3)
        #expect(counted.turbulences == 3 && counted.turbulenceOctaves == 21)
        #expect(counted.blurs == 3 && counted.lightings == 3 && counted.displacements == 3 && counted.otherPrimitives == 3)
        #expect(counted.convolutions == 3 && counted.convolutionTaps == 18)
    }

    @Test func textCountsItsBytesForEveryCopy() throws {
        let counted = try cost("<text id='t'>你好 abc<tspan>de</tspan></text><use href='#t'/><use href='#t'/><style>rect { fill: red }</style>")
        // "你好abc" (blanks are not counted) is 9 bytes, "de" 2: 11 bytes, drawn three times; <style> text is not drawn.
        #expect(counted.textBytes == 33)
    }

    @Test func oneTextElementHoldsAtMost2048Bytes() throws {
        _ = try cost("<text>" + String(repeating: "a", count: SVGSafety.maximumTextElementBytes - 2) + "<tspan>bb</tspan></text>")
        #expect(throws: SVGSafety.Rejection.self) {
            _ = try cost("<text>" + String(repeating: "a", count: SVGSafety.maximumTextElementBytes - 2) + "<tspan>bbb</tspan></text>")
        }
    }

    @Test func aFilterNamedInStyleOrInheritedByHrefCounts() throws {
        let counted = try cost("""
            <filter id='base'><feGaussianBlur stdDeviation='1'/></filter><filter id='f' href='#base'><feTurbulence/></filter>
            <rect width='10' height='10' style='filter: url(#f)'/>
            """)
        #expect(counted.filterPasses == 2 && counted.blurs == 1 && counted.turbulences == 1 && counted.turbulenceOctaves == 1)
    }

    @Test func masksOpacityAndGradientsCount() throws {
        let counted = try cost("""
            <linearGradient id='g'><stop offset='0'/></linearGradient><mask id='m'><rect width='10' height='10' fill='#fff'/></mask>
            <rect width='10' height='10' fill='url(#g)' mask='url(#m)'/><circle r='2' opacity='0.5' stroke='url(#g)'/>
            """)
        #expect(counted.offscreenPasses == 2)
        // The two shapes, and the mask's rectangle twice: as written and drawn for the masked
        // rectangle, inheriting its gradient fill (the over-count the instance limits make too).
        #expect(counted.instances == 4)
        #expect(counted.paintServerInstances == 3)
        #expect(counted.filterPasses == 0)
    }

    @Test func aPaintServerOnAContainerOrUseCountsForEveryShapeUnderIt() throws {
        let grouped = try cost("<radialGradient id='g'/><g fill='url(#g)'><rect id='r' width='1' height='1'/><circle r='1' fill='red'/></g><use href='#r' stroke='url(#g)'/><path d='M0 0'/>")
        #expect(grouped.instances == 4)
        #expect(grouped.paintServerInstances == 3)
        let sheet = try cost("<style>rect { fill: url(#g) }</style><radialGradient id='g'/><rect width='1' height='1'/><circle r='1'/>")
        #expect(sheet.paintServerInstances == 2)
    }
}
