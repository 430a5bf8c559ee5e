import Foundation
import PosterFiles
import PosterGraphics

/// The font files a theme ships (`fonts`) and the private font configuration its
/// renders use; none for most themes.
package struct ThemeFonts: Sendable {
    /// The files, relative to the theme folder, as the theme lists them.
    package let files: [String]
    /// The pinned fonts plus these files; nil when the theme ships none.
    package let library: FontLibrary?
    /// The families the files declare, usable in `font`.
    package let families: Set<String>

    /// A theme that ships no fonts.
    static let none = ThemeFonts(files: [], library: nil, families: [])
}

extension Theme {
    /// Reads `fonts`: OpenType or TrueType files inside the theme folder, checked like
    /// assets (relative, no way out, regular, within the size limits) and by their
    /// first bytes, then loaded into a font configuration of the theme's own. A family
    /// a file declares that is already pinned is refused: it would change what every
    /// other text of that family looks like.
    static func loadFonts(_ object: ObjectReader, folder: URL) -> ThemeFonts {
        guard let nodes = object.array("fonts") else { return .none }
        let path = object.path(for: "fonts")
        let diagnostics = object.diagnostics
        if nodes.count > ThemeLimits.maximumFontFiles {
            object.report("at most \(ThemeLimits.maximumFontFiles) font files, found \(nodes.count)", for: "fonts")
            return .none
        }
        var files: [(relative: String, real: String, path: JSONPath, location: SourceLocation)] = []
        var total = 0
        let realFolder = folder.resolvingSymlinksInPath().path
        for (index, node) in nodes.enumerated() {
            let itemPath = path.appending(index)
            guard let relative = node.stringValue else {
                diagnostics.error("expected a font file's path, such as \"fonts/MyFace.otf\", found \(node.summary)", path: itemPath, location: node.location)
                continue
            }
            func report(_ message: String) {
                diagnostics.error("font '\(String(relative.prefix(120)))': \(message)", path: itemPath, location: node.location)
            }
            guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\\"), !relative.contains("\0"),
                  !relative.split(separator: "/").contains("..")
            else {
                report("must be a relative path inside the theme folder (no '/' at the start, no '..')")
                continue
            }
            let url = folder.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path) else {
                report("no such file in \(folder.path)")
                continue
            }
            let real = url.resolvingSymlinksInPath().path
            guard real.hasPrefix(realFolder + "/") else {
                report("leads outside the theme folder (to \(real))")
                continue
            }
            guard let status = FileStatus(real), status.kind == .regular else {
                report("is not a regular file")
                continue
            }
            guard status.size <= ThemeLimits.maximumFontFileBytes else {
                report("\(status.size) bytes; a font file may have at most \(ThemeLimits.maximumFontFileBytes)")
                continue
            }
            guard let head = RegularFileBytes.read(real, limit: ThemeLimits.maximumFontFileBytes)?.prefix(4),
                  isFontFile(Array(head))
            else {
                report("is not an OpenType (.otf) or TrueType (.ttf) font; collections (.ttc), WOFF and WOFF2 are not read")
                continue
            }
            total += status.size
            guard total <= ThemeLimits.maximumFontBytes else {
                report("the theme's font files take more than \(ThemeLimits.maximumFontBytes >> 20) MiB together")
                break
            }
            if !files.contains(where: { $0.real == real }) { files.append((relative, real, itemPath, node.location)) }
        }
        guard !files.isEmpty else { return .none }
        let library: FontLibrary
        do throws(GraphicsError) {
            library = try FontLibrary(themeFiles: files.map(\.real))
        } catch {
            diagnostics.error(error.message, path: path, location: nodes.first?.location)
            return .none
        }
        let pinned = Set(PinnedFont.standard.map(\.family))
        var families: Set<String> = []
        for file in files {
            let declared = library.themeFamilies[file.real] ?? []
            if declared.isEmpty {
                diagnostics.error("font '\(file.relative)': declares no family name", path: file.path, location: file.location)
            }
            for family in declared {
                if pinned.contains(family) {
                    diagnostics.error(
                        "font '\(file.relative)': declares the family '\(family)', which the engine pins; a theme's font cannot replace a pinned one (rename the family in the file)",
                        path: file.path, location: file.location)
                } else {
                    families.insert(family)
                }
            }
        }
        return ThemeFonts(files: files.map(\.relative), library: library, families: families)
    }

    /// Whether the first bytes are those of an OpenType or TrueType font: `00 01 00 00`,
    /// `OTTO` (CFF outlines) or `true` (old Apple TrueType).
    static func isFontFile(_ head: [UInt8]) -> Bool {
        guard head.count == 4 else { return false }
        return head == [0, 1, 0, 0] || head == Array("OTTO".utf8) || head == Array("true".utf8)
    }
}
