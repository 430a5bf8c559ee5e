import PosterGraphics

/// `qr`: a QR code of a bound string (this poster's link by default). Layout chooses
/// its error-correction level and a module size of whole device pixels for the scan:
/// the highest level, from `correction` up, whose modules are still 4 px, else the
/// level with the largest modules. The quiet zone is at least 4 modules.
public struct QRElement: PosterElement {
    public static let typeName = "qr"
    public static let propertyNames = ["data", "correction", "color", "background", "quietZone"]

    /// The widest quiet zone a theme may ask for, in modules.
    static let maximumQuietZone = 16

    let data: Template
    /// The lowest level layout may choose.
    let minimumCorrection: QRMatrix.Correction
    let color: ColorValue
    let background: ColorValue?
    let quietZone: Int

    public init(from reader: ElementReader) {
        data = reader.text("data", default: "{link}") ?? Template(placeholder: "link")
        // Placeholders vary per result (the link's nickname is bounded), but fixed text alone must fit.
        var fixedBytes = 0
        for case .literal(let text) in data.parts { fixedBytes += text.utf8.count }
        if fixedBytes > QRMatrix.maximumBytes {
            reader.report("QR data has \(fixedBytes) bytes of fixed text; a QR code holds at most \(QRMatrix.maximumBytes)", for: "data")
        } else if data.parts.contains(where: { if case .literal(let text) = $0 { text.contains("\0") } else { false } }) {
            reader.report("QR data contains a NUL character (\\u0000), which a QR code here cannot carry", for: "data")
        }
        minimumCorrection = reader.choice("correction", default: .low)
        color = reader.color("color", default: .black) ?? .literal(.black)
        background = reader.color("background", default: .white)
        let zone = reader.object.optionalInt("quietZone") ?? QRPlacement.minimumQuietZone
        if zone < QRPlacement.minimumQuietZone {
            reader.report(
                "a quiet zone of \(zone) modules is too narrow: scanners need at least \(QRPlacement.minimumQuietZone) blank modules around the code (remove quietZone, or write \(QRPlacement.minimumQuietZone) to \(Self.maximumQuietZone))",
                for: "quietZone")
        } else if zone > Self.maximumQuietZone {
            reader.report("a quiet zone of \(zone) modules is wider than the \(Self.maximumQuietZone) allowed", for: "quietZone")
        }
        quietZone = min(max(zone, QRPlacement.minimumQuietZone), Self.maximumQuietZone)
    }

    /// Whether the data holds a poster link, which the QR box lint judges the box against.
    var carriesLink: Bool { data.names.contains { $0 == "link" || $0 == "inviter.link" } }

    /// Whether the data holds text a user typed (a link carries the nickname).
    var carriesUserText: Bool { !BindingDescriptor.userTextNames.isDisjoint(with: data.names) }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        // The theme's own text was checked at load for every variant; a NUL can then
        // only come from the user's fields, and is left out (libqrencode reads C strings).
        let text = data.render(context.values).replacingOccurrences(of: "\0", with: "")
        guard !text.isEmpty else { return .empty }
        if let problem = Self.problem(with: text, fromUser: true) {
            throw RenderError(.graphics, "\(context.theme.file.path): \(context.currentLabel): \(problem)", causedByUserData: true)
        }
        let side = min(slot.width, slot.height ?? slot.width)
        let box = Rect(x: slot.origin.x, y: slot.origin.y, width: side, height: side)
        let fitting: QRFitting
        do {
            fitting = try QRPlacement.fitting(text, in: box, minimumCorrection: minimumCorrection, quietZone: quietZone)
        } catch {
            throw RenderError(.graphics, "\(context.theme.file.path): \(context.currentLabel): qr: \(error.message)", cause: error)
        }
        let size = Size(width: slot.width, height: slot.height ?? side)
        if context.qrFits != nil {
            let fit = QRFit(element: context.currentLabel, path: context.currentPath, box: box, text: text,
                            minimumCorrection: minimumCorrection, quietZone: quietZone, fitting: fitting)
            if carriesLink { context.qrFits?.append(fit) }
        }
        guard let placement = fitting.placement else {
            // The QR box lint records the misfit and goes on to judge every other box.
            if context.qrFits != nil { return ElementLayout(size: size, items: []) }
            throw RenderError(.graphics, "\(context.theme.file.path): \(context.currentLabel): \(Self.misfit(fitting, text: text))",
                              causedByUserData: carriesUserText)
        }
        let item = DisplayItem.qr(placement, foreground: context.color(color), background: background.map(context.color))
        return ElementLayout(size: size, items: [item])
    }

    /// Why a code does not fit its box, for the render error.
    static func misfit(_ fitting: QRFitting, text: String) -> String {
        guard case .tooSmall(let sideModules, let version, let correction, let boxPixels) = fitting else { return "" }
        return "qr: a QR code of \(text.utf8.count) bytes needs \(sideModules) modules a side with its quiet zone (version \(version), level \(correction.rawValue)), more than the box's \(boxPixels) px; make the box larger or the data shorter"
    }
}

extension QRElement {
    /// Why `text` cannot be encoded, if it cannot: a NUL, or more bytes than a code holds.
    static func problem(with text: String, fromUser: Bool) -> String? {
        if text.contains("\0") { return "QR data contains a NUL character (\\u0000), which a QR code here cannot carry" }
        let bytes = text.utf8.count
        guard bytes > QRMatrix.maximumBytes else { return nil }
        return "QR data \(fromUser ? "for this result " : "")is \(bytes) bytes; a QR code holds at most \(QRMatrix.maximumBytes)"
    }
}
