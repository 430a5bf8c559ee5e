import PosterGraphics

/// The drawing effects every element accepts: `rotate`, `origin` and `blend`.
struct ElementEffects {
    /// The turn as written (a number or an expression); nil when the element never turns.
    var rotate: NumberValue?
    var origin = Point(x: 0.5, y: 0.5)
    var blend = BlendMode.normal

    /// The largest turn a theme may write, either way, in degrees.
    static let maximumDegrees = 360.0

    /// Reads the keys, reporting each problem with its path.
    static func read(_ object: ObjectReader, context: ThemeReadContext) -> ElementEffects {
        var effects = ElementEffects()
        if object.hasValue("rotate") {
            // A number, or an expression over number placeholders ("{score.c} * 2") checked
            // at load to stay within ±360 for every result.
            let degrees = context.numberValue("rotate", in: object, default: 0, range: -maximumDegrees...maximumDegrees)
            // A whole turn draws exactly what no turn does; leave the layer and the
            // transform out so such a theme costs and renders like an unturned one.
            if case .constant(let number) = degrees, number.truncatingRemainder(dividingBy: 360) == 0 {
            } else {
                effects.rotate = degrees
            }
        }
        if object.hasValue("origin") {
            if let pair = object.numberArray("origin", count: 2, range: -4...4) {
                effects.origin = Point(x: pair[0], y: pair[1])
            }
            if !object.hasValue("rotate") {
                object.report("'origin' only says where a 'rotate' turns about; add a rotate or remove it", for: "origin")
            }
        }
        effects.blend = object.enumeration("blend", default: BlendMode.normal)
        return effects
    }

    /// Refuses a turn that cannot be drawn as written: a QR code is painted on whole
    /// device pixels (layout placed each module), so a turned code would not turn.
    func check(_ element: any PosterElement, in object: ObjectReader) {
        guard rotate != nil, Theme.holdsQR(element) else { return }
        object.report(
            "a QR code cannot be rotated: its modules are drawn on whole device pixels so that it scans; rotate the elements around it instead",
            for: "rotate")
    }
}
