import CPangoFT2
import Foundation

/// A private fontconfig configuration that sees only the pinned font files.
///
/// Created once per process (`FontLibrary.standard()`) and shared by every
/// render thread; it is immutable after creation and fontconfig's read paths
/// are thread-safe.
public final class FontLibrary: @unchecked Sendable {
    /// The pinned fonts this library loaded.
    public let fonts: [PinnedFont]
    /// The family names available to themes.
    public let families: Set<String>
    let config: OpaquePointer

    /// Loads the given font files into a fresh configuration; a missing file is
    /// an error naming the Debian package to install.
    public init(fonts: [PinnedFont] = PinnedFont.standard) throws(GraphicsError) {
        for font in fonts where !FileManager.default.isReadableFile(atPath: font.path) {
            throw GraphicsError(
                .fontMissing,
                "font '\(font.family)' is missing: \(font.path) is not installed; install the Debian package \(font.package) (apt-get install \(font.package))")
        }
        guard let config = FcConfigCreate() else {
            throw GraphicsError(.fontSetup, "FcConfigCreate failed")
        }
        // No rescans: the set of fonts is fixed for the life of the process.
        FcConfigSetRescanInterval(config, 0)
        guard FcConfigParseAndLoadFromMemory(config, Self.rules, 1) != 0 else {
            FcConfigDestroy(config)
            throw GraphicsError(.fontSetup, "fontconfig rejected the engine's built-in rules")
        }
        for font in fonts where FcConfigAppFontAddFile(config, font.path) == 0 {
            FcConfigDestroy(config)
            throw GraphicsError(.fontSetup, "fontconfig could not load \(font.path) (\(font.family))")
        }
        self.config = config
        self.fonts = fonts
        self.families = Set(fonts.map(\.family))
    }

    deinit { FcConfigDestroy(config) }

    /// The only fontconfig rules in force: scale bitmap-only fonts (colour emoji)
    /// to the requested size, as the system's 10-scale-bitmap-fonts.conf does, so
    /// that Pango measures emoji at the size of the text around them.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double>
                        <double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

    /// Families whose glyphs are colour bitmaps and must be drawn scaled.
    var colorBitmapFamilies: Set<String> { Set(fonts.filter(\.isColorBitmap).map(\.family)) }

    nonisolated(unsafe) private static var cached: Result<FontLibrary, GraphicsError>?
    private static let lock = NSLock()

    /// The process-wide library of the standard pinned fonts, loaded on first use.
    public static func standard() throws(GraphicsError) -> FontLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return try cached.get() }
        let result: Result<FontLibrary, GraphicsError>
        do {
            result = .success(try FontLibrary())
        } catch {
            result = .failure(error)
        }
        cached = result
        return try result.get()
    }
}
