import Foundation
import PosterGraphics

extension Theme {
    /// Checks the expanded length of every bound text of every format.
    func checkExpansion(context: ThemeReadContext, diagnostics: Diagnostics) {
        ThemeExpansion.check(context.boundTemplates, lengths: context.variableLengths, diagnostics: diagnostics)
    }

    /// Checks the estimated drawing work of the format drawn against `RenderCost.budgetNanoseconds`.
    func checkBudgets(diagnostics: Diagnostics) {
        let estimator = CostEstimator(theme: self, diagnostics: diagnostics)
        let cost = estimator.estimate()
        guard cost.share > 1, let largest = cost.largest else { return }
        diagnostics.error(
            "the \(formatName == PosterFormat.defaultName ? "theme" : "'\(formatName)' format")'s estimated render cost is \(RenderCost.percent(cost.share)) of the budget (\(cost.summary)); the largest part is here: \(largest.what), \(RenderCost.figure(largest.amount)) \(largest.line.unit) (\(RenderCost.percent(largest.amount / largest.line.fullBudget)) of the budget); see docs/limits.md",
            path: largest.path, location: largest.location)
    }

    /// The estimated cost of one poster of this theme (for the benchmark and `themes` tools).
    public var renderCost: RenderCost {
        CostEstimator(theme: self, diagnostics: Diagnostics(file: file.path)).estimate()
    }
}

/// What an element type can tell about its drawing cost before any result is
/// known. Types that do not conform (a library user's own) count their box's
/// area and the per-element overhead only.
protocol CostEstimating {
    /// The tallest the element can be when the theme does not fix its height;
    /// nil when it is unbounded (it then counts as tall as the canvas).
    func estimatedHeight(width: Double, in estimator: CostEstimator) -> Double?
    /// Adds what drawing the element can cost, in a `width` x `height` point box.
    func estimateCost(width: Double, height: Double, node: ElementNode, in estimator: CostEstimator)
}

/// Walks a theme's elements with their widths (fixed at load: a width is the
/// theme's or its parent's) and upper bounds of their heights, adding to a `RenderCost`.
final class CostEstimator {
    let theme: Theme
    let diagnostics: Diagnostics
    /// The bound values of the 32 variants, user fields empty.
    let variants: [BindingValues]
    private(set) var cost = RenderCost()
    /// The SVG rasters image elements ask for, charged once the walk is done (see `chargeSVGDraws`).
    var svgDraws: [SVGDraw] = []

    init(theme: Theme, diagnostics: Diagnostics) {
        self.theme = theme
        self.diagnostics = diagnostics
        variants = Theme.variantResults.map { theme.bind($0) }
    }

    func estimate() -> RenderCost {
        let canvas = theme.canvasSize
        cost.add(.overhead, canvas.width * canvas.height * PosterCanvas.scale * PosterCanvas.scale * Self.encodeNanosecondsPerPixel,
                 "encoding the \(Int(canvas.width))x\(Int(canvas.height)) pt canvas", path: .root, location: nil)
        estimate(theme.elements, parentWidth: canvas.width)
        chargeSVGDraws()
        return cost
    }

    /// The smallest side, in points, an element's box may have unless it is 0.
    static let minimumSide = 0.01

    /// What encoding one canvas pixel costs, in overhead units (nanoseconds).
    static let encodeNanosecondsPerPixel = 15.0
    /// What laying out and drawing any one element costs at least, in nanoseconds.
    static let elementNanoseconds = 250_000.0

    func estimate(_ nodes: [ElementNode], parentWidth: Double) {
        for node in nodes {
            let width = node.width ?? max(0, parentWidth - node.x)
            cost.add(.overhead, Self.elementNanoseconds, "\(node.typeName) element", path: node.path, location: node.location)
            guard let element = node.element as? any CostEstimating else {
                add(.area, pixels(width, node.height ?? theme.canvasSize.height), "\(node.typeName) box", node)
                addEffects(of: node, width: width, height: node.height ?? theme.canvasSize.height)
                continue
            }
            let height = node.height ?? element.estimatedHeight(width: width, in: self) ?? theme.canvasSize.height
            for (side, value) in [("width", width), ("height", height)] where value > 0 && value < Self.minimumSide {
                // Cairo scales paths and images to such a box; below 1/256 pt the scale is
                // not invertible and every render fails.
                refuse("the element is \(format(value)) pt \(side == "width" ? "wide" : "tall"); a side is 0 (nothing drawn) or at least \(Self.minimumSide) pt", node)
            }
            element.estimateCost(width: width, height: height, node: node, in: self)
            addEffects(of: node, width: width, height: height)
        }
    }

    /// What `rotate` and `blend` add: a turned element leaves the pixel-aligned fast
    /// paths (radial fills, shadow holes, emoji snapping) for its whole box, and a blend
    /// composites a layer, as large as the canvas unless a clipping group bounds it.
    func addEffects(of node: ElementNode, width: Double, height: Double) {
        if node.rotate != nil {
            add(.area, pixels(width, height) * 2, "rotated drawing of a \(format(width))x\(format(height)) pt box (x2)", node)
        }
        let clipped = (node.element as? GroupElement).map { $0.clip != .none } ?? false
        if node.blend != .normal, !clipped {
            add(.layers, canvasPixels, "\(node.blend.rawValue) blend layer (unclipped: the whole canvas)", node)
        }
    }

    /// Adds units of a line for a node.
    func add(_ line: RenderCost.Line, _ amount: Double, _ what: String, _ node: ElementNode) {
        cost.add(line, amount, what, path: node.path, location: node.location)
    }

    /// Device pixels of a box, each side clipped to the canvas.
    func pixels(_ width: Double, _ height: Double) -> Double {
        let scale = PosterCanvas.scale
        return min(max(0, width), theme.canvasSize.width) * scale * min(max(0, height), theme.canvasSize.height) * scale
    }

    /// Device pixels of the whole canvas: what an unclipped layer covers.
    var canvasPixels: Double { pixels(theme.canvasSize.width, theme.canvasSize.height) }

    /// Adds a shadow's blurred area for a box.
    func addShadow(_ shadow: ShadowValue?, width: Double, height: Double, what: String, _ node: ElementNode) {
        guard let shadow else { return }
        let margin = 2 * (shadow.blur * 2 + 1)
        add(.blur, pixels(width + margin, height + margin), "\(what) shadow (blur \(format(shadow.blur)), \(format(width))x\(format(height)) pt)", node)
    }

    /// Adds the dash segments of a stroke along `length` points of path.
    func addDashes(_ stroke: StrokeValue?, length: Double, what: String, _ node: ElementNode) {
        guard let stroke, !stroke.dash.isEmpty else { return }
        let sum = stroke.dash.reduce(0, +)
        guard sum > 0 else { return }  // refused when read (StrokeValue.dashProblem)
        // Cairo repeats an odd-length pattern with on and off swapped: the period is twice as long.
        let period = stroke.dash.count % 2 == 0 ? sum : 2 * sum
        let onPerPeriod = Double(stroke.dash.count % 2 == 0 ? stroke.dash.count / 2 : stroke.dash.count)
        add(.dashes, length / period * onPerPeriod,
            "\(what) dashed with period \(format(period)) pt over \(format(length)) pt", node)
    }

    /// The most characters a text template can hold for any result after binding,
    /// at most what the shaper keeps.
    func maximumCharacters(_ template: Template) -> Int {
        let limit = TextShaper.maximumCharacters
        // A user field counts as `limit` characters unless a filter cuts it (`{nickname|12}`).
        return variants.reduce(0) { longest, values in
            let characters = template.maximumCharacters(values, unbounded: BindingDescriptor.userTextNames) ?? limit
            return max(longest, min(limit, characters))
        }
    }

    /// Reports a problem drawing would hit, at the element.
    func refuse(_ message: String, _ node: ElementNode, key: String? = nil) {
        diagnostics.error(message, path: key.map { node.path.appending($0) } ?? node.path, location: node.location)
    }

    func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.3g", value)
    }
}
