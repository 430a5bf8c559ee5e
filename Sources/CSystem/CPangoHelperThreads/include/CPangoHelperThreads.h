// Pango's font-matching helper threads, one long-lived thread instead of two per font size.
//
// Pango 1.50 (pangofc-fontmap.c, pango_fc_patterns_new) starts two threads for every new
// font pattern, "[pango] FcFontSetMatch" and "[pango] FcFontSetSort", and every text size is
// a new pattern: one poster's binary search for the size that fits made about 72 threads
// (strace -f), which cost more than the matching they did. CPangoHelperThreads.c defines
// g_thread_new in the program. An executable's definition of a function that a linked
// library calls is the one the library gets (as with malloc), so Pango's calls come here;
// every other caller and name goes on to GLib's own g_thread_new unchanged.
#include <stdint.h>

/// How Pango's helper work was run in this process, for tests.
typedef struct {
    /// "[pango] FcFontSetMatch" runs done on the calling thread (Pango waits for them at once).
    uint64_t matchesInline;
    /// "[pango] FcFontSetSort" runs handed to the one helper thread.
    uint64_t sortsQueued;
    /// Sort runs done on the calling thread (no helper: in a forked child, or it could not start).
    uint64_t sortsInline;
    /// "[pango] FcInit" runs handed to the helper thread.
    uint64_t initsQueued;
    /// Helper threads started (at most one per process).
    uint64_t helpersStarted;
} nmti_pango_helper_counts;

/// The counts so far; all zero when Pango is not a version whose helpers are taken over.
nmti_pango_helper_counts nmti_pango_helper_counts_now(void);

/// Whether the running Pango's helpers are taken over (Pango 1.50.x, whose source was read).
int nmti_pango_helpers_taken_over(void);
