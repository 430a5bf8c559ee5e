extension Theme {
    /// Whether any element of the format drawn, inside groups and stacks too, is a `qr` code:
    /// a theme whose posters carry a link, which should be an https link that WeChat and
    /// phone cameras open.
    public var drawsQRCodes: Bool { Self.firstQR(in: elements) != nil }

    /// The first `qr` element in drawing order, looking inside groups and stacks.
    static func firstQR(in nodes: [ElementNode]) -> ElementNode? {
        for node in nodes {
            switch node.element {
            case is QRElement: return node
            case let stack as StackElement: if let found = firstQR(in: stack.children) { return found }
            case let group as GroupElement: if let found = firstQR(in: group.children) { return found }
            default: break
            }
        }
        return nil
    }
}
