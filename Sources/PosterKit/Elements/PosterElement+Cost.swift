import Foundation
import PosterGraphics

/// Glyph outlines are bounded by 24 em of path per character (dense CJK glyphs
/// measure 10 to 20): the length a text stroke, dashed or not, walks.
private let outlineEmsPerCharacter = 24.0

extension TextElement: CostEstimating {
    /// Characters laid out while fitting, as `TextShaper.shape` does in the worst case:
    /// the whole text at the full size, once per step of the binary search over
    /// quarter points down to `minSize`, at the floor and for drawing; then the
    /// ellipsis search, a binary search over the characters of the
    /// lines kept (`maxLines` or the height's worth, plus one).
    func layoutCharacters(_ characters: Double, width: Double, height: Double?) -> Double {
        let floor = min(style.minimumSize ?? style.size, style.size)
        let steps = floor < style.size ? max(0, log2((style.size - floor) * 4).rounded(.up) + 1) : 0
        let lineHeight = floor * style.lineHeight
        let lines = style.maxLines.map(Double.init) ?? height.map { $0 / lineHeight } ?? characters
        // The narrowest glyphs are about a quarter of an em wide.
        let perLine = width / (0.25 * floor) + 1
        let kept = min(characters, (lines + 1) * perLine)
        return characters * (3 + steps) + kept * (log2(kept + 1).rounded(.up) + 1)
    }

    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? {
        // Glyph drawing is in the per-character weight; the height only sizes the shadow.
        // Noto Sans CJK's line box is about 1.45 em; a fitted text has at most maxLines of them.
        style.maxLines.map { Double($0) * style.size * style.lineHeight * 1.5 }
    }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        let characters = Double(estimator.maximumCharacters(text))
        guard characters > 0 else { return }
        estimator.add(.text, layoutCharacters(characters, width: width, height: node.height),
                      "text of up to \(Int(characters)) characters\(style.minimumSize.map { " shrinking \(estimator.format(style.size)) -> \(estimator.format($0)) pt" } ?? "")", node)
        estimator.addShadow(shadow, width: width, height: height, what: "text", node)
        if let stroke {
            let length = characters * outlineEmsPerCharacter * style.size
            estimator.add(.outlines, length, "text outline stroke at \(estimator.format(style.size)) pt", node)
            estimator.addDashes(stroke, length: length, what: "text outline", node)
        }
    }
}

extension ShapeElement: CostEstimating {

    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? {
        switch kind {
        case .circle: width
        case .line: 0
        case .rect, .ellipse: nil  // a height is required when read
        }
    }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        let pixels = estimator.pixels(width, height)
        switch fill {
        case .color?: estimator.add(.area, pixels, "shape fill", node)
        case .linear?: estimator.add(.area, pixels * 2, "linear gradient fill (x2)", node)
        case .radial?: estimator.add(.area, pixels * 8, "radial gradient fill (x8)", node)
        case nil: break
        }
        let perimeter: Double
        switch kind {
        case .rect: perimeter = 2 * (width + height)
        case .ellipse: perimeter = Double.pi * (width + height) / 2
        case .circle: perimeter = Double.pi * min(width, height)
        case .line: perimeter = (width * width + height * height).squareRoot()
        }
        if let stroke {
            estimator.add(.area, estimator.pixels(perimeter, stroke.width + 1), "shape outline", node)
            // A shadowed stroke is stroked again for the shadow's silhouette.
            estimator.addDashes(stroke, length: perimeter * (shadow == nil ? 1 : 2), what: "shape outline", node)
        }
        let grow = stroke?.width ?? 0
        estimator.addShadow(shadow, width: width + grow, height: height + grow, what: "shape", node)
        if opacity.lowest < 1 {
            estimator.add(.layers, estimator.canvasPixels, "a semi-transparent shape's canvas-sized layer", node)
        }
    }
}

extension ImageElement: CostEstimating {
    /// The assets this element can show, one per variant.
    func assets(in estimator: CostEstimator) -> [(path: String, asset: ImageAsset)] {
        Set(estimator.variants.map { source.render($0) }).sorted().compactMap { path in
            estimator.theme.asset(path).map { (path, $0) }
        }
    }

    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? {
        assets(in: estimator).map { entry in
            let natural = entry.asset.intrinsicSize
            return natural.width > 0 ? width * natural.height / natural.width : width
        }.max() ?? 0
    }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        estimator.add(.area, estimator.pixels(width, height) * 5, "image painted into \(estimator.format(width))x\(estimator.format(height)) pt (x5)", node)
        for (path, asset) in assets(in: estimator) {
            let natural = asset.intrinsicSize
            var target = Size(width: width, height: node.height ?? (natural.width > 0 ? width * natural.height / natural.width : width))
            if fit != .fill, natural.width > 0, natural.height > 0 {
                let scaleX = target.width / natural.width, scaleY = target.height / natural.height
                let scale = fit == .cover ? max(scaleX, scaleY) : min(scaleX, scaleY)
                target = Size(width: natural.width * scale, height: natural.height * scale)
            }
            if width > 0, height > 0, min(target.width, target.height) < CostEstimator.minimumSide {
                // Scaled to under 1/256 pt, Cairo's image matrix is not invertible.
                estimator.refuse(
                    "'\(path)' would be drawn \(estimator.format(target.width))x\(estimator.format(target.height)) pt (its shape is \(estimator.format(natural.width))x\(estimator.format(natural.height))); a drawn side must be at least \(CostEstimator.minimumSide) pt",
                    node, key: "src")
                continue
            }
            guard asset.format == .svg else {
                // Cairo's good filter reads every source pixel when it scales a PNG down:
                // a 2000x2000 PNG in a 40 pt box costs its 4 Mpx (about 10 ms), not the box's 6,400.
                let source = natural.width * PosterCanvas.scale * natural.height * PosterCanvas.scale
                estimator.add(.area, source * 3, "PNG '\(path)' sampled (\(estimator.format(natural.width * 2))x\(estimator.format(natural.height * 2)) pixels, x3)", node)
                continue
            }
            // As PosterCanvas.drawImage rasterises it: whole device pixels, at least one.
            let columns = max(1, (target.width * PosterCanvas.scale).rounded())
            let rows = max(1, (target.height * PosterCanvas.scale).rounded())
            let side = Double(ImageAsset.Limits.maximumSide)
            if columns > side || rows > side || columns * rows > Double(ImageAsset.Limits.maximumPixels) {
                estimator.refuse(
                    "'\(path)' would be rasterised at \(estimator.format(columns))x\(estimator.format(rows)) pixels; an SVG is drawn at most \(ImageAsset.Limits.maximumSide) pixels a side and \(ImageAsset.Limits.maximumPixels) in all: make the element smaller",
                    node, key: "src")
                continue
            }
            estimator.add(.area, columns * rows * 10, "SVG '\(path)' rasterised at \(estimator.format(columns))x\(estimator.format(rows)) pixels (x10)", node)
            estimator.recordSVGDraw(.init(path: path, asset: asset, columns: columns, rows: rows, node: node))
        }
    }
}

extension QRElement: CostEstimating {
    /// An upper bound of a poster link's length in bytes: the longest codes and a
    /// nickname cut to `ResolvedResult.maximumLinkNicknameBytes`, percent-encoded.
    static let maximumLinkBytes = 512

    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? { width }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        estimator.add(.area, estimator.pixels(width, min(width, height)), "QR code", node)
        // The most bytes the code can carry for any result: user fields at the most a
        // code holds (a render refuses more), the link at its longest.
        let bytes = estimator.variants.indices.map { index in
            data.expandedBytes { name in
                if name == "link" { return Self.maximumLinkBytes }
                if BindingDescriptor.userTextNames.contains(name) { return QRMatrix.maximumBytes }
                return estimator.variants[index][name].utf8.count
            }
        }.max() ?? 0
        // Layout may encode the text once per level from the minimum up (QRPlacement.fitting).
        let levels = QRMatrix.Correction.allCases.filter { $0 >= minimumCorrection }.count
        let encoded = min(bytes, QRMatrix.maximumBytes)
        estimator.add(.qr, Double(encoded * levels), "QR code of up to \(encoded) bytes at up to \(levels) levels", node)
        // What the theme itself puts in the data must encode for every variant.
        for values in estimator.variants {
            let text = data.render(values)
            if let problem = QRElement.problem(with: text, fromUser: false) {
                estimator.refuse("\(problem) (for \(values["pack"]) \(values["code"]))", node, key: "data")
                break
            }
        }
    }
}

extension DimensionsElement: CostEstimating {
    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? {
        let row = max(labelSize * 1.5, barHeight * 2) + (showCaptions ? captionSize * 1.5 + 2 : 0)
        return 4 * row + 3 * rowGap
    }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        // Four captions of about 20 characters and eight pole names.
        estimator.add(.text, 4 * 20 + 8 * 6, "dimension captions and labels", node)
        estimator.add(.area, estimator.pixels(width, height) * 2, "dimension bars", node)
    }
}

extension StackElement: CostEstimating {
    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? { nil }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        estimator.estimate(children, parentWidth: width)
    }
}

extension GroupElement: CostEstimating {
    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? { nil }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        let clips = clip != .none
        if opacity.lowest < 1 || tint != nil || (node.blend != .normal && clips) {
            // Cairo sizes a pushed group to the clip: the group's box if it clips, else the canvas.
            let pixels = clips ? estimator.pixels(width, height) : estimator.canvasPixels
            estimator.add(.layers, pixels, clips ? "group layer (clipped)" : "group layer (unclipped: the whole canvas)", node)
        }
        if clip == .circle {
            // An elliptical clip is an anti-aliased mask, not a pixel-aligned region.
            estimator.add(.area, estimator.pixels(width, height), "circle clip mask", node)
        }
        estimator.estimate(children, parentWidth: width)
    }
}

extension RowElement: CostEstimating {
    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? {
        // The tallest child: each child's own bound, none when one is unbounded.
        var tallest = 0.0
        for child in children {
            if let height = child.height {
                tallest = max(tallest, height)
            } else if let element = child.element as? any CostEstimating, let height = element.estimatedHeight(width: width, in: estimator) {
                tallest = max(tallest, height)
            } else {
                return nil
            }
        }
        return tallest
    }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        // Any child may be as wide as the row.
        estimator.estimate(children, parentWidth: width)
        // Each text is also shaped once on one line for its natural width (no fitting), and
        // laid out once more to measure its height and baseline, a layout the shaper's cache
        // then hands back when the text is laid out where it goes: a character each.
        for child in children {
            guard let text = child.element as? TextElement else { continue }
            let characters = Double(estimator.maximumCharacters(text.text))
            guard characters > 0 else { continue }
            estimator.add(.text, 2 * characters, "row measuring a text of up to \(Int(characters)) characters", child)
        }
    }
}

extension FillerElement: CostEstimating {
    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double? { size }

    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator) {
        guard leader != .none else { return }
        let marks = marks(width: width)
        estimator.add(.dashes, marks, "\(leader.rawValue) leader of up to \(Int(marks)) marks", node)
        estimator.add(.area, estimator.pixels(width, size + 1), "leader", node)
    }
}
