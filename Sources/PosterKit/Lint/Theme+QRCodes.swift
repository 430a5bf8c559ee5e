extension Theme {
    /// Whether any element, inside groups and stacks too, is a `qr` code: a theme whose posters
    /// carry a link, which should be an https link that WeChat and phone cameras open.
    public var drawsQRCodes: Bool { Self.containsQR(elements) }

    private static func containsQR(_ nodes: [ElementNode]) -> Bool {
        nodes.contains { node in
            switch node.element {
            case is QRElement: true
            case let stack as StackElement: containsQR(stack.children)
            case let group as GroupElement: containsQR(group.children)
            default: false
            }
        }
    }
}
