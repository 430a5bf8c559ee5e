import CPangoFT2
import Foundation
import Synchronization

/// A private fontconfig configuration that sees only the pinned font files.
///
/// Created once per process (`FontLibrary.standard()`) and shared by every
/// render thread; it is immutable after creation and fontconfig's read paths
/// are thread-safe.
package final class FontLibrary: @unchecked Sendable {
    /// The pinned fonts this library loaded.
    package let fonts: [PinnedFont]
    /// The family names available to themes.
    package let families: Set<String>
    /// For each font file a theme ships (see `init(themeFiles:)`), the families it declares.
    package let themeFamilies: [String: [String]]
    let config: OpaquePointer

    /// Loads the given font files into a fresh configuration; a missing file is
    /// an error naming the Debian package to install.
    package convenience init(fonts: [PinnedFont] = PinnedFont.standard) throws(GraphicsError) {
        try self.init(fonts: fonts, useSystemCache: true)
    }

    /// `useSystemCache: false` always scans the font files (for tests comparing both ways).
    init(fonts: [PinnedFont], useSystemCache: Bool, themeFiles: [String] = []) throws(GraphicsError) {
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
        // In pinned order, each file from fontconfig's cache when it has a valid one, else scanned.
        let cache = useSystemCache ? SystemFontCache(config: config) : nil
        defer { cache?.close() }
        var loaded: Set<String> = []
        // A file that gives several families (the CJK collections) is added once.
        for font in fonts where loaded.insert(font.path).inserted {
            if let cache, cache.add(font) { continue }
            guard FcConfigAppFontAddFile(config, font.path) != 0 else {
                FcConfigDestroy(config)
                throw GraphicsError(.fontSetup, "fontconfig could not load \(font.path) (\(font.family))")
            }
        }
        var themeFamilies: [String: [String]] = [:]
        for file in themeFiles {
            guard FcConfigAppFontAddFile(config, file) != 0 else {
                FcConfigDestroy(config)
                throw GraphicsError(.fontSetup, "fontconfig could not read \(file) as a font")
            }
            themeFamilies[file] = Self.families(of: file, in: config)
        }
        self.config = config
        self.fonts = fonts
        self.families = Set(fonts.map(\.family)).union(themeFamilies.values.joined())
        self.themeFamilies = themeFamilies
    }

    /// A private configuration with the pinned fonts and the font files a theme ships
    /// (absolute paths, already checked), for that theme's renders only.
    ///
    /// Why a configuration per theme rather than adding the files to the shared one:
    /// the shared configuration is read by every render thread at once, and fontconfig
    /// does not lock its font sets against a concurrent `FcConfigAppFontAddFile`; nor
    /// would the workers' Pango font maps, which cache font sets, see fonts added later.
    /// A configuration of its own is immutable once made, like the shared one, and keeps
    /// one theme's family names from ever matching in another theme's renders. The
    /// pinned files come from fontconfig's cache, so making one takes about a millisecond.
    package convenience init(themeFiles: [String]) throws(GraphicsError) {
        try self.init(fonts: PinnedFont.standard, useSystemCache: true, themeFiles: themeFiles)
    }

    /// The family names of every face fontconfig added from `file`.
    private static func families(of file: String, in config: OpaquePointer) -> [String] {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var families: [String] = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[position] else { continue }
            var path: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path,
                  String(cString: path) == file
            else { continue }
            var index: Int32 = 0
            var family: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, index, &family) == FcResultMatch, let name = family {
                let text = String(cString: name)
                if !families.contains(text) { families.append(text) }
                index += 1
            }
        }
        return families
    }

    deinit { FcConfigDestroy(config) }

    /// The only fontconfig rules in force: scale bitmap-only fonts (colour emoji)
    /// to the requested size, as the system's 10-scale-bitmap-fonts.conf does, so
    /// that Pango measures emoji at the size of the text around them; and slant an
    /// outline font by 0.2 (about 11°) when italic is asked for and the family has
    /// no italic face (none of the pinned ones has), as 90-synthetic.conf does.
    /// Colour emoji stay upright.
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
          <match target="font">
            <test name="outline" compare="eq"><bool>true</bool></test>
            <test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix>
              </times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
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

    /// Families whose glyphs are colour bitmaps and must be drawn scaled.
    var colorBitmapFamilies: Set<String> { Set(fonts.filter(\.isColorBitmap).map(\.family)) }

    private static let cached = Mutex<Result<FontLibrary, GraphicsError>?>(nil)

    /// The process-wide library of the standard pinned fonts, loaded on first use.
    package static func standard() throws(GraphicsError) -> FontLibrary {
        try cached.withLock { cached throws(GraphicsError) in
            if let cached { return try cached.get() }
            let result = load()
            cached = result
            return try result.get()
        }
    }

    /// Loads the pinned fonts and makes their configuration fontconfig's current one.
    private static func load() -> Result<FontLibrary, GraphicsError> {
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
        return result
    }
}

/// Adds pinned fonts to a configuration from fontconfig's cache files instead of
/// scanning them.
///
/// Why: `FcConfigAppFontAddFile` opens every face of a file with FreeType and walks
/// its character map. The four Noto CJK collections hold 40 faces, and scanning them
/// was most of the process start-up (callgrind: 520 M instructions; 55 ms on a quiet
/// machine) and made tens of MB of font pages resident. The system cache, written by
/// `fc-cache` when the font packages were installed, holds exactly the patterns that
/// scan produces; reading it takes under a millisecond.
///
/// Each file's patterns go into the application font set where and in the order
/// `FcConfigAppFontAddFile` would have put them (the caller adds fonts in pinned
/// order, falling back to a scan per file), so matching, ties included, is unchanged.
/// A file is only taken from a cache that fontconfig validates against its folder,
/// and only if the file is no newer than that folder. Nothing is scanned or written
/// through the cache directories.
final class SystemFontCache {
    private let applicationFonts: UnsafeMutablePointer<FcFontSet>?
    private let config: OpaquePointer
    private var caches: [String: OpaquePointer] = [:]
    private var sets: [String: UnsafeMutablePointer<FcFontSet>] = [:]
    private var missing: Set<String> = []

    init(config: OpaquePointer) {
        self.config = config
        // Make sure the application font set exists: adding a folder that cannot
        // exist creates it and adds nothing (no scan, no cache write).
        if FcConfigGetFonts(config, FcSetApplication) == nil {
            _ = FcConfigAppFontAddDir(config, "/proc/self/nmti-poster-no-such-folder")
        }
        applicationFonts = FcConfigGetFonts(config, FcSetApplication)
    }

    /// Adds the file's patterns from a valid cache; false when it must be scanned.
    func add(_ font: PinnedFont) -> Bool {
        guard let applicationFonts else { return false }
        let folder = (font.path as NSString).deletingLastPathComponent
        guard let set = cachedSet(folder), Self.isNoNewerThanFolder(font.path, folder) else { return false }
        var patterns: [OpaquePointer] = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[position] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                  String(cString: file) == font.path
            else { continue }
            patterns.append(pattern)
        }
        guard !patterns.isEmpty else { return false }
        for pattern in patterns {
            FcPatternReference(pattern)
            FcFontSetAdd(applicationFonts, pattern)
        }
        return true
    }

    /// Releases the cache files; the added patterns keep what they use alive.
    func close() {
        for set in sets.values { FcFontSetDestroy(set) }
        for cache in caches.values { FcDirCacheUnload(cache) }
        sets = [:]
        caches = [:]
    }

    private func cachedSet(_ folder: String) -> UnsafeMutablePointer<FcFontSet>? {
        if let set = sets[folder] { return set }
        guard !missing.contains(folder) else { return nil }
        guard let cache = FcDirCacheLoad(folder, config, nil) else {
            missing.insert(folder)
            return nil
        }
        caches[folder] = cache
        guard let set = FcCacheCopySet(cache) else {
            missing.insert(folder)
            return nil
        }
        sets[folder] = set
        return set
    }

    /// Whether a font file was last changed no later than its folder, so that a
    /// cache validated against the folder also describes the file.
    private static func isNoNewerThanFolder(_ path: String, _ folder: String) -> Bool {
        var fileStatus = stat()
        var folderStatus = stat()
        guard stat(path, &fileStatus) == 0, stat(folder, &folderStatus) == 0 else { return false }
        return (fileStatus.st_mtim.tv_sec, fileStatus.st_mtim.tv_nsec) <= (folderStatus.st_mtim.tv_sec, folderStatus.st_mtim.tv_nsec)
    }
}
