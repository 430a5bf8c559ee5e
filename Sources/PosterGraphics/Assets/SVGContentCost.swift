/// What an SVG document's own content asks librsvg to do, counted by
/// `SVGSafety` on the checked parse once every `href`, `url(#id)` and marker is
/// expanded (the same over-count the instance limits use). PosterKit's
/// render-cost estimate weighs each raster pixel by it (`RenderCost`): every
/// count here is work librsvg does over, at most, the whole raster.
package struct SVGContentCost: Sendable, Hashable {
    /// Shapes and texts drawn (containers, gradients and filter primitives paint nothing themselves).
    package var instances = 0
    /// Of those, the ones that may be painted with a `url(…)` fill or stroke (gradients, patterns):
    /// each pixel costs several times a flat fill. A paint set on a container or a `<use>` is
    /// inherited, so it counts for every shape under it; one in a `<style>` sheet counts for all.
    package var paintServerInstances = 0
    /// Elements drawn through an offscreen surface (filter, mask, opacity below 1, blend mode).
    package var offscreenPasses = 0
    /// Filters applied (each converts the element's surface in and out of the filter's colour space).
    package var filterPasses = 0
    /// `<feTurbulence>` primitives applied.
    package var turbulences = 0
    /// Their octaves, summed (each octave is one more noise evaluation per pixel).
    package var turbulenceOctaves = 0
    /// `<feGaussianBlur>` and `<feDropShadow>` primitives applied (librsvg's box blurs cost the same at any deviation).
    package var blurs = 0
    /// `<feConvolveMatrix>` primitives applied.
    package var convolutions = 0
    /// Their kernel taps (order x order), summed.
    package var convolutionTaps = 0
    /// `<feDiffuseLighting>` and `<feSpecularLighting>` primitives applied.
    package var lightings = 0
    /// `<feDisplacementMap>` primitives applied.
    package var displacements = 0
    /// Every other primitive applied (colour matrix, composite, blend, merge, offset, flood, tile, image, component transfer).
    package var otherPrimitives = 0
    /// Bytes of text drawn by `<text>`, `<tspan>` and `<textPath>`: librsvg shapes
    /// it with Pango on every draw, a cost per character rather than per pixel.
    package var textBytes = 0

    package init() {}

    /// The largest any count may grow while expanding references (the limits then refuse the document).
    static let cap = 1 << 40

    /// Every count, so that adding copies cannot forget one.
    static var counts: [WritableKeyPath<SVGContentCost, Int>] {
        [\.instances, \.paintServerInstances, \.offscreenPasses, \.filterPasses, \.turbulences, \.turbulenceOctaves,
         \.blurs, \.convolutions, \.convolutionTaps, \.lightings, \.displacements, \.otherPrimitives, \.textBytes]
    }

    /// Adds `times` copies of `other`, saturating at `cap`.
    mutating func add(_ other: SVGContentCost, times: Int = 1) {
        let times = min(Self.cap, max(0, times))
        // times and a count are each at most 2^40, so their product may overflow: saturate first.
        func scaled(_ value: Int) -> Int { value == 0 ? 0 : (times > Self.cap / value ? Self.cap : value * times) }
        for count in Self.counts {
            self[keyPath: count] = min(Self.cap, self[keyPath: count] + scaled(other[keyPath: count]))
        }
    }
}

extension SVGSafety {
    /// The elements that put pixels down themselves.
    static let paintingElements: Set<String> = ["rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "textpath", "image"]

    /// The elements whose character data librsvg shapes and draws.
    static let textElements: Set<String> = ["text", "tspan", "textpath"]

    /// Whether the element's own fill, stroke or style names a paint server (`url(…)`), which its content inherits.
    static func paintsWithServer(_ element: SVGTree.Element) -> Bool {
        (element.values("fill") + element.values("stroke") + element.values("style")).contains { $0.lowercased().contains("url(") }
    }

    /// What one element costs by itself: one instance, a paint server if its
    /// fill, stroke or style names one, an offscreen pass, and the primitives of
    /// every `<filter>` its `filter` attribute or `style` names (every element
    /// carrying that id, and the filters those inherit from by `href`).
    static func ownCost(_ position: Int, in tree: SVGTree, ids: [String: [Int]]) -> SVGContentCost {
        let element = tree.elements[position]
        var cost = SVGContentCost()
        if paintingElements.contains(element.key) { cost.instances = 1 }
        if textElements.contains(element.key) { cost.textBytes = element.textBytes }
        guard needsOffscreenSurface(element) else { return cost }
        cost.offscreenPasses = 1
        let named = (element.values("filter") + element.values("style")).flatMap(urlArguments)
        var seen = Set<Int>()
        var pending = named.filter { $0.hasPrefix("#") }.flatMap { ids[String($0.dropFirst())] ?? [] }
        while let filter = pending.popLast() {
            guard tree.elements[filter].key == "filter", seen.insert(filter).inserted else { continue }
            cost.filterPasses += 1
            for child in tree.elements[filter].children { addPrimitive(tree.elements[child], to: &cost) }
            // librsvg may take the primitives of a filter this one refers to: count those too.
            for href in tree.elements[filter].values("href") where href.xmlTrimmed.hasPrefix("#") {
                pending += ids[String(href.xmlTrimmed.dropFirst())] ?? []
            }
        }
        return cost
    }

    /// Counts one child of a `<filter>` by kind (octaves and orders are bounded by `checkFilterPrimitive`).
    static func addPrimitive(_ element: SVGTree.Element, to cost: inout SVGContentCost) {
        switch element.key {
        case "feturbulence":
            cost.turbulences += 1
            let octaves = element.values("numoctaves").compactMap { numbers($0)?.first }.max() ?? 1
            cost.turbulenceOctaves += Int(max(1, min(Double(maximumTurbulenceOctaves), octaves.rounded(.up))))
        case "fegaussianblur", "fedropshadow":
            cost.blurs += 1
            if element.key == "fedropshadow" { cost.otherPrimitives += 3 }  // offset, flood and merge
        case "feconvolvematrix":
            cost.convolutions += 1
            // The largest order written (3 when none is), each side at most maximumConvolveOrder.
            let side = Double(maximumConvolveOrder)
            let taps = element.values("order").compactMap(numbers).map { parsed in
                min(side, parsed.first ?? 3) * min(side, parsed.count > 1 ? parsed[1] : parsed.first ?? 3)
            }.max() ?? 9
            cost.convolutionTaps += Int(taps.rounded(.up))
        case "fediffuselighting", "fespecularlighting":
            cost.lightings += 1
        case "fedisplacementmap":
            cost.displacements += 1
        default:
            // Anything else inside <filter> is a primitive or ignored; counting it is an over-count.
            cost.otherPrimitives += 1
        }
    }
}
