import PosterGraphics

/// One text element whose colour contrasts too little with what is drawn behind it.
public struct ContrastFinding: Sendable, Hashable, CustomStringConvertible {
    /// The element's id or JSON path.
    public let element: String
    /// The text drawn (shortened for the report).
    public let text: String
    /// The contrast ratio reached by 90% of the text's pixels.
    public let ratio: Double
    /// The ratio WCAG AA asks for this text: 4.5, or 3 for large text.
    public let required: Double
    /// The size the text was drawn at, in poster points.
    public let size: Double
    /// The text colour, as #RRGGBB.
    public let color: String
    /// The typical colour drawn behind the text on the rendered poster, as #RRGGBB.
    public let background: String

    public var description: String {
        let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
        return "\(element): contrast \(Self.format(ratio)):1 (\(color) on \(background)), below \(Self.format(required)):1 for \(Self.format(size)) pt text: \(shown)"
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded(.down) / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}

/// WCAG 2 AA contrast of every text against the pixels actually drawn behind it.
///
/// For each text, the poster is drawn up to the last non-text item before it (so
/// a card, a gradient or a photo under the text counts, also one drawn earlier in
/// the same group; texts are not each other's background), the text alone gives the mask of its glyphs, and the
/// contrast of the text colour (composited by its alpha) with the background is
/// computed at every glyph pixel. The 10th percentile is reported, so a few
/// stray pixels neither hide nor raise a finding. A text with an outline of at
/// least 1 pt passes at a pixel where its fill or its outline stands out.
///
/// Large text per WCAG is 18 pt, or 14 pt bold, in CSS points; a poster point is
/// one CSS pixel (the 375 pt canvas is a 375 px phone screen), so large here is
/// at least 24 poster points, or 18.67 at weight 700 and above.
public enum ContrastLint {
    /// WCAG AA for body text.
    public static let normalRatio = 4.5
    /// WCAG AA for large text.
    public static let largeRatio = 3.0
    /// The size from which text is large, in poster points.
    public static let largeSize = 24.0
    /// The size from which bold text is large, in poster points.
    public static let largeBoldSize = 18.0 * 4 / 3 * 14 / 18

    static func findings(
        _ list: DisplayList, records: [LaidOutText: TextRecord], canvas: PosterCanvas, assets: @escaping (String) -> ImageAsset?
    ) throws -> [ContrastFinding] {
        let size = list.size
        let background = list.background
        // Each text with what is drawn behind it: the items before it, up to the last non-text
        // one (texts are not each other's background); inside a group, the items before the
        // group and the group's own earlier children, drawn as that group (its opacity and clip).
        var texts: [(behind: [DisplayItem], key: [Int], item: DisplayItem, opacity: Double, blend: BlendMode)] = []
        func lastNonText(_ items: ArraySlice<DisplayItem>) -> Int {
            var key = items.endIndex - 1
            while key >= items.startIndex, case .text = items[key] { key -= 1 }
            return key
        }
        // `enclose` wraps items in the groups around them (clip, opacity, rotation), outermost
        // last, so a text inside a turned group is measured where it is drawn.
        func collect(_ item: DisplayItem, behind: [DisplayItem], key: [Int], opacity: Double, blend: BlendMode,
                     enclose: @escaping ([DisplayItem], Bool) -> DisplayItem?) {
            switch item {
            case .text: if let placed = enclose([item], true) { texts.append((behind, key, placed, opacity, blend)) }
            case .group(let children, let groupOpacity, let clip, let tint, let rotation, let groupBlend) where tint == nil:
                let inner: ([DisplayItem], Bool) -> DisplayItem? = { items, mask in
                    // The text's own mask keeps the clip and turn but not the opacity or blend (its alpha is judged apart).
                    enclose([.group(items, opacity: mask ? 1 : groupOpacity, clip: clip, rotation: rotation,
                                    blend: mask ? .normal : groupBlend)], mask)
                }
                for (index, child) in children.enumerated() {
                    let last = lastNonText(children[..<index])
                    let own = last >= 0 ? inner(Array(children[...last]), false).map { [$0] } ?? [] : []
                    collect(child, behind: behind + own, key: key + [last], opacity: opacity * groupOpacity,
                            blend: groupBlend == .normal ? blend : groupBlend, enclose: inner)
                }
            default: break
            }
        }
        for (index, item) in list.items.enumerated() {
            let last = lastNonText(list.items[..<index])
            collect(item, behind: last >= 0 ? Array(list.items[...last]) : [], key: [last], opacity: 1, blend: .normal) { items, _ in
                items.count == 1 ? items[0] : .group(items, opacity: 1, clip: nil)
            }
        }
        var findings: [ContrastFinding] = []
        var backgrounds: [[Int]: CapturedPixels] = [:]
        let scale = PosterCanvas.scale
        for entry in texts {
            guard let (shaped, color, stroke) = Self.text(in: entry.item) else { continue }
            guard color.alpha * entry.opacity > 0.05, shaped.text.contains(where: { !$0.isWhitespace && !Self.isPicture($0) })
            else { continue }
            guard let box = entry.item.bounds else { continue }
            let left = max(0, Int((box.minX * scale).rounded(.down)))
            let top = max(0, Int((box.minY * scale).rounded(.down)))
            let right = min(Int((size.width * scale).rounded()), Int((box.maxX * scale).rounded(.up)))
            let bottom = min(Int((size.height * scale).rounded()), Int((box.maxY * scale).rounded(.up)))
            guard right > left, bottom > top else { continue }
            let region = (left, top, right, bottom)
            let mask = CapturedPixels(try canvas.draw([entry.item], size: size, background: .clear, assets: assets), region)
            let behind: CapturedPixels
            if let cached = backgrounds[entry.key], cached.region == region {
                behind = cached
            } else {
                behind = CapturedPixels(try canvas.draw(entry.behind, size: size, background: background, assets: assets), region)
                backgrounds[entry.key] = behind
            }
            var ratios: [(Double, UInt32)] = []
            let alpha = color.alpha * entry.opacity
            for position in mask.pixels.indices where mask.pixels[position] >> 24 >= 128 {
                let pixel = behind.pixels[position]
                let back = (Double((pixel >> 16) & 0xFF) / 255, Double((pixel >> 8) & 0xFF) / 255, Double(pixel & 0xFF) / 255)
                var ratio = Self.ratio(Self.over(color, alpha: alpha, back, blend: entry.blend), back)
                // An outline of at least 1 pt keeps a glyph legible when either it or the fill stands out.
                if let stroke, stroke.width >= 1, case .solid(let outline) = stroke.paint {
                    ratio = max(ratio, Self.ratio(Self.over(outline, alpha: outline.alpha * entry.opacity, back, blend: entry.blend), back))
                }
                ratios.append((ratio, pixel))
            }
            guard !ratios.isEmpty else { continue }
            ratios.sort { $0.0 < $1.0 }
            let (worst, pixel) = ratios[ratios.count / 10]
            let textSize = shaped.fit.size
            let record = records[shaped]
            let large = textSize >= largeSize || ((record?.weight ?? 400) >= 700 && textSize >= largeBoldSize)
            let required = large ? largeRatio : normalRatio
            guard worst < required - 0.005 else { continue }
            findings.append(ContrastFinding(
                element: record?.element ?? "$", text: shaped.text.replacingOccurrences(of: "\n", with: ""),
                ratio: worst, required: required, size: textSize, color: Self.hex(color.red, color.green, color.blue),
                background: Self.hex(Double((pixel >> 16) & 0xFF) / 255, Double((pixel >> 8) & 0xFF) / 255, Double(pixel & 0xFF) / 255)))
        }
        return findings
    }

    /// `color` at `alpha` over an opaque background, blended as the text is drawn
    /// (multiply: the colour times the background, as ink takes the paper's tone).
    static func over(_ color: Color, alpha: Double, _ back: (Double, Double, Double), blend: BlendMode = .normal) -> (Double, Double, Double) {
        func mixed(_ source: Double, _ under: Double) -> Double {
            switch blend {
            case .normal: source
            case .multiply: source * under
            case .screen: source + under - source * under
            }
        }
        let red = mixed(color.red, back.0), green = mixed(color.green, back.1), blue = mixed(color.blue, back.2)
        return (red * alpha + back.0 * (1 - alpha), green * alpha + back.1 * (1 - alpha), blue * alpha + back.2 * (1 - alpha))
    }

    /// The text drawn by an item: a text, or a text wrapped in the groups around it.
    static func text(in item: DisplayItem) -> (LaidOutText, Color, Stroke?)? {
        switch item {
        case .text(let shaped, _, let color, let stroke, _): (shaped, color, stroke)
        case .group(let children, _, _, _, _, _) where children.count == 1: text(in: children[0])
        default: nil
        }
    }

    /// The WCAG contrast ratio of two opaque sRGB colours.
    public static func ratio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// WCAG relative luminance.
    static func luminance(_ color: (Double, Double, Double)) -> Double {
        func channel(_ value: Double) -> Double {
            value <= 0.04045 ? value / 12.92 : Foundation.pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
    }

    static func hex(_ red: Double, _ green: Double, _ blue: Double) -> String {
        func byte(_ value: Double) -> String {
            let text = String(Int((max(0, min(1, value)) * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    static func isPicture(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation || character.unicodeScalars.contains { $0.value == 0xFE0F }
    }
}

/// A rectangle of straight-alpha pixels copied out of a raster as ARGB words.
struct CapturedPixels {
    let region: (Int, Int, Int, Int)
    let pixels: [UInt32]

    init(_ raster: Raster, _ region: (Int, Int, Int, Int)) {
        self.region = region
        var pixels: [UInt32] = []
        pixels.reserveCapacity((region.2 - region.0) * (region.3 - region.1))
        for y in region.1..<min(region.3, raster.height) {
            for x in region.0..<min(region.2, raster.width) {
                let pixel = raster.rgba(x: x, y: y)
                pixels.append(UInt32(pixel.a) << 24 | UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b))
            }
        }
        self.pixels = pixels
    }
}

import Foundation
