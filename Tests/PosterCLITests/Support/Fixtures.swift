import Foundation

/// The package's fixture files, found from this source file's location.
enum Fixtures {
    /// The package root: the nearest ancestor of this file holding Package.swift.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// Good results, as paths relative to the package root.
    static let results = jsonFiles(in: "Fixtures/results")
    /// Bad results, as paths relative to the package root.
    static let badResults = jsonFiles(in: "Fixtures/bad-results").filter { !$0.hasSuffix("/expectations.json") }

    /// What resolving one bad result must produce.
    struct Expectation: Decodable, Sendable {
        var status: Int32
        var path: String
        var contains: String
    }

    /// The bad results' expectations by file name.
    static let expectations: [String: Expectation] = {
        guard let data = try? Data(contentsOf: url("Fixtures/bad-results/expectations.json")),
              let table = try? JSONDecoder().decode([String: Expectation].self, from: data)
        else { return [:] }
        return table
    }()

    /// The absolute URL of a path relative to the package root.
    static func url(_ relative: String) -> URL {
        packageRoot.appendingPathComponent(relative)
    }

    /// A fixture's contents.
    static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    /// A good fixture parsed independently of the code under test.
    static func object(_ relative: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(relative)) as? [String: Any] ?? [:]
    }

    private static func jsonFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(directory).path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(directory)/\($0)" }
    }
}
