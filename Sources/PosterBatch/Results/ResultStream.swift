import Foundation
import NMTIDomain
import PosterFiles
import PosterKit

/// Many results rendered with one theme, optionally one shard of them: a source for
/// `RunEngine.run(_:into:resume:progress:)`, which writes each poster directly into the
/// run's folder as `<id>.png` or `<pack>-<CODE>-<hash>.png` (`ResultNames`); in a format
/// other than the poster, into its `<format>/` folder.
///
/// Results are read in order, one at a time, as the engine asks for them: a JSON Lines
/// stream line by line, never whole; a result file only when its turn comes. A result
/// that cannot be read, decoded or named fails alone, with its location. A stream is read
/// once, by one run.
public final class ResultStream {
    /// The theme every poster is drawn with, in the format it draws.
    public let theme: Theme
    /// The shard: the results whose position in the input modulo N is K-1.
    public let shard: BatchPlan.Shard?
    private let input: Input
    private let reader: ResultRecordReader
    private var names = ResultNames()

    /// Opens `input`; fails when a JSON Lines file is missing, unreadable or a folder,
    /// before anything is written. Result files are checked only as they are read.
    public init(_ input: Input, theme: Theme, shard: BatchPlan.Shard? = nil) throws(InputError) {
        self.input = input
        self.theme = theme
        self.shard = shard
        reader = try ResultRecordReader(input)
    }

    /// How many of `count` results (positions 0…count-1) fall in `shard`.
    static func shardSize(_ count: Int, _ shard: BatchPlan.Shard) -> Int {
        count / shard.count + (count % shard.count >= shard.index ? 1 : 0)
    }

    /// Whether the result at `ordinal` belongs to the shard.
    func isWanted(_ ordinal: Int) -> Bool {
        shard.map { ordinal % $0.count == $0.index - 1 } ?? true
    }

    /// Decodes a record and claims its poster's name; a failure's message (a JSON path and
    /// a reason, or why the record could not be read) is shown after the record's location.
    func job(for record: ResultRecord) -> Result<PosterJob, ResultProblem> {
        let bytes: Data
        switch record.content {
        case .document(let data): bytes = data
        case .unreadable(let reason): return .failure(ResultProblem(message: reason))
        case .skipped: return .failure(ResultProblem(message: "not read"))
        }
        let result: QuizResult
        do throws(ResultError) {
            result = try QuizResult(jsonData: bytes)
        } catch {
            return .failure(ResultProblem(message: error.description))
        }
        let hash = ResultNames.contentHash(of: result)
        let name: String
        switch ResultNames.name(for: result, hash: hash) {
        case .success(let claimed): name = claimed
        case .failure(let error): return .failure(ResultProblem(message: error.description))
        }
        if let error = names.claim(name, for: result, hash: hash, at: record.location) {
            return .failure(ResultProblem(message: error.description))
        }
        return .success(PosterJob(ordinal: record.ordinal, theme: theme, result: result, pack: result.pack, code: result.code,
                                  file: folderPrefix + name, source: (record.location, hash)))
    }
}

/// Why one record of a results input was not rendered, as shown after its location.
struct ResultProblem: Error {
    let message: String
}

extension ResultStream: RunSource {
    package var options: RunOptions { RunOptions() }
    package var themes: [Theme] { [theme] }
    package var folders: Set<String> { [Manifest.Entry.formatFolder(theme.formatName, in: "")] }

    /// `""`, or `<format>/` for a format other than the poster.
    var folderPrefix: String {
        let folder = Manifest.Entry.formatFolder(theme.formatName, in: "")
        return folder.isEmpty ? "" : folder + "/"
    }

    /// The results in the shard when that can be known before reading (0 for a pipe).
    package var expectedCount: Int {
        input.count().map { count in shard.map { Self.shardSize(count, $0) } ?? count } ?? 0
    }

    package func check() throws(RenderError) {}

    /// A poster's temporary file: hidden `.<poster>.png.<pid>.<random>.tmp` directly in the format's folder.
    package func ownsTemporaryFile(stem: String, in folder: String) -> Bool {
        stem.hasSuffix(".png") && folders.contains(folder)
    }

    package func next() -> RunItem<PosterJob>? {
        while let record = reader.next(isWanted: isWanted) {
            guard isWanted(record.ordinal) else { continue }
            switch job(for: record) {
            case .success(let job): return .job(job)
            case .failure(let problem):
                return .rejected(RunEngine.Failure(file: record.location, message: problem.message, kind: .result), ordinal: record.ordinal)
            }
        }
        return nil
    }
}
