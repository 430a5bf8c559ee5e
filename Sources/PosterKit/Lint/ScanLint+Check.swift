import NMTIDomain
import PosterDisplay
import PosterLinks
import PosterScan

/// What the scan lint found over a theme's variants.
public struct ScanReport: Sendable, Hashable {
    /// QR codes that did not read back to exactly their text, one line each, prefixed by the sample.
    public var failures: [String] = []
    /// QR codes that read back but hold a link WeChat and phone cameras do not open (a custom scheme).
    public var warnings: [String] = []
    /// How many QR codes were decoded.
    public var codesChecked = 0
    /// What the check ran with: `https://nmti.example/, signed; typical link at 0.5x, JPEG q75; …`.
    public var conditions = ""
}

extension ScanLint {
    /// Checks every variant of a theme (the 32, even for a pair theme) with each case's link,
    /// printed as posters carry it under `base` (nil: `referenceBase`; the compact form) and signed.
    public static func catalogueReport(of theme: Theme, renderer: PosterRenderer, base: LinkBase?) throws(RenderError) -> ScanReport {
        let style = LinkStyle(base: base ?? referenceBase, signer: signer)
        let jobs = ThemeSample.variants.flatMap { sample in cases.map { (sample, $0) } }
        var report = ScanReport()
        let perJob = try SampleSweep.map(jobs) { job throws(RenderError) in
            try check(job.0, case: job.1, theme: theme, renderer: renderer, style: style)
        }
        for job in perJob {
            report.failures += job.failures
            report.warnings += job.warnings
            report.codesChecked += job.codesChecked
        }
        report.warnings = Array(Set(report.warnings)).sorted()
        report.conditions = "\((base ?? referenceBase).text), signed; "
            + cases.map { "\($0.name) at \($0.recompression)" }.joined(separator: "; ")
        return report
    }

    /// The findings of one sample drawn with one case's link.
    static func check(_ sample: ThemeSample, case check: Case, theme: Theme, renderer: PosterRenderer, style: LinkStyle) throws(RenderError) -> ScanReport {
        var request = RenderRequest(result(for: sample, case: check), theme: theme, through: .raster)
        request.links = style
        let output = try renderer.run(request)
        guard let raster = output.raster else { return ScanReport() }
        var report = ScanReport()
        let codes = qrCodes(in: output.displayList.items)
        guard !codes.isEmpty else { return report }
        let found: [[String]]
        do {
            let squares = codes.map { code in (x: code.drawnPixels.x, y: code.drawnPixels.y, side: code.drawnPixels.side) }
            found = try QRScanner.texts(in: raster, after: check.recompression, squares: squares)
        } catch {
            throw RenderError(.graphics, "\(theme.file.path): scan lint: \(error.description)")
        }
        for (code, read) in zip(codes, found) {
            guard let text = code.matrix.text else { continue }
            report.codesChecked += 1
            let box = code.box
            let place = "qr at \(Int(box.x)),\(Int(box.y)) \(Int(box.width))x\(Int(box.height)) pt "
                + "(version \(code.version), level \(code.correction.rawValue), \(code.modulePixels) px modules)"
            if let scheme = Self.customScheme(of: text) {
                report.warnings.append("\(place) holds a \(scheme):// link, which WeChat and phone cameras do not open")
            }
            if !read.contains(text) {
                let got = read.isEmpty ? "zbar found no code there" : "zbar read other text there"
                report.failures.append("\(sample.label) (\(check.name), \(text.count) characters): \(place): "
                    + "not read back after \(check.recompression) (\(got))")
            }
        }
        return report
    }

    /// The scheme of a link that is not http or https (`nmti`), or nil: for an http(s) link,
    /// and for text that is not a URL at all (no `scheme://`).
    static func customScheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        let lowered = scheme.lowercased()
        return lowered == "http" || lowered == "https" ? nil : lowered
    }

    /// Every QR code in a display list as placed, groups included.
    static func qrCodes(in items: [DisplayItem]) -> [QRPlacement] {
        items.flatMap { item -> [QRPlacement] in
            switch item {
            case .qr(let placement, _, _): [placement]
            case .group(let children, _, _, _, _, _): qrCodes(in: children)
            default: []
            }
        }
    }
}
