import Foundation
import PosterGraphics
import PosterFiles

extension Theme {
    /// Resolves every asset reference for all 32 variants, checks each path stays
    /// inside the theme folder (no `..`, absolute paths or symlinks leading out),
    /// and decodes each distinct file once.
    static func loadAssets(for theme: Theme, context: ThemeReadContext, diagnostics: Diagnostics) -> [String: ImageAsset] {
        var assets: [String: ImageAsset] = [:]
        var failed: Set<String> = []
        var decodedBytes = 0
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
                let status = FileStatus(real)
                // A FIFO or device would block or never end; a folder cannot be an image.
                guard let status, status.kind == .regular else {
                    report("is not a regular file")
                    continue
                }
                if status.size > ImageAsset.Limits.maximumBytes {
                    let size = status.size
                    report("\(size) bytes; an asset may have at most \(ImageAsset.Limits.maximumBytes)")
                    continue
                }
                let data: Data
                do throws(RegularFileBytes.Failure) {
                    data = try RegularFileBytes.contents(real, limit: ImageAsset.Limits.maximumBytes)
                } catch {
                    // Swapped since the checks above: say what it is now.
                    switch error {
                    case .system(let code):
                        failed.insert(relative)
                        diagnostics.unreadableFile("asset '\(relative)': cannot be read: \(RegularFileBytes.Failure.reason(code))",
                                                   path: reference.path, location: reference.location)
                    case .notRegular: report("is not a regular file")
                    case .tooLarge(let size): report("\(size) bytes; an asset may have at most \(ImageAsset.Limits.maximumBytes)")
                    }
                    continue
                }
                do {
                    let asset = try ImageAsset.decode(data, name: relative)
                    decodedBytes += asset.decodedBytes
                    guard decodedBytes <= ThemeLimits.maximumAssetBytes else {
                        report("the theme's images take more than \(ThemeLimits.maximumAssetBytes >> 20) MiB once decoded; use fewer or smaller images")
                        return assets
                    }
                    assets[relative] = asset
                } catch {
                    // The graphics layer names the file too; say it once.
                    report(error.message.hasPrefix(relative + ": ") ? String(error.message.dropFirst(relative.count + 2)) : error.message)
                }
            }
        }
        return assets
    }
}
