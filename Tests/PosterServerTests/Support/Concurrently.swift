import Foundation

/// Runs `count` blocking bodies on their own threads at once (GCD would run only as
/// many as there are cores, so a burst would not be a burst), and returns right away.
enum Concurrently {
    static func start(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        return group
    }
}
