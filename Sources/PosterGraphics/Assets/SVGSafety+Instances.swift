import PosterDisplay

extension SVGSafety {
    /// Elements whose content is drawn once per use (per vertex for a marker), so an offscreen pass inside one has no bound.
    /// (`<filter>` too: an `<feImage>` in it draws its target once per filtered element.)
    static let drawnPerUse: Set<String> = ["marker", "pattern", "mask", "clippath", "filter"]

    /// Counts the elements drawn, and those drawn through an offscreen surface, once every `href`
    /// reference is expanded. Every `href` of every element counts (`<use>`,
    /// and the pattern and gradient templates librsvg copies children from),
    /// and a fragment names every element carrying that id in any namespace:
    /// an over-count, so that neither precedence nor duplicate ids can hide a copy.
    /// A `url(#id)` (fill, stroke, mask, clip-path, filter) counts its target's
    /// content once per element using it; a marker is drawn at every vertex of
    /// the shape that names it, so its content counts once per vertex (bounded
    /// by `vertexBound`).
    /// Returns what the expanded document costs to draw (`SVGContentCost`).
    static func checkInstances(_ tree: SVGTree) throws(Rejection) -> SVGContentCost {
        let elements = tree.elements
        var ids: [String: [Int]] = [:]
        for (position, element) in elements.enumerated() {
            for id in element.values("id") { ids[id, default: []].append(position) }
        }
        try checkStyleSheetReferences(tree, ids: ids)
        let references: [[(target: Int, times: Int)]] = elements.map { element in
            var references = element.values("href").flatMap { href -> [(target: Int, times: Int)] in
                let fragment = href.xmlTrimmed
                return (fragment.hasPrefix("#") ? ids[String(fragment.dropFirst())] ?? [] : []).map { ($0, 1) }
            }
            // Paint servers, masks, clip paths and filters named by url(#id) draw their content once per element using them.
            for attribute in element.attributes where !attribute.name.lowercased().hasPrefix("marker") {
                for fragment in urlArguments(attribute.value) where fragment.hasPrefix("#") {
                    references += (ids[String(fragment.dropFirst())] ?? []).map { ($0, 1) }
                }
            }
            let markers = element.attributes.filter { $0.name.lowercased().hasPrefix("marker") }.map(\.value)
                + element.values("style").filter { $0.lowercased().contains("marker") }
            if !markers.isEmpty {
                let times = vertexBound(element)
                for fragment in markers.flatMap(urlArguments) where fragment.hasPrefix("#") {
                    references += (ids[String(fragment.dropFirst())] ?? []).map { ($0, times) }
                }
            }
            return references
        }
        let filtered = elements.map(needsOffscreenSurface)
        let cap = maximumInstances + 1
        var total = [Int?](repeating: nil, count: elements.count)
        var filteredTotal = [Int](repeating: 0, count: elements.count)
        var visiting = [Bool](repeating: false, count: elements.count)
        // With relative or style-sheet font sizes the text bound is unknown: infinite, which only a dashed document minds.
        let fontSize = largestFontSize(tree) ?? .infinity
        let ownLength = elements.map { lengthBound($0, fontSize: fontSize) }
        var lengthTotal = [Double](repeating: 0, count: elements.count)
        var contentTotal = [SVGContentCost](repeating: SVGContentCost(), count: elements.count)
        // Iterative post-order walk, so that deep documents cannot overflow the
        // stack; a reference cycle counts once (librsvg reports the cycle itself).
        for root in elements.indices where total[root] == nil {
            var work: [(node: Int, expanded: Bool)] = [(root, false)]
            while let (node, expanded) = work.popLast() {
                if total[node] != nil || (visiting[node] && !expanded) { continue }
                let dependencies = elements[node].children.map { (target: $0, times: 1) } + references[node]
                if !expanded {
                    visiting[node] = true
                    work.append((node, true))
                    for (dependency, _) in dependencies where total[dependency] == nil && !visiting[dependency] {
                        work.append((dependency, false))
                    }
                } else {
                    visiting[node] = false
                    var count = 1
                    var filters = filtered[node] ? 1 : 0
                    var length = ownLength[node]
                    var content = ownCost(node, in: tree, ids: ids)
                    for (dependency, times) in dependencies {
                        count = min(cap, count + min(cap, times) * (total[dependency] ?? 1))
                        filters = min(cap, filters + min(cap, times) * filteredTotal[dependency])
                        length += Double(times) * lengthTotal[dependency]
                        content.add(contentTotal[dependency], times: times)
                    }
                    // A paint server on this element is inherited by every shape it draws, copies included.
                    if paintsWithServer(elements[node]) { content.paintServerInstances = content.instances }
                    total[node] = count
                    filteredTotal[node] = filters
                    lengthTotal[node] = length
                    contentTotal[node] = content
                }
            }
        }
        let roots = elements.indices.filter { elements[$0].parent == nil }
        let drawn = roots.reduce(0) { min(cap, $0 + (total[$1] ?? 1)) }
        let filters = roots.reduce(0) { min(cap, $0 + filteredTotal[$1]) }
        try checkDashes(tree, drawnLength: roots.reduce(0.0) { $0 + lengthTotal[$1] })
        for (position, element) in elements.enumerated() where drawnPerUse.contains(element.key) && filteredTotal[position] > 0 {
            throw fail("a filter, mask, opacity below 1 or blend mode inside <\(element.name)>, whose content is drawn once for every use; none is allowed inside <marker>, <pattern>, <mask>, <clipPath> or <filter>")
        }
        if drawn > maximumInstances {
            throw fail("references expand to more than \(maximumInstances) drawn elements (<use> copies, templates, patterns, masks and clip paths once per use, markers once per vertex)")
        }
        if filters > maximumOffscreenInstances {
            throw fail("more than \(maximumOffscreenInstances) elements drawn through an offscreen surface (filter, mask, opacity below 1 or a blend mode; counting copies); each is a pass over the whole drawing")
        }
        var content = SVGContentCost()
        for root in roots { content.add(contentTotal[root]) }
        // A sheet may set fill or stroke to a gradient for any element its selectors match.
        if tree.styleSheets.contains(where: { $0.css.lowercased().contains("url(") }) { content.paintServerInstances = content.instances }
        return content
    }

    /// What a `<style>` sheet may name with `url(#id)`: gradients, whose cost does
    /// not depend on how many elements use them. A pattern, mask, clip path,
    /// filter or marker named from a sheet could be drawn for any number of
    /// elements its selectors match, which is not worked out here.
    static func checkStyleSheetReferences(_ tree: SVGTree, ids: [String: [Int]]) throws(Rejection) {
        let gradients: Set<String> = ["lineargradient", "radialgradient"]
        for sheet in tree.styleSheets {
            for fragment in urlArguments(sheet.css) where fragment.hasPrefix("#") {
                for target in ids[String(fragment.dropFirst())] ?? [] where !gradients.contains(tree.elements[target].key) {
                    throw fail("<style> refers to url(\(String(fragment.prefix(80)))), a <\(tree.elements[target].name)>; a style sheet may only name gradients, so put other references on the elements themselves")
                }
            }
        }
    }

    /// At least as many vertices as the shape has: one per number or command
    /// letter in its `d` or `points` (any namespace), plus two (a `<line>`).
    static func vertexBound(_ element: SVGTree.Element) -> Int {
        var count = 2
        for value in element.values("d") + element.values("points") {
            var inNumber = false
            for byte in value.utf8 {
                let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                if digit && !inNumber || letter { count += 1 }
                inNumber = digit
            }
        }
        return count
    }

    /// CSS properties that make librsvg 2.54 draw an element into a temporary
    /// surface the size of the whole drawing and composite it back (measured:
    /// 2,000 such rectangles at 2000x2000 px take 12 s with opacity and about
    /// 3 minutes with a mask or a blend mode). `clip-path` is a plain cairo clip.
    static let offscreenProperties = ["filter", "mask", "opacity", "mix-blend-mode", "isolation"]

    /// Whether librsvg draws the element through an offscreen surface: a
    /// `filter` or `mask` that is not `none`, an `opacity` below 1, a blend mode
    /// or isolation (attributes in any namespace), or a `style` attribute that
    /// names any of these properties (whatever their values).
    static func needsOffscreenSurface(_ element: SVGTree.Element) -> Bool {
        let notNone = { (value: String) in !["", "none"].contains(value.xmlTrimmed.lowercased()) }
        return element.values("filter").contains(where: notNone)
            || element.values("mask").contains(where: notNone)
            || element.values("opacity").contains { !isOpaque($0) }
            || element.values("mix-blend-mode").contains { !["", "normal"].contains($0.xmlTrimmed.lowercased()) }
            || element.values("isolation").contains { $0.xmlTrimmed.lowercased() == "isolate" }
            || element.values("style").contains { style in offscreenProperties.contains { mentions(style, identifier: $0) } }
    }

    /// An opacity value of 1 or more (`1`, `1.0`, `100%`); anything else, unreadable values included, counts as a pass.
    static func isOpaque(_ value: String) -> Bool {
        let text = value.xmlTrimmed
        if text.hasSuffix("%") { return Double(text.dropLast()).map { $0 >= 100 } ?? false }
        return Double(text).map { $0 >= 1 } ?? false
    }

    /// Whether `css` contains `identifier` as a whole CSS identifier (not inside
    /// `fill-opacity` or `mask-type`), in any letter case. CSS escapes are
    /// refused elsewhere, so an identifier can only be spelt out.
    static func mentions(_ css: String, identifier: String) -> Bool {
        let text = Array(css.lowercased().utf8)
        let word = Array(identifier.utf8)
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        guard text.count >= word.count else { return false }
        for start in 0...(text.count - word.count) where text[start..<start + word.count].elementsEqual(word) {
            let before = start == 0 || !isIdentifierByte(text[start - 1])
            let after = start + word.count == text.count || !isIdentifierByte(text[start + word.count])
            if before && after { return true }
        }
        return false
    }
}
