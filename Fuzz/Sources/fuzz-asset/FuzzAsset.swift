import Foundation
import FuzzDriver
import NMTIDomain
import PosterKit

/// libFuzzer entry point: any bytes become the one image of a scratch theme, so they
/// go through the whole asset path: file checks, PNG decoding or the SVG safety check
/// (gzip, libxml2's parse and the rules) and librsvg, then a render that draws the
/// image. The bytes are tried twice: as they are, and wrapped in gzip (librsvg
/// decompresses by the magic bytes, so a compressed copy must be checked the same
/// way). Either the theme loads and renders, or it fails with a diagnostic naming
/// the file and the reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAsset(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    loadAndRender(Data(bytes))
    loadAndRender(Data(GzipWrap.wrap(bytes)))
    return 0
}

func loadAndRender(_ asset: Data) {
    let folder = Scratch.folder
    guard FileManager.default.createFile(atPath: folder.appendingPathComponent("asset").path, contents: asset) else {
        fatalError("cannot write the asset")
    }
    do {
        let theme = try Theme.load(from: folder)
        do {
            _ = try Scratch.renderer.render(QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1)), theme: theme)
        } catch {
            precondition(!error.message.isEmpty, "a RenderError without a message")
        }
    } catch {
        precondition(!error.diagnostics.isEmpty, "a ThemeError without diagnostics")
        for diagnostic in error.diagnostics {
            // An asset that checks out can still make the theme too costly to draw: the
            // render-cost budget names the image element and the asset.
            if diagnostic.path.description == "elements[0]", diagnostic.message.contains("estimated render cost") {
                precondition(diagnostic.message.contains("'asset'"), "a cost diagnostic without the asset: \(diagnostic)")
                continue
            }
            precondition(diagnostic.path.description == "elements[0].src", "unexpected diagnostic: \(diagnostic)")
            precondition(diagnostic.message.hasPrefix("asset 'asset': "), "a diagnostic without the asset: \(diagnostic)")
        }
    }
}

enum Scratch {
    static let folder: URL = {
        let folder = scratchFolder("nmti-fuzz-asset")
        let theme = """
            { canvas: { width: 120, height: 120 },
              elements: [ { type: "image", x: 10, y: 10, width: 100, height: 100, src: "asset", fit: "contain" } ] }
            """
        try? theme.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        return folder
    }()

    static let renderer = required("renderer") { try PosterRenderer() }
}

#if FUZZING
@_cdecl("fuzz_asset_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzAsset)
}
#else
@main struct Replay {
    static func main() { replayFiles(fuzzAsset) }
}
#endif
