import Foundation
import PosterKit

/// `nmti-poster manifest merge`: joins the manifests of a sharded batch into one.
public struct ManifestMergeCommand: Command {
    public static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge the manifests of batch shards into one manifest.",
        discussion: """
            Reads the manifest.json of each shard and writes one manifest with every
            entry, sorted by theme, pack and code. A poster that appears in two manifests
            with different sha256 is an error.

            -o writes atomically to a random temporary name renamed into place; a
            FIFO or character device is streamed into, a symlink, folder, block
            device or socket is refused with 73.

            EXAMPLE:
              nmti-poster manifest merge s1/manifest.json s2/manifest.json -o manifest.json
            """,
        arguments: [ArgumentSpec("manifest", help: "The shard manifests.", isRepeating: true)],
        options: [.value("output", short: "o", valueName: "path", defaultValue: "-", help: "Where to write the merged manifest; - is standard output.")])

    let inputs: [String]
    let output: String

    public init(_ values: ParsedValues) throws(UsageError) {
        inputs = values.arguments("manifest")
        output = try OutputOption.check(values.option("output") ?? "-", image: false)
    }

    public func run(io: inout some TerminalIO) throws(CommandFailure) {
        var manifests: [(name: String, manifest: Manifest)] = []
        for input in inputs {
            guard FileManager.default.fileExists(atPath: input) else { throw CommandFailure(.noInput, "\(input): no such file") }
            do throws(RenderError) {
                manifests.append((input, try Manifest.read(URL(fileURLWithPath: input))))
            } catch {
                throw CommandFailure(.badInput, error.message)
            }
        }
        let merged: Data
        do {
            merged = try Manifest.merge(manifests).jsonData()
        } catch {
            throw CommandFailure(.badInput, "\(error)")
        }
        try OutputOption.write(merged, to: output, io: &io)
    }
}
