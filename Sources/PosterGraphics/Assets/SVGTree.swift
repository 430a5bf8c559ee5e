import Foundation
import CXml2

/// An SVG document as libxml2 parsed it, copied into Swift values.
///
/// librsvg 2.54 feeds the bytes it is given to libxml2, so building this from
/// libxml2's own parse (same byte-order mark and `encoding=` handling, same
/// entity and namespace resolution, text already decoded to UTF-8) leaves no
/// room for the checker and the renderer to read a document differently.
/// Nothing from libxml2 outlives `parse`: the tree is copied and freed there.
struct SVGTree {
    /// One attribute, in whatever namespace it was written.
    struct Attribute {
        /// The namespace URI, or nil for an unprefixed attribute.
        var namespace: String?
        /// The local name, as written.
        var name: String
        /// The value with character and predefined entity references resolved.
        var value: String
    }

    /// One element and where it sits.
    struct Element {
        /// The namespace URI, or nil.
        var namespace: String?
        /// The local name, as written.
        var name: String
        var attributes: [Attribute] = []
        /// Namespace URIs this element declares (`xmlns:…=`).
        var declaredNamespaces: [String] = []
        var parent: Int?
        var children: [Int] = []
        /// 1 for the root element.
        var depth: Int
        /// Non-blank bytes of the character data directly inside it.
        var textBytes = 0

        /// The local name, lower-cased: the rules match names in any case and any namespace.
        var key: String { name.lowercased() }

        /// Every value of attributes with this local name (any case, any namespace).
        func values(_ local: String) -> [String] {
            attributes.filter { $0.name.lowercased() == local }.map(\.value)
        }
    }

    /// The `<!DOCTYPE>`, if any.
    struct Doctype {
        var publicID: String?
        var systemID: String?
        /// Whether the internal subset declares anything (entities, elements, attribute defaults, notations).
        var hasDeclarations: Bool
        /// Whether libxml2 attached an external subset.
        var hasExternalSubset: Bool
    }

    var elements: [Element] = []
    /// Non-blank bytes of character data outside `<style>`.
    var textBytes = 0
    /// The CSS of each `<style>` element: its text and CDATA children, in order.
    var styleSheets: [(element: Int, css: String)] = []
    /// Processing-instruction targets (`<?xml-stylesheet …?>` gives "xml-stylesheet").
    var processingInstructions: [String] = []
    /// Entity references libxml2 left unresolved (an undeclared `&name;`).
    var entityReferences: [String] = []
    /// Nodes of kinds an SVG has no use for, by libxml2 type number.
    var unexpectedNodes: [String] = []
    var doctype: Doctype?
}

extension SVGTree {
    /// Why libxml2 could not parse a document.
    struct ParseFailure: Error {
        var reason: String
    }

    /// libxml2 is initialised once, before any thread parses (its global tables are not built lazily per thread).
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Options that never load anything: no network, no external DTD, no entity
    /// substitution, no XInclude, no size limits lifted (`XML_PARSE_HUGE` off);
    /// errors are collected in the context instead of printed on stderr.
    static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Parses `bytes` with libxml2 and copies the tree; a document that is not
    /// well-formed (including namespace well-formedness) fails.
    static func parse(_ bytes: [UInt8], elementLimit: Int) throws(ParseFailure) -> SVGTree {
        precondition(initialised)
        guard !bytes.isEmpty else { throw ParseFailure(reason: "the document is empty") }
        guard bytes.count <= Int(Int32.max) else { throw ParseFailure(reason: "document too large") }
        guard let context = xmlNewParserCtxt() else { throw ParseFailure(reason: "libxml2 could not allocate a parser") }
        defer { xmlFreeParserCtxt(context) }
        let parsed = bytes.withUnsafeBytes { buffer in
            xmlCtxtReadMemory(context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, nil, parseOptions)
        }
        guard let document = parsed else { throw ParseFailure(reason: lastError(context)) }
        defer { xmlFreeDoc(document) }
        guard context.pointee.wellFormed != 0 else { throw ParseFailure(reason: lastError(context)) }
        guard context.pointee.nsWellFormed != 0 else { throw ParseFailure(reason: "namespace error: " + lastError(context)) }
        var tree = SVGTree()
        tree.doctype = doctype(document)
        try tree.copy(from: document.pointee.children, elementLimit: elementLimit)
        return tree
    }

    private static func lastError(_ context: xmlParserCtxtPtr) -> String {
        let error = context.pointee.lastError
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
        var line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
        // libxml2's advice to the programmer, not to whoever made the asset.
        line = line.replacingOccurrences(of: " use XML_PARSE_HUGE option", with: "")
        return error.line > 0 ? "line \(error.line): \(line)" : line
    }

    private static func doctype(_ document: xmlDocPtr) -> Doctype? {
        guard let subset = document.pointee.intSubset else {
            return document.pointee.extSubset == nil ? nil : Doctype(publicID: nil, systemID: nil, hasDeclarations: false, hasExternalSubset: true)
        }
        let dtd = subset.pointee
        let declares = dtd.children != nil || dtd.entities != nil || dtd.pentities != nil
            || dtd.elements != nil || dtd.attributes != nil || dtd.notations != nil
        return Doctype(
            publicID: dtd.ExternalID.map(string), systemID: dtd.SystemID.map(string),
            hasDeclarations: declares, hasExternalSubset: document.pointee.extSubset != nil)
    }

    static func string(_ pointer: UnsafePointer<xmlChar>) -> String {
        String(cString: pointer)
    }

    /// Walks the nodes in document order without recursion (depth is checked later, on the copy).
    private mutating func copy(from first: xmlNodePtr?, elementLimit: Int) throws(ParseFailure) {
        var pending: [(node: xmlNodePtr?, parent: Int?, depth: Int)] = [(first, nil, 1)]
        while let (candidate, parent, depth) = pending.popLast() {
            guard let node = candidate else { continue }
            pending.append((node.pointee.next, parent, depth))
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let index = elements.count
                guard index < elementLimit else { return }  // the element rule reports it; stop copying
                elements.append(Self.element(node, parent: parent, depth: depth))
                if let parent { elements[parent].children.append(index) }
                if elements[index].key == "style" {
                    styleSheets.append((index, styleText(node.pointee.children)))
                } else {
                    pending.append((node.pointee.children, index, depth + 1))
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    let bytes = String(cString: content).utf8.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.count
                    textBytes += bytes
                    if let parent { elements[parent].textBytes += bytes }
                }
            case XML_PI_NODE:
                processingInstructions.append(node.pointee.name.map(Self.string) ?? "")
            case XML_ENTITY_REF_NODE:
                entityReferences.append(node.pointee.name.map(Self.string) ?? "")
            case XML_COMMENT_NODE, XML_DTD_NODE:
                break
            default:
                unexpectedNodes.append("node type \(node.pointee.type.rawValue)")
            }
        }
    }

    private static func element(_ node: xmlNodePtr, parent: Int?, depth: Int) -> Element {
        var element = Element(
            namespace: node.pointee.ns?.pointee.href.map(string), name: node.pointee.name.map(string) ?? "",
            parent: parent, depth: depth)
        var declared = node.pointee.nsDef
        while let namespace = declared {
            if let href = namespace.pointee.href { element.declaredNamespaces.append(string(href)) }
            declared = namespace.pointee.next
        }
        var property = node.pointee.properties
        while let attribute = property {
            element.attributes.append(Attribute(
                namespace: attribute.pointee.ns?.pointee.href.map(string), name: attribute.pointee.name.map(string) ?? "",
                value: value(of: attribute.pointee.children)))
            property = attribute.pointee.next
        }
        return element
    }

    /// An attribute's value: the concatenation of its text children. An entity
    /// reference child (never present without declarations) is kept as `&name;`,
    /// which the entity rule refuses anyway.
    private static func value(of first: xmlNodePtr?) -> String {
        var value = ""
        var child = first
        while let node = child {
            if node.pointee.type == XML_ENTITY_REF_NODE {
                value += "&" + (node.pointee.name.map(string) ?? "") + ";"
            } else if let content = node.pointee.content {
                value += String(cString: content)
            }
            child = node.pointee.next
        }
        return value
    }

    /// A `<style>` element's CSS as librsvg gathers it: text and CDATA chunks
    /// joined in order, comments skipped (so `fil<!-- -->ter` is `filter`).
    /// Anything else inside `<style>` is recorded as unexpected.
    private mutating func styleText(_ first: xmlNodePtr?) -> String {
        var css = ""
        var child = first
        while let node = child {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { css += String(cString: content) }
            case XML_COMMENT_NODE:
                break
            case XML_ENTITY_REF_NODE:
                entityReferences.append(node.pointee.name.map(Self.string) ?? "")
            default:
                unexpectedNodes.append("markup inside <style>")
            }
            child = node.pointee.next
        }
        return css
    }
}
