import Foundation

/// The repository's root folder (where Package.swift is), found from this file's path,
/// so that tests read `Themes/` and `Fixtures/` wherever the checkout is.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
