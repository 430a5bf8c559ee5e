/// Something that did not fit as designed: shrunk, ellipsised or shortened text,
/// overflow, or drawing off the canvas.
public struct FitNote: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// The text was set smaller than its size.
        case shrunk
        /// The text was cut mid-text and ends with "…".
        case ellipsised
        /// Whole sentences at the end were left out (`overflow: "sentence"`).
        case shortened
        /// The element still does not fit its box.
        case overflowed
        /// The element reaches outside the canvas.
        case outsideCanvas
        /// A text or QR code reaches into a margin the app showing the format covers (`safeArea`).
        case outsideSafeArea
    }
    /// The element's id or JSON path.
    public let element: String
    /// What happened.
    public let kind: Kind
    /// The text involved, if any.
    public let text: String?
    /// Figures, such as the size the text shrank to.
    public let detail: String

    /// Creates a note (layout does).
    package init(element: String, kind: Kind, text: String?, detail: String) {
        self.element = element
        self.kind = kind
        self.text = text
        self.detail = detail
    }

    /// Whether this note means the poster is wrong, not merely adjusted.
    public var isProblem: Bool { kind == .overflowed || kind == .outsideCanvas || kind == .outsideSafeArea }

    public var description: String {
        var line = "\(element): \(kind.rawValue)"
        if !detail.isEmpty { line += " (\(detail))" }
        if let text { line += ": \(text.count > 40 ? String(text.prefix(40)) + "…" : text)" }
        return line
    }
}
