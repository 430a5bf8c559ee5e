extension SVGSafety {
    /// Elements whose content is drawn once per use (per vertex for a marker), so a filter inside one has no bound.
    static let drawnPerUse: Set<String> = ["marker", "pattern", "mask", "clippath"]

    /// Counts the elements drawn, and the filtered ones, once every `href`
    /// reference is expanded. Every `href` of every element counts (`<use>`,
    /// and the pattern and gradient templates librsvg copies children from),
    /// and a fragment names every element carrying that id in any namespace:
    /// an over-count, so that neither precedence nor duplicate ids can hide a copy.
    static func checkInstances(_ tree: SVGTree) throws(Rejection) {
        let elements = tree.elements
        var ids: [String: [Int]] = [:]
        for (position, element) in elements.enumerated() {
            for id in element.values("id") { ids[id, default: []].append(position) }
        }
        let targets: [[Int]] = elements.map { element in
            element.values("href").flatMap { href -> [Int] in
                let fragment = href.xmlTrimmed
                return fragment.hasPrefix("#") ? ids[String(fragment.dropFirst())] ?? [] : []
            }
        }
        let filtered = elements.map(isFiltered)
        let cap = maximumInstances + 1
        var total = [Int?](repeating: nil, count: elements.count)
        var filteredTotal = [Int](repeating: 0, count: elements.count)
        var visiting = [Bool](repeating: false, count: elements.count)
        // Iterative post-order walk, so that deep documents cannot overflow the
        // stack; a reference cycle counts once (librsvg reports the cycle itself).
        for root in elements.indices where total[root] == nil {
            var work: [(node: Int, expanded: Bool)] = [(root, false)]
            while let (node, expanded) = work.popLast() {
                if total[node] != nil || (visiting[node] && !expanded) { continue }
                let dependencies = elements[node].children + targets[node]
                if !expanded {
                    visiting[node] = true
                    work.append((node, true))
                    for dependency in dependencies where total[dependency] == nil && !visiting[dependency] {
                        work.append((dependency, false))
                    }
                } else {
                    visiting[node] = false
                    var count = 1
                    var filters = filtered[node] ? 1 : 0
                    for dependency in dependencies {
                        count = min(cap, count + (total[dependency] ?? 1))
                        filters = min(cap, filters + filteredTotal[dependency])
                    }
                    total[node] = count
                    filteredTotal[node] = filters
                }
            }
        }
        let roots = elements.indices.filter { elements[$0].parent == nil }
        let drawn = roots.reduce(0) { min(cap, $0 + (total[$1] ?? 1)) }
        let filters = roots.reduce(0) { min(cap, $0 + filteredTotal[$1]) }
        if drawn > maximumInstances {
            throw fail("<use> references expand to more than \(maximumInstances) elements")
        }
        if filters > maximumFilteredInstances {
            throw fail("more than \(maximumFilteredInstances) filtered elements (counting <use> copies); each filter is a pass over its region")
        }
        for (position, element) in elements.enumerated() where drawnPerUse.contains(element.key) && filteredTotal[position] > 0 {
            throw fail("a filter inside <\(element.name)>, whose content is drawn once for every use; filters are not allowed inside <marker>, <pattern>, <mask> or <clipPath>")
        }
    }

    /// A `filter` attribute (any namespace) that is not `none`, or a `style` attribute that mentions `filter`.
    static func isFiltered(_ element: SVGTree.Element) -> Bool {
        element.values("filter").contains { !["", "none"].contains($0.xmlTrimmed.lowercased()) }
            || element.values("style").contains { $0.lowercased().contains("filter") }
    }
}
