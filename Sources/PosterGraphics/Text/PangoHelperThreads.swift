import CPangoHelperThreads

/// How Pango's font-matching helpers ran in this process (see CPangoHelperThreads).
///
/// Pango 1.50 starts two threads for every new font pattern, and each text size is a new
/// pattern; CPangoHelperThreads runs the match on the calling thread and the sort on one
/// helper thread for the whole process. These counts let tests see that it is in force.
package struct PangoHelperThreads: Equatable, Sendable {
    /// Matches run on the calling thread.
    package let matchesInline: UInt64
    /// Sorts handed to the one helper thread.
    package let sortsQueued: UInt64
    /// Sorts run on the calling thread (in a forked child, or without a helper).
    package let sortsInline: UInt64
    /// Pango's start of fontconfig handed to the helper thread.
    package let initsQueued: UInt64
    /// Helper threads started (at most one).
    package let helpersStarted: UInt64

    /// Whether the running Pango's helpers are taken over (Pango 1.50.x).
    package static var areTakenOver: Bool { nmti_pango_helpers_taken_over() != 0 }

    /// The counts so far.
    package static var now: PangoHelperThreads {
        let counts = nmti_pango_helper_counts_now()
        return PangoHelperThreads(
            matchesInline: counts.matchesInline, sortsQueued: counts.sortsQueued,
            sortsInline: counts.sortsInline, initsQueued: counts.initsQueued,
            helpersStarted: counts.helpersStarted)
    }
}
