import PosterKit

/// What checking one golden found, and what the run did about it.
public struct GoldenOutcome: Sendable {
    /// What was found.
    public enum Status: String, Sendable, CaseIterable {
        /// The render matches the golden (exactly, or within its tolerance).
        case passed
        /// The render differs: pixels, size, or the golden cannot be used (undecodable, blank).
        case changed
        /// There was no golden; it was recorded now. Fails until the next run.
        case new
        /// There is no golden and this run may not record one.
        case missing
        /// A golden (or tolerance file) exists that no case renders.
        case obsolete
        /// The case cannot be checked: the render failed or is blank, or the tolerance file is invalid.
        case error
    }

    /// What the run wrote into the goldens folder.
    public enum Action: String, Sendable {
        /// Wrote a golden that did not exist.
        case recorded
        /// Replaced a golden with the current render.
        case rewritten
        /// Deleted an obsolete file.
        case removed
    }

    /// The images left for a failure, relative to the artifacts folder.
    public struct Artifacts: Sendable, Hashable {
        /// The golden as recorded.
        public var expected: String?
        /// The current render.
        public var actual: String?
        /// The golden faded, changes in red (darker) and blue (lighter), clusters boxed.
        public var diff: String?
        /// Golden and render next to each other.
        public var sideBySide: String?

        /// Creates a set of artifact paths.
        public init(expected: String? = nil, actual: String? = nil, diff: String? = nil, sideBySide: String? = nil) {
            self.expected = expected
            self.actual = actual
            self.diff = diff
            self.sideBySide = sideBySide
        }

        /// Whether no artifact was written.
        public var isEmpty: Bool { expected == nil && actual == nil && diff == nil && sideBySide == nil }
    }

    /// `classic/workplace-PRED`, or the obsolete file's path relative to the goldens folder.
    public let id: String
    /// The theme (golden folder) name.
    public let theme: String
    /// What the check found.
    public let status: Status
    /// What the run wrote or removed, if anything.
    public let action: Action?
    /// One line: what differs, or why the case could not be checked.
    public let summary: String
    /// The full failure message (environment note first, figures, tolerance, artifacts,
    /// the command that accepts the change); empty when passed.
    public let message: String
    /// The pixel comparison, when both images could be decoded at the same size.
    public let difference: GoldenDifference?
    /// The tolerance in force, when one applies.
    public let tolerance: GoldenTolerance?
    /// The images left for a failure.
    public let artifacts: Artifacts
    /// The command that accepts the change, if there is one.
    public let acceptCommand: String?

    /// Whether the case fails a check run.
    public var failed: Bool { status != .passed }

    /// Whether an update run left this case unresolved: it fails and nothing was written.
    public var unresolved: Bool { failed && action == nil }
}
