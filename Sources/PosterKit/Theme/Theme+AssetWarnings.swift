import PosterGraphics

extension Theme {
    /// What loading the theme's assets found that works but not as the designer meant: an
    /// SVG whose text asks for a font family that is not pinned, and so is drawn in
    /// whichever pinned font fontconfig matches. One line each, naming the theme file,
    /// the asset and the family; `themes validate` and `preview` print them.
    public var assetWarnings: [String] {
        let pinned = Set(PinnedFont.standard.map(\.family)).sorted().joined(separator: ", ")
        return assets.keys.sorted().flatMap { path in
            (assets[path]?.unpinnedFontFamilies ?? []).map { family in
                "\(file.path): warning: asset '\(path)': its text asks for font family '\(family)', which is not pinned, "
                    + "so it is drawn in another font; use one of \(pinned), or convert the text to paths"
            }
        }
    }
}
