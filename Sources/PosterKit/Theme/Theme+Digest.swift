import Foundation
import PosterFiles
import PosterHashing

extension Theme {
    /// The theme's content digest: SHA-256 over its layout file, every asset it
    /// loaded and every font file it ships, each with its relative path, so editing any of them (or pointing an
    /// asset path elsewhere) changes it. A file that cannot be read counts as
    /// "unreadable", so it still differs from any digest a readable version gave.
    public var contentDigest: String {
        var bytes = Data()
        func add(_ name: String, _ url: URL) {
            // Assets are bounded at load; 256 MiB only stops a file swapped since then.
            let content = RegularFileBytes.read(url.path, limit: 256 << 20)
            bytes += Data("\(name)\0\(content.map { SHA256.hex($0) } ?? "unreadable")\n".utf8)
        }
        add(Theme.fileName, file)
        for path in assets.keys.sorted() { add(path, folder.appendingPathComponent(path)) }
        // Fonts after assets, marked, so a font and an image of the same path differ.
        for path in fonts.files { add("font:" + path, folder.appendingPathComponent(path)) }
        return SHA256.hex(bytes)
    }
}
