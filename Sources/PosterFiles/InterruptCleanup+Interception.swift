import Synchronization

extension InterruptCleanup {
    /// A one-shot taker of the next SIGINT, SIGTERM or SIGHUP, run on the signal thread
    /// instead of the clean-up and exit. The service uses it to drain: the first signal
    /// starts a drain, and a second one (the interceptor is gone by then) exits at once.
    package static let interceptor = Mutex<(@Sendable (_ number: Int32, _ name: String) -> Void)?>(nil)

    /// Hands the next signal to `body` instead of exiting (once).
    package static func interceptNextSignal(_ body: @escaping @Sendable (_ number: Int32, _ name: String) -> Void) {
        interceptor.withLock { $0 = body }
    }

    /// Takes the interceptor, if one is set; called by the signal thread.
    static func takeInterceptor() -> (@Sendable (_ number: Int32, _ name: String) -> Void)? {
        interceptor.withLock { current in
            defer { current = nil }
            return current
        }
    }
}
