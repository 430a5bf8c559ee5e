import Foundation
import Testing

/// The README's module diagram ("How it is built") is Package.swift's: every source
/// target is listed under its folder, every library product is marked `[product]`, and
/// nothing listed is missing from the package.
@Suite("Docs: the README's module diagram matches Package.swift")
struct ReadmeModulesTests {
    /// The words in `text` that follow `prefix` up to the next quote, such as target names.
    static func names(after prefix: String, in text: String) -> [String] {
        text.components(separatedBy: prefix).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    static let manifest = (try? String(contentsOf: Fixtures.url("Package.swift"), encoding: .utf8)) ?? ""

    /// The README's diagram: each `  Name/  description` line, by name, with whether it says `[product]`.
    static let diagram: [String: Bool] = {
        let readme = (try? String(contentsOf: Fixtures.url("README.md"), encoding: .utf8)) ?? ""
        guard let section = readme.components(separatedBy: "## How it is built").dropFirst().first,
              let block = section.components(separatedBy: "```").dropFirst().first else { return [:] }
        var entries: [String: Bool] = [:]
        for line in block.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            guard let word = line.split(separator: " ").first, word.hasSuffix("/") else { continue }
            entries[String(word.dropLast())] = line.contains("[product]")
        }
        return entries
    }()

    @Test func everySourceTargetIsListed() {
        #expect(!Self.manifest.isEmpty && !Self.diagram.isEmpty)
        let targets = Self.names(after: ".target(name: \"", in: Self.manifest)
            + Self.names(after: ".executableTarget(name: \"", in: Self.manifest)
        #expect(targets.count > 5)
        // C shims declared under Sources/CSystem are covered by the CSystem/ line.
        let cSystemShims = Set(Self.manifest.split(separator: "\n").filter { $0.contains("path: \"Sources/CSystem/") }
            .flatMap { Self.names(after: ".target(name: \"", in: String($0)) })
        for target in targets where target != "TestSupport" && !cSystemShims.contains(target) {
            #expect(Self.diagram[target] != nil, "README's 'How it is built' does not list \(target)/")
        }
        if Self.manifest.contains("systemLibrary(") { #expect(Self.diagram["CSystem"] != nil) }
    }

    @Test func productsAndOnlyProductsAreMarked() {
        let products = Set(Self.names(after: ".library(name: \"", in: Self.manifest))
        #expect(products.contains("PosterKit"))
        for (name, marked) in Self.diagram {
            #expect(marked == products.contains(name), "\(name)/ is \(marked ? "" : "not ")marked [product] in the README")
        }
    }

    @Test func everythingListedExists() {
        let folders = ["Sources", "Examples"].flatMap { parent in
            ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.url(parent).path)) ?? [])
        }
        for name in Self.diagram.keys where !["Tests", "Themes", "Fixtures", "Sources", "Examples"].contains(name) {
            #expect(folders.contains(name), "README lists \(name)/, which is not in Sources/ or Examples/")
        }
    }
}
