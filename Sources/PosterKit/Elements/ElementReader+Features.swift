/// How a text sets its digits (`numeric`).
enum NumericStyle: String, CaseIterable {
    /// The font's own figures (proportional in the pinned fonts).
    case proportional
    /// Every digit one width (`tnum`), so numbers line up in columns.
    case tabular
}

extension ElementReader {
    /// The most OpenType features one text may ask for.
    static let maximumFeatures = 16

    /// A text's OpenType features: `numeric: "tabular"` adds `tnum`, and `features`
    /// lists tags such as `"tnum"`, `"zero"` or `"-liga"` (a leading `-` turns one off).
    func fontFeatures() -> [String] {
        var features: [String] = []
        if choice("numeric", default: NumericStyle.proportional) == .tabular { features.append("tnum") }
        guard let tags = object.stringArray("features") else { return features }
        if tags.count > Self.maximumFeatures {
            report("at most \(Self.maximumFeatures) features, found \(tags.count)", for: "features")
            return features
        }
        for (index, tag) in tags.enumerated() {
            guard Self.isFeatureTag(tag) else {
                object.diagnostics.error(
                    "\(JSONNode.quote(tag, limit: 20)) is not an OpenType feature tag; expected four letters or digits such as \"tnum\", or \"-liga\" to turn one off",
                    path: object.path(for: "features").appending(index), location: object.node(for: "features")?[index]?.location)
                continue
            }
            if !features.contains(tag) { features.append(tag) }
        }
        return features
    }

    /// A tag of four ASCII letters, digits or spaces (as OpenType registers them), optionally after `-`.
    static func isFeatureTag(_ tag: String) -> Bool {
        let body = tag.hasPrefix("-") ? tag.dropFirst() : Substring(tag)
        return body.count == 4 && body.first != " "
            && body.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " ") }
    }
}
