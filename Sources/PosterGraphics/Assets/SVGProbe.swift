import CCairo
import CRsvg
import Foundation
import Glibc
import Synchronization
import PosterFiles

/// Defence in depth behind `SVGSafety`: before the engine parses a checked SVG
/// itself, a forked child parses and rasterises it once, with memory, CPU and
/// wall-clock limits. librsvg 2.54 turns some bugs into a Rust panic, which
/// aborts the whole process through its C API; in the child, a crash, a hang or
/// an allocation past the limit costs an error naming the asset instead.
///
/// The child runs only C (librsvg, cairo) and leaves with `_exit`, so it needs
/// nothing from the Swift runtime, atexit handlers or buffered output. What it
/// cannot have is another thread: a forked child has only the forking thread.
/// librsvg draws some filters on rayon's worker pool, started the first time
/// this process draws one; in a child forked after that, the pool's threads
/// are gone and a filter waits for them forever. So the probe runs only while
/// this process has not drawn an SVG itself (`hasDrawnInProcess`): always in
/// the tool, whose commands load their themes before drawing; not for a theme
/// reloaded after drawing (`preview --watch`), which gets the parse-time rules
/// alone. A lock held by another thread at the moment of `fork` (glib's type
/// system, cairo, Pango, fontconfig) would likewise block the child until the
/// deadline; such a child is tried once more (`run`), so only two stalls in a row
/// cost a false refusal, never a crash. See docs/hardening.md.
enum SVGProbe {
    /// The longest side, in pixels, of the probe's raster: enough to exercise
    /// every element and filter, small enough to cost little.
    static let rasterSide = 256.0
    /// Wall-clock time the child may take.
    static let timeoutSeconds = 5.0
    /// CPU seconds the child may use (SIGXCPU past it).
    static let cpuSeconds: rlim_t = 5
    /// Address space the child may add to the parent's.
    static let memoryBytes: rlim_t = 1 << 30

    /// Set just before this process first draws an SVG (rayon's pool may exist from then on).
    static let drawnInProcess = Atomic<Bool>(false)

    /// Whether a forked child can still draw as this process would (see the type's comment).
    static var hasDrawnInProcess: Bool { drawnInProcess.load(ordering: .acquiring) }

    /// What the child reported.
    enum Outcome: Equatable {
        /// Parsed and drawn.
        case drawn
        /// librsvg refused to parse it (the parent's own parse will say why).
        case notParsed
        /// librsvg parsed it but reported an error while drawing (its message, on one line).
        case notDrawn(reason: String)
        /// Killed by a signal (a panic is SIGABRT; the CPU limit, SIGXCPU).
        case crashed(signal: Int32)
        /// Still running at the deadline.
        case timedOut
        /// Still running at the deadline having used under 5% of it in CPU time: blocked,
        /// not working (internal to `run`, which tries again and reports `timedOut`).
        case stalled
        /// fork or waitpid failed in the parent.
        case unavailable(errno: Int32)
    }

    /// Runs the child on `document` and waits for it at most `timeout` seconds.
    ///
    /// A child that reaches the deadline having used almost no CPU was not working on
    /// the document: it was blocked on a lock another thread of this process held at
    /// the fork (see the type's comment). It is tried once more, so that such a stall
    /// costs time, not a false refusal. A document that really hangs burns CPU and times
    /// out on the first try, unless the machine is so loaded that its child got under
    /// 5% of a core: then it times out on the second, after twice the time.
    static func run(_ document: [UInt8], timeout: Double = timeoutSeconds) -> Outcome {
        let first = runOnce(document, timeout: timeout)
        guard case .stalled = first else { return first }
        return reportedOutcome(runOnce(document, timeout: timeout))
    }

    /// One child, one wait.
    private static func runOnce(_ document: [UInt8], timeout: Double) -> Outcome {
        // Limits are set relative to what the parent already maps (much more under a sanitizer).
        let ceiling = currentAddressSpace().map { $0 + memoryBytes } ?? rlim_t.max  // RLIM_INFINITY
        // The child writes librsvg's drawing error here; a few hundred bytes never fill a pipe.
        // Non-blocking: the read comes after the child has exited, and a child forked at the
        // same moment by another thread may hold a copy of the write end.
        var message: [Int32] = [-1, -1]
        guard pipe(&message) == 0 else { return .unavailable(errno: errno) }
        for end in message { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(message[0], F_SETFL, O_NONBLOCK)
        defer { close(message[0]) }
        let pid = document.withUnsafeBufferPointer { buffer in
            let pid = fork()
            if pid == 0 {
                close(message[0])
                child(buffer, addressSpace: ceiling, report: message[1])
            }
            return pid
        }
        let forkError = errno
        close(message[1])
        guard pid > 0 else { return .unavailable(errno: forkError) }
        let outcome = wait(for: pid, timeout: timeout, exitSignal: message[0])
        guard case .notDrawn = outcome else { return outcome }
        var bytes = [UInt8](repeating: 0, count: 300)
        let count = read(message[0], &bytes, bytes.count)
        let reason = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
            .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return .notDrawn(reason: reason.isEmpty ? "unknown error" : reason)
    }

    /// The child: limits, no core dump, quiet, then parse and draw; never returns.
    private static func child(_ document: UnsafeBufferPointer<UInt8>, addressSpace: rlim_t, report: Int32) -> Never {
        var memory = rlimit(rlim_cur: addressSpace, rlim_max: addressSpace)
        var cpu = rlimit(rlim_cur: cpuSeconds, rlim_max: cpuSeconds + 1)
        var core = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &cpu)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &core)
        // Default dispositions, so that a panic kills the child at once instead of
        // running a crash reporter inherited from the parent, and a Ctrl-C or
        // SIGTERM (sent to the whole process group) ends it without running the
        // parent's clean-up handlers a second time.
        for signal in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGXCPU, SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            Glibc.signal(signal, nil)  // SIG_DFL
        }
        // The tool blocks SIGINT, SIGTERM and SIGHUP in every thread (InterruptCleanup)
        // and a child inherits the mask: unblock them, or a Ctrl-C would not reach it.
        var blocked = sigset_t()
        sigfillset(&blocked)
        sigprocmask(SIG_UNBLOCK, &blocked, nil)
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 1)
            dup2(null, 2)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_data(document.baseAddress, gsize(document.count), &error) else { _exit(1) }
        var width = 0.0
        var height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || !(width > 0 && height > 0) {
            width = 100
            height = 100
        }
        let scale = min(1, rasterSide / max(width, height))
        let pixelsWide = Int32(max(1, min(rasterSide, (width * scale).rounded(.up))))
        let pixelsHigh = Int32(max(1, min(rasterSide, (height * scale).rounded(.up))))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelsWide, pixelsHigh)
        let context = cairo_create(surface)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixelsWide), height: Double(pixelsHigh))
        if rsvg_handle_render_document(handle, context, &viewport, &error) == 0 {
            if let message = error?.pointee.message { _ = write(report, message, min(strlen(message), 300)) }
            _exit(2)
        }
        if cairo_status(context) != CAIRO_STATUS_SUCCESS {
            if let message = cairo_status_to_string(cairo_status(context)) { _ = write(report, message, min(strlen(message), 300)) }
            _exit(2)
        }
        _exit(0)
    }

    /// Polls the child until it exits or the deadline passes; a late child is killed.
    ///
    /// Between polls it waits on `exitSignal`, the read end of the child's message pipe:
    /// the child's exit closes the last write end, which wakes the wait at once instead of
    /// at the end of a pause (the pauses double, so a child done in 3.1 ms used to be seen
    /// at 6.2 ms). Once the pipe has hung up or holds a message, it answers every wait at
    /// once, so from then on the pauses are plain sleeps again; a copy of the write end
    /// held by a child that another thread forked at the same moment only delays the
    /// wake-up to the pause, as before.
    private static func wait(for pid: pid_t, timeout: Double, exitSignal: Int32) -> Outcome {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pause = timespec(tv_sec: 0, tv_nsec: 200_000)
        var pipeIsQuiet = true
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return outcome(status) }
            if result < 0 && errno != EINTR { return .unavailable(errno: errno) }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 > timeout {
                let working = cpuSeconds(of: pid).map { $0 >= 0.05 * timeout } ?? true
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return working ? .timedOut : .stalled
            }
            if pipeIsQuiet {
                var watched = pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(max(1, pause.tv_nsec / 1_000_000))
                if poll(&watched, 1, milliseconds) > 0 {
                    pipeIsQuiet = false
                    // The exit closes files before the child can be reaped: poll again soon.
                    pause.tv_nsec = 50_000
                    continue
                }
            } else {
                nanosleep(&pause, nil)
            }
            // Quick documents answer within a millisecond or two; slow ones need no fast polling.
            pause.tv_nsec = min(20_000_000, pause.tv_nsec * 2)
        }
    }

    /// How an outcome is reported: a stall left after the retry is a time-out.
    private static func reportedOutcome(_ outcome: Outcome) -> Outcome {
        if case .stalled = outcome { return .timedOut }
        return outcome
    }

    private static func outcome(_ status: Int32) -> Outcome {
        let signal = status & 0x7F
        guard signal == 0 else { return .crashed(signal: signal) }
        switch (status >> 8) & 0xFF {
        case 0: return .drawn
        case 1: return .notParsed
        default: return .notDrawn(reason: "")
        }
    }

    /// The user and system CPU time a running child has used, from /proc/PID/stat
    /// (fields 14 and 15, in clock ticks, after the parenthesised command name).
    static func cpuSeconds(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3), so utime (14) and stime (15) are at 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The parent's mapped address space in bytes, from /proc/self/statm (its first field, in pages).
    private static func currentAddressSpace() -> rlim_t? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").first.flatMap({ rlim_t($0) }) else { return nil }
        return pages * rlim_t(sysconf(Int32(_SC_PAGESIZE)))
    }
}
