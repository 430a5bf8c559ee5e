import PosterGraphics

/// Everything an element needs while laying out one poster: the bound values,
/// the text shaper, the theme's assets, and a place to report fit problems.
public final class LayoutContext {
    /// The placeholder values for this result.
    public let values: BindingValues
    /// The shaper for this thread.
    package let shaper: TextShaper
    /// The theme being rendered.
    public let theme: Theme
    /// What did not fit, collected for the fit report.
    public private(set) var notes: [FitNote] = []
    /// The node being laid out, for labelling notes.
    private var currentLabels: [String] = []
    /// The JSON path of the node being laid out (a label may be an `id`).
    private var currentPaths: [String] = []
    /// For each node being laid out, whether it laid out a child (a container's
    /// texts are its children's, judged there: the safe-area lint looks at leaves only).
    private var laidOutChild: [Bool] = []
    /// The element and weight of each laid-out text, for the contrast lint (the
    /// first element, when two lay out the very same text). Made when asked for:
    /// hashing every text's glyphs is work a plain render does not need.
    var textRecords: [LaidOutText: TextRecord] {
        var records: [LaidOutText: TextRecord] = [:]
        for (text, record) in laidOutTexts where records[text] == nil { records[text] = record }
        return records
    }
    /// Each laid-out text with its element and weight, in layout order.
    private var laidOutTexts: [(LaidOutText, TextRecord)] = []
    /// Every element laid out, in theme order (a container before its children),
    /// when a layout dump was asked for; nil otherwise, so a render records nothing.
    package var laidOutElements: [LaidOutElement]?
    /// How each `qr` element's code fitted its box, when the QR box lint asks (nil
    /// otherwise). While recording, a code that does not fit is recorded and left
    /// out instead of failing the layout, so that every box is judged.
    package var qrFits: [QRFit]?

    init(values: BindingValues, shaper: TextShaper, theme: Theme) {
        self.values = values
        self.shaper = shaper
        self.theme = theme
    }

    /// The colour of a theme colour value for this result.
    public func color(_ value: ColorValue) -> Color {
        value.resolve(values) ?? .clear
    }

    /// The theme asset an asset path template resolves to for this result, as the
    /// display list refers to it: its path and natural size.
    public func asset(_ template: Template) throws(RenderError) -> ImageReference {
        let path = template.render(values)
        guard let asset = theme.asset(path) else {
            throw RenderError(.theme, "\(theme.file.path): asset '\(path)' was not loaded with the theme")
        }
        return ImageReference(id: path, intrinsicSize: asset.intrinsicSize)
    }

    /// Shapes and fits `text` into a box `width` wide (nil: no wrapping) and at most
    /// `maxHeight` tall, as the `text` element does: shrinking toward the style's
    /// minimum size, then cutting as its `overflow` says. `measuringInk` also measures
    /// the ink bounds, which a text drawn with a shadow needs (`LaidOutText.inkBounds`).
    public func layOut(
        _ text: String, style: TextStyle, width: Double?, maxHeight: Double? = nil, measuringInk: Bool = false
    ) -> LaidOutText {
        let laidOut = shaper.layOut(text, style: style, width: width, maxHeight: maxHeight, measuringInk: measuringInk)
        laidOutTexts.append((laidOut, TextRecord(element: currentLabel, weight: style.weight)))
        return laidOut
    }

    /// The id or JSON path of the element being laid out, for error messages.
    public var currentLabel: String { currentLabels.last ?? "$" }

    /// The JSON path of the element being laid out in the theme file.
    package var currentPath: String { currentPaths.last ?? "$" }

    /// Records a fit problem for the element being laid out.
    public func note(_ kind: FitNote.Kind, element: String? = nil, text: String? = nil, detail: String) {
        notes.append(FitNote(element: element ?? currentLabels.last ?? "$", kind: kind, text: text, detail: detail))
    }

    /// Lays out a node in its parent's frame; nil when its condition hides it.
    /// `flowY` places it in a stack: its `y` then adds space before it.
    public func layout(_ node: ElementNode, parentOrigin: Point, parentWidth: Double, flowY: Double? = nil)
        throws(RenderError) -> ElementLayout?
    {
        if let when = node.when, !when.evaluate(values) { return nil }
        currentLabels.append(node.label)
        currentPaths.append(node.path.description)
        if !laidOutChild.isEmpty { laidOutChild[laidOutChild.count - 1] = true }
        laidOutChild.append(false)
        defer {
            currentLabels.removeLast()
            currentPaths.removeLast()
            laidOutChild.removeLast()
        }
        let frame = node.frame(for: values)
        let origin = Point(x: parentOrigin.x + frame.x, y: (flowY ?? parentOrigin.y) + frame.y)
        let width = frame.width ?? max(0, parentWidth - frame.x)
        let index = laidOutElements?.count
        laidOutElements?.append(LaidOutElement(label: node.label, type: node.typeName, depth: currentLabels.count - 1, items: []))
        var layout = try node.element.layout(in: LayoutSlot(origin: origin, width: width, height: frame.height), context: self)
        var rotation: Rotation?
        if let degrees = node.degrees(for: values) {
            let box = Rect(x: origin.x, y: origin.y, width: layout.size.width, height: layout.size.height)
            rotation = Rotation(degrees: degrees, center: Point(x: box.x + box.width * node.origin.x, y: box.y + box.height * node.origin.y))
        }
        if rotation != nil || node.blend != .normal {
            // The element's items turn and blend as one picture; its place in the flow is unchanged.
            // A group's own layer takes them, so its clip also bounds the blend's scratch surface.
            if layout.items.count == 1, case .group(let children, let opacity, let clip, let tint, nil, .normal) = layout.items[0] {
                layout.items = [.group(children, opacity: opacity, clip: clip, tint: tint, rotation: rotation, blend: node.blend)]
            } else {
                layout.items = [.group(layout.items, opacity: 1, clip: nil, tint: nil, rotation: rotation, blend: node.blend)]
            }
        }
        if let index {
            laidOutElements?[index].items = layout.items
            laidOutElements?[index].rotation = rotation
            if let rotation, var recorded = laidOutElements {
                // Its descendants were recorded unturned: the dump reports where they are drawn.
                for descendant in (index + 1)..<recorded.count {
                    recorded[descendant].items = [.group(recorded[descendant].items, opacity: 1, clip: nil, rotation: rotation)]
                }
                laidOutElements = recorded
            }
        }
        if laidOutChild.last == false { checkSafeArea(layout.items) }
        return layout
    }

    /// Runs `body` to measure, then forgets the notes, texts, dumped elements and QR
    /// fits it recorded: a row lays its children out once to learn their sizes and
    /// again where they go, and only the second counts.
    func measuring<Value>(_ body: () throws(RenderError) -> Value) throws(RenderError) -> Value {
        let noteCount = notes.count, textCount = laidOutTexts.count
        let elementCount = laidOutElements?.count, fitCount = qrFits?.count
        defer {
            notes.removeSubrange(noteCount...)
            laidOutTexts.removeSubrange(textCount...)
            if let elementCount { laidOutElements?.removeSubrange(elementCount...) }
            if let fitCount { qrFits?.removeSubrange(fitCount...) }
        }
        return try body()
    }
}

/// Which element laid out a text, and in what weight.
struct TextRecord: Sendable, Hashable {
    let element: String
    let weight: Int
}

/// One element as layout placed it: its label, type and the items it draws.
package struct LaidOutElement: Sendable {
    package let label: String
    package let type: String
    /// How many containers it is inside (0 for a top-level element).
    package let depth: Int
    package var items: [DisplayItem]
    /// The element's own `rotate`, about its absolute centre of rotation.
    package var rotation: Rotation?
}
