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
    public convenience init(fonts: [PinnedFont] = PinnedFont.standard) throws(GraphicsError) {
        try self.init(fonts: fonts, useSystemCache: true)
    }

    /// `useSystemCache: false` always scans the font files (for tests comparing both ways).
    init(fonts: [PinnedFont], useSystemCache: Bool) throws(GraphicsError) {
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
        guard FcConfigParseAndLoadFromMemory(config, Self.rules, 1) != 0,
              !useSystemCache || FcConfigParseAndLoadFromMemory(config, Self.cacheRules, 1) != 0
        else {
            FcConfigDestroy(config)
            throw GraphicsError(.fontSetup, "fontconfig rejected the engine's built-in rules")
        }
        let cached = useSystemCache ? Self.addFromSystemCache(fonts, to: config) : []
        for (index, font) in fonts.enumerated() where !cached.contains(index) && FcConfigAppFontAddFile(config, font.path) == 0 {
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

    /// Where fontconfig's own caches live (as in Debian's /etc/fonts/fonts.conf). They
    /// are only ever read here: fonts come from a cache file only when fontconfig
    /// finds it valid, and nothing is scanned or written through these entries.
    static let cacheRules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <cachedir>/var/cache/fontconfig</cachedir>
          <cachedir prefix="xdg">fontconfig</cachedir>
        </fontconfig>
        """

    /// Adds the pinned fonts that fontconfig's cache files already describe, and
    /// returns the indices (into `fonts`) of those added.
    ///
    /// Why: `FcConfigAppFontAddFile` opens every face of a file with FreeType and
    /// walks its character map. The four Noto CJK collections hold 40 faces, and
    /// scanning them was most of the process start-up (`nmti-bench`: about 60 ms of
    /// CPU, and tens of MB of font pages made resident). The system cache, written
    /// by `fc-cache` when the font packages were installed, holds exactly the
    /// patterns that scan would produce; reading it takes about a millisecond.
    ///
    /// The patterns go into the application font set in the same order as
    /// `FcConfigAppFontAddFile` would add them (pinned order, then face order), so
    /// font matching, ties included, is unchanged. A file is only taken from a
    /// cache that fontconfig validates against its folder, and only if the file is
    /// no newer than that folder; anything else is scanned as before.
    private static func addFromSystemCache(_ fonts: [PinnedFont], to config: OpaquePointer) -> Set<Int> {
        // Make sure the application font set exists: adding a folder that cannot
        // exist creates it and adds nothing (no scan, no cache write).
        if FcConfigGetFonts(config, FcSetApplication) == nil {
            _ = FcConfigAppFontAddDir(config, "/proc/self/nmti-poster-no-such-folder")
        }
        guard let applicationFonts = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var caches: [String: OpaquePointer?] = [:]
        var cachedSets: [String: UnsafeMutablePointer<FcFontSet>] = [:]
        defer {
            for set in cachedSets.values { FcFontSetDestroy(set) }
            for cache in caches.values { if let cache { FcDirCacheUnload(cache) } }
        }
        var added = Set<Int>()
        for (index, font) in fonts.enumerated() {
            let folder = (font.path as NSString).deletingLastPathComponent
            if caches[folder] == nil {
                let cache = FcDirCacheLoad(folder, config, nil)
                caches[folder] = .some(cache)
                if let cache, let set = FcCacheCopySet(cache) { cachedSets[folder] = set }
            }
            guard let set = cachedSets[folder], Self.isNoNewerThanFolder(font.path, folder) else { continue }
            var patterns: [OpaquePointer] = []
            for position in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[position] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                      String(cString: file) == font.path
                else { continue }
                patterns.append(pattern)
            }
            guard !patterns.isEmpty else { continue }
            for pattern in patterns {
                FcPatternReference(pattern)
                FcFontSetAdd(applicationFonts, pattern)
            }
            added.insert(index)
        }
        return added
    }

    /// Whether a font file was last changed no later than its folder, so that a
    /// cache validated against the folder also describes the file.
    private static func isNoNewerThanFolder(_ path: String, _ folder: String) -> Bool {
        var fileStatus = stat()
        var folderStatus = stat()
        guard stat(path, &fileStatus) == 0, stat(folder, &folderStatus) == 0 else { return false }
        let file = (fileStatus.st_mtim.tv_sec, fileStatus.st_mtim.tv_nsec)
        let folderTime = (folderStatus.st_mtim.tv_sec, folderStatus.st_mtim.tv_nsec)
        return file <= folderTime
    }

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
            let library = try FontLibrary()
            // Also the process's default configuration, so that nothing else
            // (librsvg drawing SVG text, Pango's own start-up) loads the system
            // fontconfig setup or sees any font but the pinned ones.
            FcConfigSetCurrent(library.config)
            result = .success(library)
        } catch {
            result = .failure(error)
        }
        cached = result
        return try result.get()
    }
}
