import PosterKit

extension Manifest {
    /// What a merge tolerates besides a complete, disjoint set of shards.
    public struct MergePolicy: Sendable, Hashable {
        /// Accept a set of shards with some missing (`--allow-partial`).
        public var allowsPartial: Bool
        /// Accept the same shard twice and a poster listed in two manifests with the
        /// same sha256 (`--allow-duplicates`); a poster whose sha256 differs is always an error.
        public var allowsDuplicates: Bool

        /// Creates a policy; the default refuses incomplete and duplicate sets.
        public init(allowsPartial: Bool = false, allowsDuplicates: Bool = false) {
            self.allowsPartial = allowsPartial
            self.allowsDuplicates = allowsDuplicates
        }
    }

    /// Merges manifests into one, sorted by theme, format, pack and code. Posters are known
    /// by their file, which differs between formats: one result in two formats is two entries.
    ///
    /// The manifests that name a shard must be shards of one batch (the same N) and,
    /// unless the policy allows otherwise, cover 1…N exactly once; manifests without
    /// a shard (whole batches, earlier merges) are merged as they are. A poster
    /// listed twice is an error unless duplicates are allowed and the sha256 agrees.
    /// Posters of one theme whose recorded provenance names another theme digest or
    /// compression are always an error (the engine may differ between machines).
    public static func merge(
        _ manifests: [(name: String, manifest: Manifest)], policy: MergePolicy = MergePolicy()
    ) throws(ManifestError) -> Manifest {
        try checkShardSet(manifests, policy: policy)
        var byFile: [String: (name: String, entry: Entry)] = [:]
        var madeWith: [String: (name: String, entry: Entry, provenance: Provenance)] = [:]
        for (name, manifest) in manifests {
            for (index, entry) in manifest.entries.enumerated() {
                // One theme's posters must come from one theme version and one compression:
                // shards rendered before and after a theme edit would make a mixed batch.
                if let provenance = entry.provenance {
                    if let first = madeWith[entry.theme] {
                        let changed = provenance.differences(from: first.provenance).filter { $0 != "engine" }
                        guard changed.isEmpty else {
                            throw ManifestError(.invalid, file: name, path: "entries[\(index)].provenance", reason: "\(entry.file) was made with another \(changed.joined(separator: " and ")) than \(first.entry.file) in \(first.name); render the stale shard again")
                        }
                    } else {
                        madeWith[entry.theme] = (name, entry, provenance)
                    }
                }
                if let (other, existing) = byFile[entry.file] {
                    let path = "entries[\(index)]"
                    guard existing.sha256 == entry.sha256 else {
                        throw ManifestError(.invalid, file: name, path: path, reason: "\(entry.file) differs from the one in \(other) (sha256 \(entry.sha256.prefix(12)) vs \(existing.sha256.prefix(12)))")
                    }
                    guard policy.allowsDuplicates else {
                        throw ManifestError(.invalid, file: name, path: path, reason: "\(entry.file) is also listed in \(other) (pass --allow-duplicates to merge overlapping manifests)")
                    }
                }
                byFile[entry.file] = (name, entry)
            }
        }
        return Manifest(entries: byFile.values.map(\.entry))
    }

    /// Checks that the sharded manifests form one complete set of disjoint shards.
    private static func checkShardSet(
        _ manifests: [(name: String, manifest: Manifest)], policy: MergePolicy
    ) throws(ManifestError) {
        var first: (name: String, shard: BatchPlan.Shard)?
        var seen: [Int: String] = [:]
        for (name, manifest) in manifests {
            guard let text = manifest.shard, let shard = BatchPlan.Shard(text) else { continue }
            if let first, first.shard.count != shard.count {
                throw ManifestError(.invalid, file: name, path: "shard", reason: "shard \(shard) is not from the same batch as shard \(first.shard) in \(first.name)")
            }
            if first == nil { first = (name, shard) }
            if let other = seen[shard.index], !policy.allowsDuplicates {
                throw ManifestError(.invalid, file: name, path: "shard", reason: "shard \(shard) is also given as \(other) (pass --allow-duplicates to merge it twice)")
            }
            seen[shard.index] = seen[shard.index] ?? name
        }
        guard let first, !policy.allowsPartial else { return }
        let missing = (1...first.shard.count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            let list = missing.prefix(10).map { "\($0)/\(first.shard.count)" }.joined(separator: ", ")
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "")
            throw ManifestError(.invalid, file: first.name, path: "shard", reason: "\(missing.count) of \(first.shard.count) shards are missing: \(list) (merge them too, or pass --allow-partial)")
        }
    }
}
