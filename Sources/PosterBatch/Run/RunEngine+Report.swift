import PosterKit

extension RunEngine {
    /// What a run produced.
    public struct Report: Sendable {
        /// The posters of this run, rendered or kept by a resume, in canonical order.
        public internal(set) var manifest: Manifest
        /// The posters that could not be rendered or written and the results that could
        /// not be read: by file for a plan, in input order for a stream.
        public internal(set) var failures: [Failure]
        /// Jobs the source handed out (for a stream: the results read that belong to the
        /// shard, failed ones included).
        public internal(set) var results: Int
        /// The run's wall-clock time.
        public internal(set) var seconds: Double
        /// Posters a resume found already written, intact and made the same way, and kept.
        public internal(set) var reused: Int
        /// Posters a resume found intact but made another way, rendered again: how many for
        /// each difference (`theme`, `compression`, `engine`, `links`, `provenance`).
        public internal(set) var stale: [String: Int]
        /// Recorded posters a resume rendered again because their file is not the one
        /// recorded: how many for each reason (`missing`, `changed bytes`, `not a regular
        /// file`, `hard-linked`, `unreadable`, `recorded for another poster`, `recorded for
        /// another result`).
        public internal(set) var damaged: [String: Int]
        /// Recorded posters a resume rendered again, damaged or stale, each counted once.
        public internal(set) var renderedAgain: Int
    }
}
