import PosterKit
import Foundation
import PosterFiles
import PosterHashing
import PosterLinks

extension Manifest {
    /// What a poster's bytes depend on besides its result: recorded with every
    /// entry, so that `batch --resume` keeps only posters made exactly the way
    /// this run would make them and renders the stale ones again.
    public struct Provenance: Codable, Sendable, Hashable {
        /// The tool's version and a digest of the drawing libraries' versions and the pinned font files.
        public var engine: String
        /// The PNG compression setting (`fast`, `balanced`, `smallest`).
        public var compression: String
        /// The theme's content digest (`Theme.contentDigest`).
        public var theme: String
        /// How the poster's links were printed (`LinkStyle.fingerprint`); absent in
        /// manifests written before link bases existed, which printed `nmti` links.
        public var links: String?

        /// Creates a provenance record.
        public init(engine: String, compression: String, theme: String, links: String? = nil) {
            self.engine = engine
            self.compression = compression
            self.theme = theme
            self.links = links == LinkStyle.scheme.fingerprint ? nil : links
        }

        /// What differs from an entry's recorded provenance: `theme`, `compression`,
        /// `engine` and/or `links`; `provenance` when the entry records none (an older manifest).
        public func differences(from recorded: Provenance?) -> [String] {
            guard let recorded else { return ["provenance"] }
            var changed: [String] = []
            if recorded.theme != theme { changed.append("theme") }
            if recorded.compression != compression { changed.append("compression") }
            if recorded.engine != engine { changed.append("engine") }
            if recorded.links != links { changed.append("links") }
            return changed
        }
    }
}
