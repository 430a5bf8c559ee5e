import NMTIDomain
import ThemeFormat

extension Theme {
    /// Each element with a `when` that none of `samples` draws (for none of them do its
    /// condition and every enclosing stack's or group's hold), as a warning line naming the
    /// file, line and JSON path: the fit and contrast lints never saw what it shows.
    /// Stacks and groups are followed; a custom element's own children are not.
    public func undrawnConditions(over samples: [ThemeSample]) -> [String] {
        let bindings = samples.map { bind(ResolvedResult($0.result)) }
        var lines: [String] = []
        func visit(_ nodes: [ElementNode], drawnBy parents: [Int]) {
            for node in nodes {
                var drawnBy = parents
                if let when = node.when {
                    drawnBy = parents.filter { when.evaluate(bindings[$0]) }
                    // Under a container that is never drawn, only the container is reported.
                    if drawnBy.isEmpty, !parents.isEmpty {
                        lines.append(Diagnostic(
                            file: file.path, path: node.path.appending("when"), location: node.location,
                            message: "holds for none of the \(samples.count) linted results, so the lints never drew this element: its fit and contrast are unchecked",
                            severity: .warning).description)
                    }
                }
                switch node.element {
                case let stack as StackElement: visit(stack.children, drawnBy: drawnBy)
                case let group as GroupElement: visit(group.children, drawnBy: drawnBy)
                default: break
                }
            }
        }
        visit(elements, drawnBy: Array(bindings.indices))
        return lines
    }
}
