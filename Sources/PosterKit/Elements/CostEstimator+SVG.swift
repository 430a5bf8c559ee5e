import PosterGraphics

extension SVGContentCost {
    /// What one raster pixel of a document with this content costs librsvg 2.54, in
    /// nanoseconds: each count times what one unit costs per pixel of the whole
    /// raster (a filter's region is clipped to the raster; an element's area is
    /// at most the raster). Measured on the reference machine with full-raster
    /// elements at 1000x1000 px (bench/README.md "Worst-case themes"), rounded up.
    var nanosecondsPerPixel: Double {
        var total = 0.0
        total += Double(instances) * 1.2             // a flat anti-aliased fill: 1.04
        total += Double(paintServerInstances) * 16   // a radial-gradient fill: 14.4
        total += Double(offscreenPasses) * 30        // opacity 10.6, mask 19.1, blend mode 27.1
        total += Double(filterPasses) * 10           // an empty filter: 8.6
        total += Double(turbulences) * 150 + Double(turbulenceOctaves) * 110  // 1, 2, 5, 10 octaves: 235, 364, 581, 1081
        total += Double(blurs) * 170                 // deviation 0.5 to 50: 142 to 150
        total += Double(convolutions) * 130 + Double(convolutionTaps) * 8     // 3x3 181, 5x5 290
        total += Double(lightings) * 200             // diffuse 128, specular with a spot light 177
        total += Double(displacements) * 1_900       // scale 0, 20, 1000: 1765, 1631, 844
        total += Double(otherPrimitives) * 160       // colour matrix 95, composite 104, blend 114, component transfer 143
        return total
    }

    /// What one byte of SVG text costs librsvg to shape and draw, measured with
    /// bench/worst-themes svg-text (CJK, 19.6 µs a byte), rounded up.
    static let nanosecondsPerTextByte = 20_000.0

    /// The counts that take part, for messages: "1 turbulence (10 octaves), 2 blurs, 12 elements".
    var summary: String {
        var parts: [String] = []
        func add(_ count: Int, _ one: String, _ many: String) { if count > 0 { parts.append("\(count) \(count == 1 ? one : many)") } }
        if turbulences > 0 { parts.append("\(turbulences) turbulence\(turbulences == 1 ? "" : "s") (\(turbulenceOctaves) octave\(turbulenceOctaves == 1 ? "" : "s"))") }
        add(displacements, "displacement map", "displacement maps")
        add(blurs, "blur", "blurs")
        if convolutions > 0 { parts.append("\(convolutions) convolution\(convolutions == 1 ? "" : "s") (\(convolutionTaps) taps)") }
        add(lightings, "lighting", "lightings")
        add(otherPrimitives, "other filter primitive", "other filter primitives")
        add(offscreenPasses, "offscreen pass", "offscreen passes")
        add(paintServerInstances, "gradient or pattern fill", "gradient or pattern fills")
        add(instances, "element", "elements")
        return parts.joined(separator: ", ")
    }
}

extension CostEstimator {
    /// One SVG raster an image element asks for.
    struct SVGDraw {
        let path: String
        let asset: ImageAsset
        let columns: Double
        let rows: Double
        let node: ElementNode
    }

    /// Notes that `node` draws `asset` at `columns` x `rows` device pixels; charged by `chargeSVGDraws`.
    func recordSVGDraw(_ draw: SVGDraw) { svgDraws.append(draw) }

    /// Adds what librsvg spends drawing each SVG's content. `SVGDocument.raster`
    /// caches one raster per size per document while the cached rasters fit
    /// `ImageAsset.svgRasterCacheBytes`, so a document's distinct sizes count once
    /// per poster when all of them fit, and every draw counts otherwise.
    func chargeSVGDraws() {
        for path in Set(svgDraws.map(\.path)).sorted() {
            let draws = svgDraws.filter { $0.path == path }
            var seen = Set<[Double]>()
            let distinct = draws.filter { seen.insert([$0.columns, $0.rows]).inserted }
            let bytes = distinct.reduce(0.0) { $0 + $1.columns * $1.rows * 4 }
            let charged = bytes <= Double(ImageAsset.svgRasterCacheBytes) ? distinct : draws
            for draw in charged {
                guard let content = draw.asset.svgContentCost else { continue }
                let perPixel = content.nanosecondsPerPixel
                add(.svg, draw.columns * draw.rows * perPixel,
                    "SVG '\(path)' content drawn at \(format(draw.columns))x\(format(draw.rows)) pixels, \(format(perPixel.rounded())) ns a pixel (\(content.summary))",
                    draw.node)
                if content.textBytes > 0 {
                    // Shaped on every draw, like a theme text; counted per byte (a character is 1 to 4).
                    add(.svg, Double(content.textBytes) * SVGContentCost.nanosecondsPerTextByte,
                        "SVG '\(path)' text shaped at \(format(draw.columns))x\(format(draw.rows)) pixels, \(content.textBytes) bytes (counting <use> copies)",
                        draw.node)
                }
            }
        }
    }
}
