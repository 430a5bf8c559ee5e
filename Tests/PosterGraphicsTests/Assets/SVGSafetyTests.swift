import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

/// The SVG safety check's rules: external references, entities, XInclude, stylesheets and
/// oversized documents are refused before librsvg parses anything; ordinary
/// designer output (gradients, filters, `#id` references, a W3C DOCTYPE) passes.
@Suite struct SVGSafetyTests {
    func reason(_ svg: String) -> String? {
        do {
            try SVGSafety.check(Array(svg.utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    func svg(_ body: String, _ head: String = "") -> String {
        head + "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='10' height='10'>" + body + "</svg>"
    }

    @Test(arguments: [
        ("<image href='file:///etc/hostname'/>", "outside the document"),
        ("<image xlink:href=\"http://example.com/a.png\"/>", "outside the document"),
        ("<image href=' &#102;ile:///etc/passwd'/>", "file:///etc/passwd"),
        ("<image href='data:image/png;base64,AAAA'/>", "data: URL"),
        ("<use href='other.svg#a'/>", "outside the document"),
        ("<feImage href='x.png'/>", "outside the document"),
        ("<a href='https://nmti.app'><rect/></a>", "outside the document"),
        ("<rect fill='url(file:///x.svg#g)'/>", "url(file:///x.svg#g)"),
        ("<rect style='filter: url( \"x.svg#f\" )'/>", "url(x.svg#f)"),
        ("<style>@import url(a.css);</style>", "@import"),
        ("<style>rect { fill: u\\72l(x.svg#a) }</style>", "CSS escapes"),
        ("<style><![CDATA[ rect { mask: url(m.svg#m) } ]]></style>", "url(m.svg#m)"),
        ("<g xmlns:xi='http://www.w3.org/2001/XInclude'><xi:include href='/etc/passwd'/></g>", "XInclude"),
    ])
    func externalContentIsRefused(body: String, fragment: String) {
        let found = reason(svg(body))
        #expect(found?.contains(fragment) == true, "\(body): \(found ?? "accepted")")
    }

    @Test func declarationsAndStylesheetsAreRefused() {
        #expect(reason(svg("<text>&x;</text>", "<!DOCTYPE svg [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"))?.contains("entities") == true)
        #expect(reason(svg("", "<!DOCTYPE svg SYSTEM 'file:///etc/x.dtd'>"))?.contains("external DTD") == true)
        #expect(reason(svg("", "<?xml-stylesheet href='x.css'?>"))?.contains("xml-stylesheet") == true)
    }

    @Test func sizeLimitsAreEnforced() {
        #expect(reason(svg(String(repeating: "<g>", count: 200) + String(repeating: "</g>", count: 200)))?.contains("nest deeper") == true)
        #expect(reason(svg(String(repeating: "<rect/>", count: SVGSafety.maximumElements + 1)))?.contains("elements") == true)
        #expect(reason(svg("<text>" + String(repeating: "a", count: SVGSafety.maximumTextBytes + 1) + "</text>"))?.contains("text") == true)
        // 10 uses of 10 uses of ... 6 levels deep: 10^6 instances from 61 elements.
        var defs = "<rect id='l0'/>"
        for level in 1...6 { defs += "<g id='l\(level)'>" + String(repeating: "<use href='#l\(level - 1)'/>", count: 10) + "</g>" }
        #expect(reason(svg("<defs>\(defs)</defs><use href='#l6'/>"))?.contains("expand") == true)
        // A use cycle is left to librsvg, which reports it; the count must not loop.
        #expect(reason(svg("<g id='a'><use href='#b'/></g><g id='b'><use href='#a'/></g>")) == nil)
    }

    @Test func ordinaryDocumentsPass() throws {
        let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")
        var checked = 0
        for theme in try FileManager.default.contentsOfDirectory(atPath: themes.path) {
            let assets = themes.appendingPathComponent(theme).appendingPathComponent("assets")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: assets.path)) ?? [] where file.hasSuffix(".svg") {
                #expect(reason(try String(contentsOf: assets.appendingPathComponent(file), encoding: .utf8)) == nil, "\(theme)/\(file)")
                checked += 1
            }
        }
        #expect(checked >= 1)
        #expect(reason(svg("<defs><linearGradient id='g'/></defs><rect fill='url(#g)' style='fill: url( \"#g\" )'/><use xlink:href='#g'/>",
                           "<?xml version='1.0'?>\n<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN' 'http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd'>\n")) == nil)
    }

    @Test func cssAppliedFiltersAreCountedOrRefused() {
        #expect(reason(svg("<style>.b { filter: url(#f) }</style><rect class='b'/>"))?.contains("<style> sets a filter") == true)
        // libxml2 gives the sheet in pieces around a comment; librsvg joins them, so does the check.
        #expect(reason(svg("<style>.b { fil<!-- x -->ter: url(#f) }</style>"))?.contains("<style> sets a filter") == true)
        #expect(reason(svg("<style>.b {<g/>}</style>"))?.contains("inside <style>") == true)
        let styled = String(repeating: "<rect style='opacity:.5; filter: url(#f)'/>", count: SVGSafety.maximumOffscreenInstances + 1)
        #expect(reason(svg("<filter id='f'><feGaussianBlur/></filter>" + styled))?.contains("offscreen surface") == true)
        let attributed = String(repeating: "<rect filter='url(#f)'/>", count: SVGSafety.maximumOffscreenInstances)
        #expect(reason(svg("<filter id='f'><feGaussianBlur/></filter>" + attributed + "<rect filter='none'/>")) == nil)
    }

    /// Opacity below 1, masks and blend modes also draw through a surface the size of the drawing.
    @Test(arguments: ["opacity='0.5'", "opacity='50%'", "mask='url(#m)'", "style='mix-blend-mode:multiply'", "mix-blend-mode='screen'",
                      "isolation='isolate'", "style='OPACITY: 1'", "x:mask='url(#m)' xmlns:x='urn:x'"])
    func otherOffscreenPassesCount(attribute: String) {
        let many = String(repeating: "<rect width='2' height='2' \(attribute)/>", count: SVGSafety.maximumOffscreenInstances + 1)
        #expect(reason(svg("<mask id='m'><rect width='5' height='5' fill='white'/></mask>" + many))?.contains("offscreen surface") == true, "\(attribute)")
    }

    @Test func cheapPropertiesDoNotCount() {
        let cheap = ["opacity='1'", "opacity='100%'", "fill-opacity='0.5'", "style='stroke-opacity:.2; mask-type: alpha'",
                     "mask='none'", "mix-blend-mode='normal'", "clip-path='url(#c)'"]
        let body = cheap.map { String(repeating: "<rect width='2' height='2' \($0)/>", count: SVGSafety.maximumOffscreenInstances + 1) }.joined()
        #expect(reason(svg("<clipPath id='c'><circle r='3'/></clipPath>" + body)) == nil)
        #expect(reason(svg("<style>.a { fill-opacity: .5; stop-opacity: 1 }</style>")) == nil)
        for property in ["opacity", "mask", "mix-blend-mode", "isolation"] {
            #expect(reason(svg("<style>.a { \(property): x }</style>"))?.contains("<style> sets \(property)") == true, "\(property)")
        }
    }

    @Test(arguments: ["marker", "pattern", "mask", "clipPath"])
    func filtersInsideContentDrawnPerUseAreRefused(container: String) {
        let filter = "<filter id='f'><feGaussianBlur/></filter><rect id='r' filter='url(#f)'/>"
        #expect(reason(svg(filter + "<\(container) id='m'><circle r='1' filter='url(#f)'/></\(container)>"))?.contains("inside <\(container)>") == true)
        #expect(reason(svg(filter + "<\(container) id='m'><use href='#r'/></\(container)>"))?.contains("inside <\(container)>") == true)
        #expect(reason(svg("<\(container) id='m'><circle r='1' opacity='0.5'/></\(container)>"))?.contains("inside <\(container)>") == true)
        #expect(reason(svg("<\(container) id='m'><circle r='1'/></\(container)>")) == nil)
    }

    /// A marker is drawn at every vertex of the shape that names it.
    @Test func markerContentCountsOncePerVertex() {
        let marker = "<marker id='m'>" + String(repeating: "<circle r='1'/>", count: 100) + "</marker>"
        let long = "M0 0" + String(repeating: " l1 1", count: 1_000)
        #expect(reason(svg(marker + "<path d='\(long)' marker-mid='url(#m)'/>"))?.contains("expand to more than") == true)
        #expect(reason(svg(marker + "<path d='\(long)' style='marker-end: url( \"#m\" )'/>"))?.contains("expand to more than") == true)
        #expect(reason(svg(marker + "<path d='\(long)' x:marker-start='url(#m)' xmlns:x='urn:x'/>"))?.contains("expand to more than") == true)
        #expect(reason(svg(marker + "<path d='M0 0 L10 10' marker-end='url(#m)'/>")) == nil)
        #expect(reason(svg("<style>path { marker-end: url(#m) }</style>"))?.contains("<style> sets a marker") == true)
        #expect(SVGSafety.vertexBound(SVGTree.Element(name: "path", attributes: [.init(name: "d", value: "M0,0 10.5.5zm1e5 2")], depth: 1)) >= 6)
    }

    /// A pattern is drawn once for every element it fills.
    @Test func urlReferencesCountTheirTargetPerUse() {
        let pattern = "<pattern id='p' width='4' height='4'>" + String(repeating: "<rect width='1' height='1'/>", count: 1_000) + "</pattern>"
        #expect(reason(svg(pattern + String(repeating: "<rect width='9' height='9' fill='url(#p)'/>", count: 101)))?.contains("expand to more than") == true)
        #expect(reason(svg(pattern + String(repeating: "<rect width='9' height='9' style='stroke:url(#p)'/>", count: 101)))?.contains("expand to more than") == true)
        #expect(reason(svg(pattern + String(repeating: "<rect width='9' height='9' fill='url(#p)'/>", count: 50))) == nil)
        #expect(reason(svg(pattern + "<style>rect { fill: url(#p) }</style>"))?.contains("a style sheet may only name gradients") == true)
        #expect(reason(svg("<linearGradient id='g'/><style>.a { fill: url(#g) } .b { stroke: url('#missing') }</style>")) == nil)
    }

    @Test func feImageTargetsCountOncePerFilterUse() {
        let body = "<rect id='r' width='2' height='2' opacity='0.5'/><filter id='f'><feImage href='#r'/></filter><rect filter='url(#f)'/>"
        #expect(reason(svg(body))?.contains("inside <filter>") == true)
    }

    @Test func presentationAttributesMayNotUseCSSEscapes() {
        #expect(reason(svg("<rect fill='u\\72l(x.svg#g)'/>"))?.contains("CSS escapes") == true)
        #expect(reason(svg("<text x:label='a\\b' xmlns:x='urn:x'>a\\b</text>")) == nil)
    }

    @Test func doctypesAreReadByLibxml2() {
        #expect(reason(svg("", "<!DOCTYPE svg [ ]>")) == nil)
        #expect(reason(svg("", "<!DOCTYPE svg [<!ATTLIST rect href CDATA 'file:///etc/passwd'>]>"))?.contains("DOCTYPE with declarations") == true)
        #expect(reason(svg("<text>&x;</text>", "<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN' 'http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd'>"))?.contains("entit") == true)
        #expect(reason(svg("", "<?xml-stylesheet href='#s'?><?other data?>"))?.contains("xml-stylesheet") == true)
        #expect(reason(svg("<?inkscape data?>")) == nil)
    }
}
