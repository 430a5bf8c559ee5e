import Foundation
import NMTIDomain
import PosterKit

/// libFuzzer entry point: any bytes become the one image of a scratch theme, so they
/// go through the whole asset path: file checks, PNG decoding or the SVG safety scan
/// and librsvg, then a render that draws the image. Either the theme loads and
/// renders, or it fails with a diagnostic naming the file and the reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAsset(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let folder = Scratch.folder
    guard FileManager.default.createFile(atPath: folder.appendingPathComponent("asset").path, contents: Data(bytes: data, count: size)) else {
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
            precondition(diagnostic.path.description == "elements[0].src", "unexpected diagnostic: \(diagnostic)")
            precondition(diagnostic.message.hasPrefix("asset 'asset': "), "a diagnostic without the asset: \(diagnostic)")
        }
    }
    return 0
}

enum Scratch {
    static let folder: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: base).appendingPathComponent("nmti-fuzz-asset-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let theme = """
            { canvas: { width: 120, height: 120 },
              elements: [ { type: "image", x: 10, y: 10, width: 100, height: 100, src: "asset", fit: "contain" } ] }
            """
        try? theme.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        return folder
    }()

    static let renderer: PosterRenderer = {
        do {
            return try PosterRenderer()
        } catch {
            fatalError("\(error)")
        }
    }()
}

#if FUZZING
/// SwiftPM links an executable's entry point as `<module>_main`; under libFuzzer
/// that entry point hands control to the fuzzer's driver.
@_cdecl("fuzz_asset_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzAsset)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32
#else
/// Without libFuzzer: runs each file named on the command line through the entry point.
@main struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            let data = FileManager.default.contents(atPath: path) ?? Data()
            _ = data.withUnsafeBytes { fuzzAsset($0.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count) }
            print("ok: \(path)")
        }
    }
}
#endif
