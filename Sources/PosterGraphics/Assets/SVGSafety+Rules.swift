extension SVGSafety {
    /// The namespace of XInclude, which librsvg 2.54 acts on itself (`<xi:include href=…>` reads files).
    static let xincludeNamespace = "http://www.w3.org/2001/XInclude"
    /// The SVG namespace: its attributes are presentation attributes, parsed as CSS like unprefixed ones.
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// DTD, entities, processing instructions and node kinds, as libxml2 recorded them.
    static func checkDeclarations(_ tree: SVGTree) throws(Rejection) {
        if let doctype = tree.doctype {
            if doctype.hasDeclarations {
                throw fail("has a DOCTYPE with declarations (<!ENTITY …>); entities are not allowed in SVG assets, as they can read files or explode in size")
            }
            if let system = doctype.systemID, !system.hasPrefix("http://www.w3.org/") {
                throw fail("refers to the external DTD '\(String(system.prefix(80)))'")
            }
            if doctype.hasExternalSubset {
                throw fail("has an external DTD subset; entities are not allowed in SVG assets")
            }
        }
        if let name = tree.entityReferences.first {
            throw fail("uses the undeclared entity &\(String(name.prefix(40)));; entities are not allowed in SVG assets")
        }
        if tree.processingInstructions.contains(where: { $0.lowercased() == "xml-stylesheet" }) {
            throw fail("an <?xml-stylesheet?> instruction loads an external stylesheet")
        }
        if let node = tree.unexpectedNodes.first {
            throw fail("contains \(node), which SVG assets do not use")
        }
    }

    /// Element count, nesting depth and text.
    static func checkSize(_ tree: SVGTree) throws(Rejection) {
        if tree.elements.count > maximumElements {
            throw fail("more than \(maximumElements) elements")
        }
        if tree.elements.contains(where: { $0.depth > maximumDepth }) {
            throw fail("elements nest deeper than \(maximumDepth) levels")
        }
        if tree.textBytes > maximumTextBytes {
            throw fail("more than \(maximumTextBytes) bytes of text; convert text to paths")
        }
        // librsvg lays out one <text> chunk in time that grows with the square of its
        // length (5,000 characters took 0.9 s, 2,000 took 0.12 s): bound each one.
        for (position, element) in tree.elements.enumerated() where element.key == "text" {
            var bytes = 0
            var pending = [position]
            while let next = pending.popLast() {
                bytes += tree.elements[next].textBytes
                pending += tree.elements[next].children
            }
            if bytes > maximumTextElementBytes {
                throw fail("a <text> element holds \(bytes) bytes of text, more than \(maximumTextElementBytes); split it or convert it to paths")
            }
        }
    }

    /// XInclude, hrefs and CSS in every attribute of one element.
    static func checkReferences(_ element: SVGTree.Element) throws(Rejection) {
        let tag = String(element.name.prefix(40))
        let namespaces = [element.namespace].compactMap { $0 } + element.declaredNamespaces + element.attributes.compactMap(\.namespace)
        if let include = namespaces.first(where: { $0.xmlTrimmed.lowercased().contains("xinclude") }) {
            throw fail("uses XInclude (<\(tag)> in the namespace '\(String(include.prefix(80)))'), which could read other files")
        }
        for attribute in element.attributes {
            let name = attribute.name.lowercased()
            let label = String(attribute.name.prefix(40))
            let written = attribute.namespace == "http://www.w3.org/1999/xlink" ? "xlink:" + label : label
            if name == "href" {
                let target = attribute.value.xmlTrimmed
                guard target.hasPrefix("#") else {
                    if target.lowercased().hasPrefix("data:") {
                        throw fail("<\(tag)> \(written) embeds a data: URL; embedded images are not allowed in SVG assets (draw the picture as a PNG image element instead)")
                    }
                    throw fail("<\(tag)> \(written) refers to '\(String(target.prefix(80)))' outside the document; an SVG asset must be self-contained (only '#id' references)")
                }
            }
            let parsedAsCSS = attribute.namespace == nil || attribute.namespace == svgNamespace
            if name == "style" {
                try checkCSS(attribute.value, in: "the style attribute of <\(tag)>")
            } else if parsedAsCSS, attribute.value.contains("\\") {
                // librsvg parses presentation attributes with a CSS tokenizer, which decodes escapes: u\72l( is url(.
                try checkCSS(attribute.value, in: "the \(written) attribute of <\(tag)>")
            } else if attribute.value.lowercased().contains("url(") {
                try checkCSS(attribute.value, in: "the \(written) attribute of <\(tag)>")
            }
        }
    }

    /// Filter primitives whose cost has no bound of its own, or that crash librsvg 2.54.
    /// Every attribute with the parameter's local name counts, in any namespace.
    static func checkFilterPrimitive(_ element: SVGTree.Element) throws(Rejection) {
        switch element.key {
        case "femorphology":
            throw fail("uses <feMorphology>, whose cost grows with the square of its radius; draw the outline as a stroke or path")
        case "feturbulence":
            for value in element.values("numoctaves") {
                guard let octaves = numbers(value)?.first, octaves <= Double(maximumTurbulenceOctaves) else {
                    throw fail("<feTurbulence> numOctaves \(numbers(value)?.first.map { "\($0)" } ?? "'\(String(value.prefix(40)))'") is more than \(maximumTurbulenceOctaves)")
                }
            }
        case "feconvolvematrix":
            let orders = element.values("order")
            let kernels = element.values("kernelmatrix")
            for order in orders.isEmpty ? ["3"] : orders {
                let parsed = numbers(order) ?? []
                let (columns, rows) = (parsed.first ?? 0, parsed.count > 1 ? parsed[1] : parsed.first ?? 0)
                let range = 1.0...Double(maximumConvolveOrder)
                guard parsed.count <= 2, range.contains(columns), range.contains(rows), columns.rounded() == columns, rows.rounded() == rows else {
                    throw fail("<feConvolveMatrix> order must be whole numbers from 1 to \(maximumConvolveOrder)")
                }
                let count = Int(columns * rows)
                guard !kernels.isEmpty, kernels.allSatisfy({ numbers($0)?.count == count }) else {
                    throw fail("<feConvolveMatrix> kernelMatrix must have \(count) numbers for order \(Int(columns))x\(Int(rows))")
                }
            }
        default:
            break
        }
    }

    /// A number list as SVG writes it (spaces or commas); nil if any item is not a number.
    static func numbers(_ value: String) -> [Double]? {
        var result: [Double] = []
        for item in value.split(whereSeparator: { " ,\t\n\r".contains($0) }) {
            guard let number = Double(item), number.isFinite else { return nil }
            result.append(number)
        }
        return result
    }
}

extension String {
    /// Without XML white space at either end.
    var xmlTrimmed: String {
        let space: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, space.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, space.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
