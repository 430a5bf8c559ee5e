import Foundation

/// A process id that no live process holds: what a killed writer leaves in its
/// temporary files' names, for tests of the sweep that removes them.
public enum DeadProcess {
    /// The pid of a process that has already ended (and been reaped).
    public static func pid() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
