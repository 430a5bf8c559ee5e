import PosterKit
import NMTIDomain

/// Which posters a batch renders: themes (each in one or more formats) x packs x the 16
/// types, optionally one shard of them.
public struct BatchPlan: Sendable {
    /// One poster to render.
    public struct Job: Sendable {
        /// The theme to render with, in the format it draws (`Theme.inFormat(_:)`).
        public let theme: Theme
        /// The copy pack.
        public let pack: QuizPack
        /// The personality.
        public let code: PersonalityCode
        /// The output path relative to the batch folder: `<theme>/<pack>/<CODE>.png` for the
        /// poster format, `<theme>/<format>/<pack>/<CODE>.png` for another (format names are
        /// never `workplace` or `student`, so the two never meet).
        public var file: String {
            "\(Manifest.Entry.formatFolder(theme.formatName, in: theme.name))/\(pack.rawValue)/\(code.rawValue).png"
        }
        /// The catalogue result this poster shows.
        public var result: QuizResult { QuizResult.catalogueSample(for: code, pack: pack) }
    }

    /// A slice `index` of `count` (1-based), for spreading a batch over machines.
    public struct Shard: Sendable, Hashable, CustomStringConvertible {
        /// Which slice, from 1 to `count`.
        public let index: Int
        /// How many slices the batch is split into.
        public let count: Int

        /// Parses "K/N" with 1 <= K <= N.
        public init?(_ text: String) {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                  count >= 1, count <= 10_000, index >= 1, index <= count
            else { return nil }
            self.index = index
            self.count = count
        }

        public var description: String { "\(index)/\(count)" }
    }

    /// The jobs, in canonical order (theme, format as the theme lists them, pack, code).
    public let jobs: [Job]
    /// The shard, if the plan is one.
    public let shard: Shard?

    /// Plans every variant of `themes` for `packs`, each theme in the format it draws (give
    /// `Theme.everyFormat` for all of them); a shard keeps every N-th job, so the N shards
    /// are disjoint and together cover the whole batch.
    public init(themes: [Theme], packs: [QuizPack] = QuizPack.allCases, shard: Shard? = nil) {
        var jobs: [Job] = []
        // Stable: a theme's formats keep the order they were given in.
        let ordered = themes.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
        for theme in ordered {
            for pack in packs {
                for code in PersonalityCode.all {
                    jobs.append(Job(theme: theme, pack: pack, code: code))
                }
            }
        }
        if let shard {
            jobs = jobs.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        self.jobs = jobs
        self.shard = shard
    }
}
