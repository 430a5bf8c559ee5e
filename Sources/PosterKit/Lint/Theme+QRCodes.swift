extension Theme {
    /// Whether any element of the format drawn, inside groups, stacks and rows too, is a `qr` code:
    /// a theme whose posters carry a link, which should be an https link that WeChat and
    /// phone cameras open.
    public var drawsQRCodes: Bool { Self.firstQR(in: elements) != nil }

    /// The first `qr` element in drawing order, looking inside containers.
    static func firstQR(in nodes: [ElementNode]) -> ElementNode? {
        for node in nodes {
            if node.element is QRElement { return node }
            if let container = node.element as? any ContainerElement, let found = firstQR(in: container.childNodes) {
                return found
            }
        }
        return nil
    }

    /// Whether `element` is a `qr` code or holds one.
    static func holdsQR(_ element: any PosterElement) -> Bool {
        if element is QRElement { return true }
        guard let container = element as? any ContainerElement else { return false }
        return firstQR(in: container.childNodes) != nil
    }
}

/// An element type that lays out child elements (stack, group, row), for walks over a theme.
protocol ContainerElement {
    /// The children as the theme lists them.
    var childNodes: [ElementNode] { get }
}

extension StackElement: ContainerElement {
    var childNodes: [ElementNode] { children }
}

extension GroupElement: ContainerElement {
    var childNodes: [ElementNode] { children }
}

extension RowElement: ContainerElement {
    var childNodes: [ElementNode] { children }
}
