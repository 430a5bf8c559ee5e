import Foundation
import FuzzDriver
import NMTIDomain
import PosterKit

/// libFuzzer entry point: any bytes become a `theme.json5` in a scratch theme folder
/// (which also holds a small SVG and PNG the input may refer to), and the theme is
/// loaded and validated; a theme that loads is rendered once and must render.
/// Loading must either succeed or fail with diagnostics that each name the file
/// and a reason. Seeds and Fixtures/fuzz/theme.dict cover variable expansion.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let folder = ScratchTheme.folder
    let file = folder.appendingPathComponent("theme.json5")
    guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(file.path)")
    }
    do {
        let theme = try Theme.load(from: folder)
        let result = QuizResult(scores: DimensionScores(c: 3, s: -2, e: 5, a: -7), pack: .student,
                                nickname: "小王🔥<b>{title}</b>", fromCode: PersonalityCode("DOOM"))
        // A theme that validates renders: whatever drawing would refuse, loading refuses
        // first (docs/limits.md). A render error here is a validation gap, reported as a crash.
        do {
            _ = try ScratchTheme.renderer.render(result, theme: theme)
        } catch {
            // Only the user's own data may still fail a render (a nickname repeated past
            // what a QR code holds), and then with a message naming the theme and element.
            precondition(error.isCausedByUserData, "a theme that loads failed to render: \(error.message)")
        }
    } catch {
        precondition(!error.diagnostics.isEmpty, "a ThemeError without diagnostics")
        for diagnostic in error.diagnostics {
            precondition(diagnostic.file == file.path, "a diagnostic without the file: \(diagnostic)")
            precondition(!diagnostic.message.isEmpty, "a diagnostic without a message")
        }
    }
    return 0
}

/// The scratch theme folder and the renderer, made once per process.
enum ScratchTheme {
    static let folder: URL = {
        let folder = scratchFolder("nmti-fuzz-theme")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10' width='10' height='10'><circle cx='5' cy='5' r='4' fill='#E8503A'/></svg>"
        try? svg.write(to: folder.appendingPathComponent("assets/mark.svg"), atomically: true, encoding: .utf8)
        for code in PersonalityCode.all {
            try? svg.write(to: folder.appendingPathComponent("assets/\(code.rawValue).svg"), atomically: true, encoding: .utf8)
        }
        // A 2x2 RGBA PNG.
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D,
            0x24, 0x00, 0x00, 0x00, 0x16, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
            0x1F, 0x08, 0x1B, 0x18, 0x80, 0x34, 0x00, 0x00, 0x5A, 0x3C, 0x07, 0xF9, 0x1E, 0x2E, 0x6D, 0xA1,
            0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        FileManager.default.createFile(atPath: folder.appendingPathComponent("assets/dot.png").path, contents: Data(png))
        return folder
    }()

    static let renderer = required("renderer") { try PosterRenderer() }
}

#if FUZZING
@_cdecl("fuzz_theme_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzTheme)
}
#else
@main struct Replay {
    static func main() { replayFiles(fuzzTheme) }
}
#endif
