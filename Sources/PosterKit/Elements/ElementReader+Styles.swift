import PosterGraphics

extension ElementReader {
    /// A fill: a colour string, or `{ type: "linear", angle, stops }` /
    /// `{ type: "radial", center: [x, y], radius, stops }`.
    public func paint(_ key: String) -> PaintValue? {
        guard let node = object.node(for: key) else { return nil }
        if node.stringValue != nil { return color(node: node, key: key).map(PaintValue.color) }
        guard let gradient = nested(key) else { return nil }
        defer { gradient.finish() }
        enum Kind: String, CaseIterable { case linear, radial }
        let kind: Kind = gradient.choice("type", default: .linear)
        if let type = gradient.object.node(for: "type"), !type.isNull, type.stringValue.flatMap(Kind.init(rawValue:)) == nil {
            // The unknown type is the problem (reported with a did-you-mean); what its other
            // keys should be cannot be known, so they are neither checked nor called unknown.
            for key in gradient.object.keys { _ = gradient.object.node(for: key) }
            return nil
        }
        let stops = gradient.stops("stops")
        switch kind {
        case .linear:
            return .linear(angle: gradient.number("angle", default: 180, range: -360...360), stops: stops)
        case .radial:
            let center = gradient.object.numberArray("center", count: 2) ?? [0.5, 0.5]
            return .radial(centerX: center[0], centerY: center[1],
                           radius: gradient.number("radius", default: 0.5, range: 0...4), stops: stops)
        }
    }

    /// Gradient stops: colours spread evenly, or `{ color, at }` objects.
    func stops(_ key: String) -> [ColorStop] {
        guard let nodes = object.array(key) else {
            report("a gradient needs 'stops': at least two colours", for: key)
            return []
        }
        guard nodes.count >= 2, nodes.count <= 16 else {
            report("expected 2 to 16 gradient stops, found \(nodes.count)", for: key)
            return []
        }
        var stops: [ColorStop] = []
        for (index, node) in nodes.enumerated() {
            let evenly = Double(index) / Double(nodes.count - 1)
            if node.stringValue != nil {
                if let color = color(node: node, key: key) { stops.append(ColorStop(color: color, offset: evenly)) }
            } else {
                let stop = ElementReader(
                    object: ObjectReader(node, path: object.path(for: key).appending(index), diagnostics: object.diagnostics),
                    context: context)
                if let color = stop.color("color", default: nil) {
                    stops.append(ColorStop(color: color, offset: stop.number("at", default: evenly, range: 0...1)))
                } else {
                    stop.report("a gradient stop needs a 'color'")
                }
                stop.finish()
            }
        }
        return stops
    }

    /// An outline: `{ color, width, dash: [on, off] }`.
    public func stroke(_ key: String) -> StrokeValue? {
        guard let reader = nested(key) else { return nil }
        defer { reader.finish() }
        var dash = reader.object.numberArray("dash") ?? []
        // Cairo refuses a pattern with a negative, non-finite or only zero lengths, and
        // every render would fail; an empty list means a solid line.
        if let problem = StrokeValue.dashProblem(dash) {
            reader.report(problem, for: "dash")
            dash = []
        }
        return StrokeValue(
            color: reader.color("color", default: .black) ?? .literal(.black),
            width: reader.number("width", default: 1, range: 0...100), dash: dash)
    }

    /// A drop shadow: `{ color, x, y, blur }`.
    public func shadow(_ key: String) -> ShadowValue? {
        guard let reader = nested(key) else { return nil }
        defer { reader.finish() }
        return ShadowValue(
            color: reader.color("color", default: Color(red: 0, green: 0, blue: 0, alpha: 0.25)) ?? .literal(.black),
            x: reader.number("x", default: 0, range: -200...200), y: reader.number("y", default: 4, range: -200...200),
            blur: reader.number("blur", default: 8, range: 0...100))
    }
}
