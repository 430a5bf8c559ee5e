import Foundation
import PosterBatch
import PosterKit
import PosterFiles

/// What `render` is told when it renders many results into a folder (a bulk render):
/// several result files, folders, or `--results <file.jsonl>`, always with `--out <dir>`.
/// The one-result forms (`render a.json -o a.png`, `render - -o -`) never get here.
struct BulkRenderOptions: Sendable {
    /// The options only a bulk render takes, appended to `render`'s spec.
    static let specOptions: [OptionSpec] = [
        .value("out", valueName: "dir", help: "Render many results into this folder (created if missing), with a manifest."),
        .value("results", valueName: "file", help: "Read results from a JSON Lines file (one per line); - is standard input."),
        .value("jobs", short: "j", valueName: "n", defaultValue: "number of cores", help: "Posters rendered at once."),
        .value("shard", valueName: "K/N", help: "With --out: only the K-th of N disjoint slices of the results."),
        .flag("resume", help: "With --out: keep intact posters an earlier run made for the same results; render the rest."),
    ]

    /// Result files and folders, in the order given (empty with `--results`).
    let inputs: [String]
    /// The JSON Lines file or `-`, when results come one per line.
    let results: String?
    let out: String
    let jobs: Int
    let shard: BatchPlan.Shard?
    let resume: Bool

    /// The bulk options, or nil for a one-result render; usage errors for the
    /// combinations that mean neither (see `render --help`).
    static func parse(_ values: ParsedValues, inputs: [String]) throws(UsageError) -> BulkRenderOptions? {
        let results = values.options("results").last
        let out = values.options("out").last
        let isFolder = { (path: String) in path != "-" && FileStatus(path)?.kind == .directory }
        let isBulk = results != nil || out != nil || inputs.count > 1 || inputs.contains(where: isFolder)
        let bulkOnly = ["jobs", "shard"].filter { !values.options($0).isEmpty } + (values.flag("resume") ? ["resume"] : [])
        guard isBulk else {
            if let option = bulkOnly.first { throw UsageError("--\(option) is for rendering many results: use it with --out <dir>") }
            return nil
        }
        if !values.options("output").isEmpty {
            throw UsageError("-o names one poster file; several results, a folder or --results are written into --out <dir>")
        }
        if !values.options("layout-json").isEmpty {
            throw UsageError("--layout-json writes the layout of one poster; it cannot be used with --out, several results or --results")
        }
        guard let out else {
            throw UsageError("several results, a folder or --results need --out <dir>, the folder the posters are written into")
        }
        guard !out.isEmpty else { throw UsageError("--out needs a folder name; '' names no folder") }
        if let results {
            guard inputs.isEmpty else { throw UsageError("give results as files and folders, or as --results <file.jsonl>, not both") }
            guard !results.isEmpty else { throw UsageError("--results needs a file name; '' names no file (use - for standard input)") }
        } else {
            guard !inputs.isEmpty else { throw UsageError("--out needs results: files, folders or --results <file.jsonl>") }
            if inputs.contains("-") {
                throw UsageError("'-' reads one result from standard input; for many results on standard input use --results - (one per line)")
            }
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = values.options("jobs").last {
            guard let count = Int(text), (1...256).contains(count) else { throw UsageError("--jobs must be a number from 1 to 256, not '\(text)'") }
            jobs = count
        }
        var shard: BatchPlan.Shard?
        if let text = values.options("shard").last {
            guard let parsed = BatchPlan.Shard(text) else { throw UsageError("--shard must be K/N with 1 <= K <= N, not '\(text)'") }
            shard = parsed
        }
        return BulkRenderOptions(inputs: inputs, results: results, out: out, jobs: jobs, shard: shard, resume: values.flag("resume"))
    }

    /// The input: the JSON Lines stream, or the files, each folder replaced by its
    /// `*.json` files (sorted; subfolders, hidden files, symlinks and other files skipped).
    func input() -> ResultStream.Input {
        if let results { return .lines(results) }
        return .files(inputs.flatMap { path in
            FileStatus(path)?.kind == .directory ? ResultStream.Input.jsonFiles(in: path) : [path]
        })
    }
}
