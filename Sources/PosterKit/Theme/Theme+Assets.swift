import Foundation
import PosterGraphics

extension Theme {
    /// Resolves every asset reference for all 32 variants, checks each path stays
    /// inside the theme folder (no `..`, absolute paths or symlinks leading out),
    /// and decodes each distinct file once.
    static func loadAssets(for theme: Theme, context: ThemeReadContext, diagnostics: Diagnostics) -> [String: ImageAsset] {
        var assets: [String: ImageAsset] = [:]
        var failed: Set<String> = []
        let bindings = variantResults.map { theme.bind($0) }
        let realFolder = theme.folder.resolvingSymlinksInPath().path
        for reference in context.assetReferences {
            for values in bindings {
                let relative = reference.template.render(values)
                guard assets[relative] == nil, !failed.contains(relative) else { continue }
                func report(_ message: String) {
                    failed.insert(relative)
                    diagnostics.error("asset '\(relative)': \(message)", path: reference.path, location: reference.location)
                }
                guard !relative.isEmpty else {
                    report("the path is empty")
                    continue
                }
                guard !relative.hasPrefix("/"), !relative.contains("\\"), !relative.contains("\0"),
                      !relative.split(separator: "/").contains("..")
                else {
                    report("must be a relative path inside the theme folder (no '/' at the start, no '..')")
                    continue
                }
                let url = theme.folder.appendingPathComponent(relative)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    report("no such file in \(theme.folder.path)")
                    continue
                }
                let real = url.resolvingSymlinksInPath().path
                guard real.hasPrefix(realFolder + "/") else {
                    report("leads outside the theme folder (to \(real))")
                    continue
                }
                let attributes = try? FileManager.default.attributesOfItem(atPath: real)
                if let size = attributes?[.size] as? Int, size > ImageAsset.Limits.maximumBytes {
                    report("\(size) bytes; an asset may have at most \(ImageAsset.Limits.maximumBytes)")
                    continue
                }
                guard let data = FileManager.default.contents(atPath: real) else {
                    report("cannot be read")
                    continue
                }
                do {
                    assets[relative] = try ImageAsset.decode(data, name: relative)
                } catch {
                    report(error.message)
                }
            }
        }
        return assets
    }
}
