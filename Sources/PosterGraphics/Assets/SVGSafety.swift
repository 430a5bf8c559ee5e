import Foundation

/// Checks an SVG document before librsvg sees it, so that a theme's SVG asset
/// can neither read nor fetch anything outside itself and cannot make parsing
/// or drawing explode in time or memory.
///
/// librsvg is given no base file, so it already refuses relative, `file:` and
/// `http:` references; but it silently draws nothing for them, it does decode
/// `data:` images (through gdk-pixbuf, with no size limit of ours), and
/// libxml2 expands internal entities. Rejecting all of these at load turns
/// them into clear validation errors. The rules (see docs/limits.md):
///
/// - every `href` (`xlink:href`, `<use>`, `<image>`, `<feImage>`, `<a>`…) is a
///   same-document `#id` reference;
/// - every CSS `url(…)`, in attributes, `style` or `<style>`, is `#id` too;
///   no `@import`, no CSS escapes, no `<?xml-stylesheet?>`;
/// - no XInclude, no entity declarations, no external DTD other than the
///   W3C SVG ones (which are never loaded);
/// - at most `maximumElements` elements, nested at most `maximumDepth` deep,
///   expanding through `<use>` to at most `maximumInstances` elements;
/// - at most `maximumTextBytes` of character data (text is shaped at draw time);
/// - at most `maximumFilteredInstances` filtered elements, no `<feMorphology>`,
///   bounded `<feTurbulence>` octaves and `<feConvolveMatrix>` kernels.
public enum SVGSafety {
    /// The most elements an SVG asset may contain.
    public static let maximumElements = 20_000
    /// The deepest element nesting.
    public static let maximumDepth = 128
    /// The most elements an SVG may draw once every `<use>` is expanded.
    public static let maximumInstances = 100_000
    /// The most bytes of character data (text content outside `<style>`).
    public static let maximumTextBytes = 65_536
    /// The most filtered elements once every `<use>` is expanded: each filter is a pass over its region.
    public static let maximumFilteredInstances = 64
    /// The largest `numOctaves` of `<feTurbulence>` (its cost grows with each octave).
    public static let maximumTurbulenceOctaves = 10
    /// The largest `order` of `<feConvolveMatrix>` (librsvg 2.54 aborts the process on large kernels).
    public static let maximumConvolveOrder = 5

    /// Why a document was refused.
    public struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Throws a `Rejection` naming the first unsafe construct.
    public static func check(_ data: [UInt8]) throws(Rejection) {
        var scanner = Scanner(bytes: data)
        try scanner.run()
    }

    private struct Element {
        var id: String?
        var useTarget: String?
        var filtered = false
        var children: [Int] = []
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var elements: [Element] = []
        var stack: [Int] = []
        var roots: [Int] = []
        var textBytes = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ reason: String) -> Rejection { Rejection(reason: reason) }

        mutating func run() throws(Rejection) {
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    if !stack.isEmpty { try countText(start..<index) }
                    continue
                }
                if has("<!--") {
                    index = end(of: "-->", from: index + 4)
                } else if has("<![CDATA[") {
                    let start = index + 9
                    index = end(of: "]]>", from: start)
                    if !stack.isEmpty { try countText(start..<max(start, index - 3)) }
                } else if has("<?") {
                    let start = index + 2
                    index = end(of: "?>", from: start)
                    let target = text(start..<min(index, start + 32)).lowercased()
                    if target.hasPrefix("xml-stylesheet") {
                        throw fail("an <?xml-stylesheet?> instruction loads an external stylesheet")
                    }
                } else if has("<!") {
                    try declaration()
                } else if has("</") {
                    index = end(of: ">", from: index + 2)
                    if !stack.isEmpty { stack.removeLast() }
                } else {
                    try startTag()
                }
            }
            try checkInstances()
        }

        func has(_ literal: String) -> Bool {
            let utf8 = Array(literal.utf8)
            guard index + utf8.count <= bytes.count else { return false }
            for (offset, byte) in utf8.enumerated() where bytes[index + offset] != byte { return false }
            return true
        }

        /// The index just past the next `literal` at or after `start`, or the end of the data.
        func end(of literal: String, from start: Int) -> Int {
            let utf8 = Array(literal.utf8)
            var position = start
            while position + utf8.count <= bytes.count {
                if bytes[position] == utf8[0] {
                    var matches = true
                    for offset in 1..<utf8.count where bytes[position + offset] != utf8[offset] {
                        matches = false
                        break
                    }
                    if matches { return position + utf8.count }
                }
                position += 1
            }
            return bytes.count
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
        }

        mutating func countText(_ range: Range<Int>) throws(Rejection) {
            for position in range where !isSpace(bytes[position]) { textBytes += 1 }
            if textBytes > SVGSafety.maximumTextBytes {
                throw fail("more than \(SVGSafety.maximumTextBytes) bytes of text; convert text to paths")
            }
        }

        /// `<!DOCTYPE …>`: no internal subset (entities), no external DTD but the W3C SVG ones.
        mutating func declaration() throws(Rejection) {
            let start = index
            var position = index + 2
            var bracket = 0
            var quote: UInt8?
            while position < bytes.count {
                let byte = bytes[position]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    bracket += 1
                } else if byte == UInt8(ascii: "]") {
                    bracket -= 1
                } else if byte == UInt8(ascii: ">"), bracket <= 0 {
                    break
                }
                position += 1
            }
            index = min(bytes.count, position + 1)
            let body = text(start..<index)
            if body.uppercased().contains("<!ENTITY") || body.contains("[") {
                throw fail("has a DOCTYPE with declarations (<!ENTITY …>); entities are not allowed in SVG assets, as they can read files or explode in size")
            }
            let upper = body.uppercased()
            if upper.contains("SYSTEM") || upper.contains("PUBLIC") {
                // Public identifiers ("-//W3C//DTD SVG 1.1//EN") name a DTD; system identifiers locate one.
                for literal in quotedLiterals(body)
                where literal.contains("/") && !literal.hasPrefix("-//") && !literal.hasPrefix("+//") && !literal.hasPrefix("http://www.w3.org/") {
                    throw fail("refers to the external DTD '\(literal)'")
                }
            }
        }

        func quotedLiterals(_ text: String) -> [String] {
            var literals: [String] = []
            var current: String?
            var quote: Character = "\""
            for character in text {
                if current != nil {
                    if character == quote {
                        literals.append(current!)
                        current = nil
                    } else {
                        current!.append(character)
                    }
                } else if character == "\"" || character == "'" {
                    quote = character
                    current = ""
                }
            }
            return literals
        }

        mutating func startTag() throws(Rejection) {
            index += 1
            let name = readName()
            guard !name.isEmpty else { return }  // a stray '<': libxml2 reports it
            var element = Element()
            var selfClosing = false
            var attributes: [String: String] = [:]
            while index < bytes.count {
                skipSpace()
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if bytes[index] == UInt8(ascii: "/") {
                    selfClosing = true
                    index += 1
                    continue
                }
                let attribute = readName()
                guard !attribute.isEmpty else {
                    index += 1
                    continue
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                skipSpace()
                let value = decodeReferences(readValue())
                try checkAttribute(attribute, value: value, element: name)
                let local = localName(attribute)
                if attribute == "id" { element.id = value }
                if local == "href", localName(name) == "use" { element.useTarget = String(value.trimmed.dropFirst()) }
                attributes[local] = value
            }
            try checkFilterPrimitive(localName(name), attributes)
            if let filter = attributes["filter"], !["", "none"].contains(filter.trimmed.lowercased()) { element.filtered = true }
            if let style = attributes["style"]?.lowercased(), style.contains("filter"), style.contains("url(") { element.filtered = true }
            elements.append(element)
            let position = elements.count - 1
            if let parent = stack.last { elements[parent].children.append(position) } else { roots.append(position) }
            if elements.count > SVGSafety.maximumElements {
                throw fail("more than \(SVGSafety.maximumElements) elements")
            }
            guard !selfClosing else { return }
            stack.append(position)
            if stack.count > SVGSafety.maximumDepth {
                throw fail("elements nest deeper than \(SVGSafety.maximumDepth) levels")
            }
            if localName(name) == "style" {
                let start = index
                let close = end(of: "</", from: index)
                index = max(start, close - 2)
                try checkCSS(text(start..<index).replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: ""), in: "<style>")
            }
        }

        /// Filter primitives whose cost has no bound of its own, or that crash librsvg 2.54.
        func checkFilterPrimitive(_ name: String, _ attributes: [String: String]) throws(Rejection) {
            func numbers(_ key: String) -> [Double]? {
                attributes[key].map { $0.split(whereSeparator: { " ,\t\n\r".contains($0) }).compactMap { Double($0) } }
            }
            switch name {
            case "femorphology":
                throw fail("uses <feMorphology>, whose cost grows with the square of its radius; draw the outline as a stroke or path")
            case "feturbulence":
                if let octaves = numbers("numoctaves")?.first, !(octaves <= Double(SVGSafety.maximumTurbulenceOctaves)) {
                    throw fail("<feTurbulence> numOctaves \(octaves) is more than \(SVGSafety.maximumTurbulenceOctaves)")
                }
            case "feconvolvematrix":
                let order = numbers("order") ?? [3]
                let (columns, rows) = (order.first ?? 3, order.count > 1 ? order[1] : order.first ?? 3)
                let range = 1.0...Double(SVGSafety.maximumConvolveOrder)
                guard range.contains(columns), range.contains(rows), columns.rounded() == columns, rows.rounded() == rows else {
                    throw fail("<feConvolveMatrix> order must be whole numbers from 1 to \(SVGSafety.maximumConvolveOrder)")
                }
                guard numbers("kernelmatrix")?.count == Int(columns * rows) else {
                    throw fail("<feConvolveMatrix> kernelMatrix must have \(Int(columns * rows)) numbers for order \(Int(columns))x\(Int(rows))")
                }
            default:
                break
            }
        }

        mutating func readName() -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") { break }
                index += 1
            }
            return text(start..<index)
        }

        mutating func readValue() -> String {
            guard index < bytes.count else { return "" }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                let start = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                return text(start..<index)
            }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            let value = text(start..<index)
            index = min(bytes.count, index + 1)
            return value
        }

        mutating func skipSpace() {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        }

        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        func localName(_ name: String) -> String {
            name.split(separator: ":").last.map { String($0).lowercased() } ?? name.lowercased()
        }

        func checkAttribute(_ name: String, value: String, element: String) throws(Rejection) {
            if value.trimmed == "http://www.w3.org/2001/XInclude" {
                throw fail("uses XInclude (<\(element) \(name)=\"\(value)\">), which could read other files")
            }
            if localName(name) == "href" {
                let target = value.trimmed
                guard target.hasPrefix("#") else {
                    if target.lowercased().hasPrefix("data:") {
                        throw fail("<\(element)> \(name) embeds a data: URL; embedded images are not allowed in SVG assets (draw the picture as a PNG image element instead)")
                    }
                    throw fail("<\(element)> \(name) refers to '\(String(target.prefix(80)))' outside the document; an SVG asset must be self-contained (only '#id' references)")
                }
            }
            if name.lowercased() == "style" {
                try checkCSS(value, in: "the style attribute of <\(element)>")
            } else if value.lowercased().contains("url(") {
                try checkCSS(value, in: "the \(name) attribute of <\(element)>")
            }
        }

        func checkCSS(_ css: String, in place: String) throws(Rejection) {
            let lower = css.lowercased()
            if lower.contains("\\") {
                throw fail("\(place) uses CSS escapes, which are not allowed in SVG assets")
            }
            if lower.contains("@import") {
                throw fail("\(place) uses @import, which loads an external stylesheet")
            }
            var rest = Substring(lower)
            while let range = rest.range(of: "url(") {
                let after = rest[range.upperBound...]
                let argument = after.prefix { $0 != ")" }
                let target = argument.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"'")))
                guard target.hasPrefix("#") else {
                    throw fail("\(place) refers to url(\(String(target.prefix(80)))) outside the document; an SVG asset must be self-contained (only url(#id))")
                }
                rest = after.dropFirst(argument.count)
            }
        }

        func decodeReferences(_ value: String) -> String {
            guard value.contains("&") else { return value }
            var out = ""
            var rest = Substring(value)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                let after = rest[rest.index(after: amp)...]
                guard let semicolon = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semicolon) <= 10 else {
                    out += "&"
                    rest = after
                    continue
                }
                let entity = String(after[..<semicolon])
                var scalar: Unicode.Scalar?
                switch entity {
                case "amp": scalar = "&"
                case "lt": scalar = "<"
                case "gt": scalar = ">"
                case "quot": scalar = "\""
                case "apos": scalar = "'"
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                        scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if entity.hasPrefix("#") {
                        scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                    }
                }
                if let scalar {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "&" + entity + ";"
                }
                rest = after[after.index(after: semicolon)...]
            }
            return out + rest
        }

        /// Counts the elements drawn once every `<use>` is expanded, memoised per element.
        func checkInstances() throws(Rejection) {
            var ids: [String: Int] = [:]
            for (position, element) in elements.enumerated() {
                if let id = element.id, ids[id] == nil { ids[id] = position }
            }
            var memo = [Int?](repeating: nil, count: elements.count)
            var filteredMemo = [Int](repeating: 0, count: elements.count)
            var visiting = [Bool](repeating: false, count: elements.count)
            let cap = SVGSafety.maximumInstances + 1
            // Iterative post-order walk, so that deep documents cannot overflow the stack.
            func count(_ root: Int) -> Int {
                var work: [(node: Int, expanded: Bool)] = [(root, false)]
                while let (node, expanded) = work.popLast() {
                    if memo[node] != nil || (visiting[node] && !expanded) { continue }
                    let element = elements[node]
                    let target = element.useTarget.flatMap { ids[$0] }
                    let dependencies = element.children + (target.map { [$0] } ?? [])
                    if !expanded {
                        visiting[node] = true
                        work.append((node, true))
                        for dependency in dependencies where memo[dependency] == nil && !visiting[dependency] {
                            work.append((dependency, false))
                        }
                    } else {
                        visiting[node] = false
                        var total = 1
                        var filtered = element.filtered ? 1 : 0
                        for dependency in dependencies {
                            total = min(cap, total + (memo[dependency] ?? 1))
                            filtered = min(cap, filtered + filteredMemo[dependency])
                        }
                        memo[node] = total
                        filteredMemo[node] = filtered
                    }
                }
                return memo[root] ?? 1
            }
            var total = 0
            var filtered = 0
            for root in roots {
                total = min(cap, total + count(root))
                filtered = min(cap, filtered + filteredMemo[root])
            }
            if total > SVGSafety.maximumInstances {
                throw fail("<use> references expand to more than \(SVGSafety.maximumInstances) elements")
            }
            if filtered > SVGSafety.maximumFilteredInstances {
                throw fail("more than \(SVGSafety.maximumFilteredInstances) filtered elements (counting <use> copies); each filter is a pass over its region")
            }
        }
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
