import PosterKit
import PosterScan

/// The lints of one poster, each finding tied to its element and the element's line:
/// fit notes, WCAG AA contrast on the drawn pixels, the module size of each QR code as
/// drawn and whether each code reads back after a chat app's recompression.
///
/// They judge this one poster. `themes validate` and `preview` judge every variant, and
/// their QR lints print the longest https link under a link base, where the studio draws
/// the poster as `render` does (an `nmti://` link).
struct StudioFindings {
    /// The findings as the page reads them: kind, severity, element, path, line, column, message.
    private(set) var items: [[String: Any]] = []
    /// Which lints ran, in words.
    private(set) var summary = ""

    init(output: RenderOutput, dump: LayoutDump, raster: Raster, sources: ElementSources) {
        for note in output.notes {
            add("fit", note.isProblem ? "error" : "note", element: note.element, note.description, sources)
        }
        for finding in output.contrastFindings ?? [] {
            add("contrast", "error", element: finding.element, finding.description, sources)
        }
        let codes = dump.elements.compactMap { element in element.qr.map { (element.label, $0) } }
        for (label, code) in codes where code.modulePixels < QRPlacement.preferredModulePixels {
            add("qr", "warning", element: label,
                "\(label): QR drawn with \(code.modulePixels) px modules (version \(code.version), level \(code.correction)), "
                    + "below the \(QRPlacement.preferredModulePixels) px a phone reads reliably after recompression", sources)
        }
        var ran = ["fit", "contrast (WCAG AA)"]
        if !codes.isEmpty {
            ran.append("QR module size")
            ran.append(scan(raster, placements: Self.placements(in: output.displayList.items), labels: codes.map(\.0), sources: sources))
        }
        summary = ran.joined(separator: ", ")
    }

    /// Reads each code back after the typical recompression of the scan lint; says what it checked.
    private mutating func scan(_ raster: Raster, placements: [QRPlacement], labels: [String], sources: ElementSources) -> String {
        if let missing = QRScanner.availability() { return "QR scan skipped (\(missing.description))" }
        let typical = ScanLint.Case.typical
        let recompression = Recompression(scale: typical.scale, jpegQuality: typical.jpegQuality)
        let squares = placements.map { (x: $0.drawnPixels.x, y: $0.drawnPixels.y, side: $0.drawnPixels.side) }
        do {
            let found = try QRScanner.texts(in: raster, after: recompression, squares: squares)
            for (index, (placement, read)) in zip(placements, found).enumerated() {
                guard let text = placement.matrix.text, !read.contains(text) else { continue }
                // Layout lists codes in the order the dump lists their elements.
                let label = index < labels.count ? labels[index] : "qr"
                let got = read.isEmpty ? "zbar found no code there" : "zbar read other text there"
                add("scan", "error", element: label, "\(label): the QR code does not read back after \(recompression) (\(got))", sources)
            }
        } catch {
            return "QR scan failed (\(error.description))"
        }
        return "QR scan after \(recompression)"
    }

    /// Every QR code in a display list as placed, groups included.
    static func placements(in items: [DisplayItem]) -> [QRPlacement] {
        items.flatMap { item -> [QRPlacement] in
            switch item {
            case .qr(let placement, _, _): [placement]
            case .group(let children, _, _, _, _, _): placements(in: children)
            default: []
            }
        }
    }

    private mutating func add(_ kind: String, _ severity: String, element: String, _ message: String, _ sources: ElementSources) {
        var item: [String: Any] = ["kind": kind, "severity": severity, "element": element, "message": message]
        if let source = sources.source(of: element) {
            item["path"] = source.path
            item["line"] = source.line
            item["column"] = source.column
        }
        items.append(item)
    }
}
