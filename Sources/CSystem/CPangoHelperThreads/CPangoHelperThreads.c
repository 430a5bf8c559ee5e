// See include/CPangoHelperThreads.h for why. What each helper does (pangofc-fontmap.c 1.50.12,
// match_in_thread and sort_in_thread): compute one FcPattern or FcFontSet from its own copies
// of the pattern, the configuration and the font set, store it under the patterns' mutex,
// signal its condition variable and drop its references. Pango waits on that condition for
// the match as soon as it needs the first font, and for the sort only when a character
// falls back to a later font. So the match can run on the calling thread (no lock of
// Pango's is held while pango_fc_patterns_new starts it) and the sort on one helper thread
// that stays for the life of the process, which also runs Pango's one "[pango] FcInit"
// (Pango starts it holding a lock that its end takes, so it cannot run inline). The results are the same objects computed from
// the same inputs; only the thread that computes them changes.
#define _GNU_SOURCE
#include "CPangoHelperThreads.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <glib.h>
#include <pango/pango.h>

typedef GThread *(*thread_new_function)(const gchar *, GThreadFunc, gpointer);

typedef struct {
    GThreadFunc function;
    gpointer data;
} helper_task;

static _Atomic uint64_t matches_inline, sorts_queued, sorts_inline, inits_queued, helpers_started;
static _Atomic(thread_new_function) glib_thread_new;
static GMutex helper_lock;
static GThreadPool *helper;  // one exclusive thread, started on the first sort
// Set in a forked child (the SVG probe), which has no helper thread and must take no lock
// a thread of its parent may have held at the fork: there every sort runs inline.
static _Atomic int in_forked_child;

static void mark_forked_child(void) { atomic_store(&in_forked_child, 1); }

__attribute__((constructor)) static void register_fork_handler(void) {
    pthread_atfork(NULL, NULL, mark_forked_child);
}

int nmti_pango_helpers_taken_over(void) {
    static _Atomic int answer = -1;
    if (answer < 0) {
        int version = pango_version();
        answer = version >= PANGO_VERSION_ENCODE(1, 50, 0) && version < PANGO_VERSION_ENCODE(1, 51, 0);
    }
    return answer;
}

nmti_pango_helper_counts nmti_pango_helper_counts_now(void) {
    nmti_pango_helper_counts counts = {
        atomic_load(&matches_inline), atomic_load(&sorts_queued),
        atomic_load(&sorts_inline), atomic_load(&inits_queued), atomic_load(&helpers_started),
    };
    return counts;
}

static void run_helper_task(gpointer data, gpointer unused) {
    (void)unused;
    helper_task *task = data;
    task->function(task->data);
    g_free(task);
}

// The helper pool of this process, started on first use; NULL in a forked child (whose
// copy of the pool has no thread behind it) or when no thread could be started.
static GThreadPool *helper_pool(void) {
    if (atomic_load(&in_forked_child)) return NULL;
    g_mutex_lock(&helper_lock);
    if (!helper) {
        helper = g_thread_pool_new(run_helper_task, NULL, 1, TRUE, NULL);
        if (helper) atomic_fetch_add(&helpers_started, 1);
    }
    GThreadPool *pool = helper;
    g_mutex_unlock(&helper_lock);
    return pool;
}

// Hands `function(data)` to the helper thread; false when there is none.
static int queue_on_helper(GThreadFunc function, gpointer data) {
    GThreadPool *pool = helper_pool();
    if (!pool) return 0;
    helper_task *task = g_new(helper_task, 1);
    task->function = function;
    task->data = data;
    if (g_thread_pool_push(pool, task, NULL)) return 1;
    g_free(task);
    return 0;
}

// A thread handle the caller can unref, as it does with the one g_thread_new returns.
static GThread *calling_thread(void) { return g_thread_ref(g_thread_self()); }

GThread *g_thread_new(const gchar *name, GThreadFunc function, gpointer data) {
    if (name && nmti_pango_helpers_taken_over()) {
        if (strcmp(name, "[pango] FcFontSetMatch") == 0) {
            function(data);
            atomic_fetch_add(&matches_inline, 1);
            return calling_thread();
        }
        if (strcmp(name, "[pango] FcFontSetSort") == 0) {
            if (queue_on_helper(function, data)) {
                atomic_fetch_add(&sorts_queued, 1);
            } else {
                function(data);
                atomic_fetch_add(&sorts_inline, 1);
            }
            return calling_thread();
        }
        // Pango starts FcInit while holding the lock FcInit's end takes: never inline.
        if (strcmp(name, "[pango] FcInit") == 0 && queue_on_helper(function, data)) {
            atomic_fetch_add(&inits_queued, 1);
            return calling_thread();
        }
    }
    thread_new_function next = atomic_load(&glib_thread_new);
    if (!next) {
        next = (thread_new_function)dlsym(RTLD_NEXT, "g_thread_new");
        atomic_store(&glib_thread_new, next);
    }
    return next(name, function, data);
}
