import Foundation
import PosterBatch
import PosterKit

/// `nmti-poster manifest merge`: joins the manifests of a sharded batch into one.
struct ManifestMergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge the manifests of batch shards into one manifest.",
        discussion: """
            Reads the manifest.json of each shard and writes one manifest with every
            entry, sorted by theme, format (the poster first), pack and code. A poster
            is known by its file, so one result in two formats (each with its own
            path and "format") is two entries, never a duplicate; an entry without
            "format" (an older manifest) is a poster. The shards must be the complete set
            of one batch: every K of N exactly once. A missing shard, a shard given
            twice, shards of batches with different N, or a poster listed in two
            manifests is an error (status 65) unless --allow-partial (missing shards)
            or --allow-duplicates (repeats with the same sha256) says otherwise; a
            poster listed twice with different sha256 is always an error, and so are
            posters of one theme made with another theme version or --compression
            (their recorded provenance differs). Manifests
            without a shard (whole batches) are merged as they are.

            Errors name the file, the JSON path and the reason, on one line:
              nmti-poster: error: s2/manifest.json: entries[3].sha256: expected a string
            A manifest that cannot be read exits 66; one that is not a valid manifest, or
            a set that does not merge, exits 65.

            -o writes atomically to a random temporary name renamed into place; a
            FIFO or character device is streamed into, a symlink, folder, block
            device or socket is refused with 73.

            EXAMPLE:
              nmti-poster manifest merge s1/manifest.json s2/manifest.json -o manifest.json
            """,
        arguments: [ArgumentSpec("manifest", help: "The shard manifests.", isRepeating: true)],
        options: [
            .value("output", short: "o", valueName: "path", defaultValue: "-", help: "Where to write the merged manifest; - is standard output."),
            .flag("allow-partial", help: "Merge even when some shards of the batch are missing."),
            .flag("allow-duplicates", help: "Accept a shard or poster given twice (with the same sha256)."),
        ])

    let inputs: [String]
    let output: String
    let policy: Manifest.MergePolicy

    init(_ values: ParsedValues) throws(UsageError) {
        inputs = values.arguments("manifest")
        output = try OutputOption.check(values.option("output") ?? "-", image: false)
        policy = Manifest.MergePolicy(allowsPartial: values.flag("allow-partial"),
                                      allowsDuplicates: values.flag("allow-duplicates"))
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        var manifests: [(name: String, manifest: Manifest)] = []
        do throws(ManifestError) {
            for input in inputs {
                manifests.append((input, try Manifest.read(URL(fileURLWithPath: input), name: input)))
            }
        } catch {
            throw Self.failure(error)
        }
        let mergedManifest: Manifest
        do throws(ManifestError) {
            mergedManifest = try Manifest.merge(manifests, policy: policy)
        } catch {
            throw Self.failure(error)
        }
        let merged: Data
        do {
            merged = try mergedManifest.jsonData()
        } catch {
            throw CommandFailure(.internalError, "cannot encode the merged manifest (\(error))", cause: error)
        }
        try OutputOption.write(merged, to: output, io: &io)
    }

    /// A manifest that cannot be read is "no input"; one that is invalid or does not merge is "bad input".
    static func failure(_ error: ManifestError) -> CommandFailure {
        CommandFailure(error.kind == .unreadable ? .missingInput : .invalidManifest, error.description, cause: error)
    }
}
