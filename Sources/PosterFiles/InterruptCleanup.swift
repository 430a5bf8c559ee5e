import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into a clean exit: registered temporary files are
/// removed and the process exits with 128 + the signal's number (130, 143, 129).
///
/// The signals are blocked in every thread and taken by one thread in `sigwait(2)`,
/// so the clean-up runs as ordinary code (locks, `unlink`) rather than in a signal
/// handler. Call `install()` first thing in `main`, before any other thread starts:
/// threads inherit the blocked set. Child processes inherit it too, so a spawner
/// must reset the signal mask of the child.
public enum InterruptCleanup {
    /// The signals handled, with the names used in the message.
    public static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    nonisolated(unsafe) private static var installed = false

    /// Blocks the signals and starts the thread that waits for them. `tool` names the
    /// program in the one line printed on standard error.
    public static func install(tool: String) {
        guard !installed else { return }
        installed = true
        // A signal the process was started with ignored (nohup, a background job's SIGINT) stays ignored.
        let handled = signals.filter { !isIgnored($0.number) }
        guard !handled.isEmpty else { return }
        var set = signalSet(handled)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread {
            var waited = signalSet(handled)
            // Blocked in this thread too: a Foundation thread may start with an empty mask,
            // and a fatal signal not blocked here would kill the process before sigwait sees it.
            pthread_sigmask(SIG_BLOCK, &waited, nil)
            while true {
                var number: Int32 = 0
                guard sigwait(&waited, &number) == 0 else { continue }
                let name = signals.first { $0.number == number }?.name ?? "signal \(number)"
                if let interceptor = takeInterceptor() {
                    interceptor(number, name)
                    continue
                }
                let removed = TemporaryFiles.removeAll()
                let files = removed == 1 ? "1 temporary file" : "\(removed) temporary files"
                let line = "\(tool): error: interrupted by \(name); removed \(files)\n"
                _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
                _exit(128 + number)
            }
        }
        thread.name = "signal clean-up"
        thread.start()
    }

    private static func signalSet(_ chosen: [(number: Int32, name: String)]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in chosen { sigaddset(&set, signal.number) }
        return set
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
