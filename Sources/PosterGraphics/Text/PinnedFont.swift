import PosterDisplay

/// A font file the engine is allowed to use, and the Debian package that installs it.
///
/// Rendering sees only these files, never the machine's other fonts, so output
/// does not change with whatever else is installed.
package struct PinnedFont: Sendable, Hashable {
    /// The fontconfig family name themes refer to, such as "Noto Sans CJK SC".
    package let family: String
    /// The absolute path of the font file.
    package let path: String
    /// The Debian package that provides the file.
    package let package: String
    /// Whether the font's glyphs are colour bitmaps (CBDT) that need scaled drawing.
    package let isColorBitmap: Bool

    /// Creates a pinned font entry.
    package init(family: String, path: String, package: String, isColorBitmap: Bool = false) {
        self.family = family
        self.path = path
        self.package = package
        self.isColorBitmap = isColorBitmap
    }

    /// The fonts the engine ships with, from Debian bookworm packages.
    package static let standard: [PinnedFont] = [
        PinnedFont(family: "Noto Sans CJK SC", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", package: "fonts-noto-cjk"),
        PinnedFont(family: "Noto Sans CJK SC", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", package: "fonts-noto-cjk"),
        // The monospaced faces are in the same collections as Noto Sans CJK SC (faces 7), so
        // the files load once; the entries make the family usable and stamp it in the goldens.
        PinnedFont(family: "Noto Sans Mono CJK SC", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", package: "fonts-noto-cjk"),
        PinnedFont(family: "Noto Sans Mono CJK SC", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", package: "fonts-noto-cjk"),
        PinnedFont(family: "Noto Serif CJK SC", path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", package: "fonts-noto-cjk"),
        PinnedFont(family: "Noto Serif CJK SC", path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", package: "fonts-noto-cjk"),
        PinnedFont(family: "Smiley Sans", path: "/usr/share/fonts/truetype/smiley-sans/SmileySans-Oblique.ttf", package: "fonts-smiley-sans"),
        PinnedFont(family: "LXGW WenKai", path: "/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Light.ttf", package: "fonts-lxgw-wenkai"),
        PinnedFont(family: "LXGW WenKai", path: "/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf", package: "fonts-lxgw-wenkai"),
        PinnedFont(family: "LXGW WenKai", path: "/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Bold.ttf", package: "fonts-lxgw-wenkai"),
        PinnedFont(family: "Noto Color Emoji", path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", package: "fonts-noto-color-emoji", isColorBitmap: true),
    ]

    /// The families every text falls back to, in order, after its own family.
    package static let fallbackFamilies = ["Noto Sans CJK SC", "Noto Color Emoji"]
}
