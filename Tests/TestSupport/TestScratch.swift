import Foundation

/// Scratch folders for tests, all under one folder per test process that is
/// removed when the process exits.
///
/// Why one root: many helpers hand a folder to the caller (a theme that is loaded
/// later, a batch output that is inspected), so no single scope could delete it;
/// before this, every run left a few hundred folders and ~100 MB of posters in /tmp.
public enum TestScratch {
    /// `$TMPDIR/nmti-kit-tests-<pid>`, created on first use.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("nmti-kit-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.root) }
        return root
    }()

    /// A new empty folder named `<label>-<UUID>` under `root`.
    public static func folder(_ label: String) throws -> URL {
        let folder = root.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
