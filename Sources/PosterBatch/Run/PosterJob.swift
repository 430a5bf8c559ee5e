import Foundation
import NMTIDomain
import PosterFiles
import PosterHashing
import PosterKit

/// One poster of a plan or a stream: rendered, written atomically into the run's folder,
/// hashed, journalled and listed in the manifest; or kept, on a resume, when an earlier
/// run made it the same way.
package struct PosterJob: RunJob {
    package let ordinal: Int
    let theme: Theme
    let result: QuizResult
    /// The pack and code the manifest entry names.
    let pack: QuizPack
    let code: PersonalityCode
    /// The poster's path relative to the run's folder.
    let file: String
    /// A stream's result: where it came from (`results.jsonl:17`) and the sha256 of its
    /// canonical JSON; nil for a plan's poster.
    let source: (location: String, resultHash: String)?
    /// Whether the new file is renamed over a symlink that replaced the recorded poster.
    var replacesSymlink = false

    package var request: RenderRequest { RenderRequest(result, theme: theme, extras: .timings) }

    /// Keeps the poster an earlier run recorded under this file when it may, counting the
    /// decision; otherwise this job, to be rendered.
    package func admitted(to run: RunContext) -> PosterJob? {
        guard let entry = run.recorded[file] else { return self }
        var job = self
        switch run.resumeDecision(for: self, entry: entry) {
        case .keep:
            var kept = entry
            if let source { kept.source = source.location }
            run.keep(kept)
            return nil
        case .damaged(let problem):
            run.renderAgain { $0.renderAgain(problem) }
            job.replacesSymlink = problem == .notRegular
        case .madeAnotherWay(let differences):
            run.renderAgain { $0.renderAgain(madeAnotherWay: differences) }
        }
        return job
    }

    /// Writes the poster through the run's folder (never outside it, never through a
    /// symlink), then records it; a render or write failure fails this poster only.
    package func finish(_ outcome: Result<RenderOutput, RenderError>, in run: RunContext) {
        do throws(RenderError) {
            let output = try outcome.get()
            let poster = try output.encodedPoster()
            do throws(WriteFailure) {
                try run.output.write(Data(poster.bytes), to: file, replacingSymlink: replacesSymlink)
            } catch {
                throw RenderError(.output, error.description, cause: error)
            }
            let nanoseconds = output.timings.map { $0.layout + $0.draw + $0.encode } ?? 0
            run.finish(Manifest.Entry(
                theme: theme.name, format: theme.formatName, pack: pack.rawValue, code: code.rawValue, file: file, bytes: poster.bytes.count,
                sha256: SHA256.hex(poster.bytes), milliseconds: (Double(nanoseconds) / 1e5).rounded() / 10,
                provenance: run.provenance[theme.name], source: source?.location, result: source?.resultHash,
                notes: output.notes.isEmpty ? nil : output.notes.map(\.description)))
        } catch {
            if let source {
                run.fail(RunEngine.Failure(file: source.location, message: "\(file): \(error.message)", kind: error.kind), ordinal: ordinal)
            } else {
                run.fail(RunEngine.Failure(file: file, message: error.message, kind: error.kind), ordinal: ordinal)
            }
        }
    }

    /// How a recorded entry for this file fails to be about this poster, or nil when it is.
    /// A plan's record must name the same theme, format, pack and code; a stream's record
    /// must show this very result, with this theme and in this format.
    func recordProblem(_ entry: Manifest.Entry) -> RunEngine.ResumeDecision? {
        if let source {
            guard entry.result == source.resultHash else { return .damaged(.anotherResult) }
            guard entry.formatName == theme.formatName else { return .damaged(.anotherPoster) }
            return entry.theme == theme.name ? nil : .madeAnotherWay(["theme"])
        }
        let same = entry.theme == theme.name && entry.formatName == theme.formatName
            && entry.pack == pack.rawValue && entry.code == code.rawValue
        return same ? nil : .damaged(.anotherPoster)
    }
}
