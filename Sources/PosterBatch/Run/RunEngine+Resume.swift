import Foundation
import PosterFiles
import PosterKit

extension RunEngine {
    /// What a resume does with a poster an earlier run recorded.
    enum ResumeDecision: Equatable {
        /// The file is the one recorded and this run would make the same bytes.
        case keep
        /// The file is not the one recorded (or the record is about another poster): render again.
        case damaged(ResumeProblem)
        /// The file is intact but was made another way (these provenance differences): render again.
        case madeAnotherWay([String])
    }

    /// The entries an earlier run recorded: `manifest.json`, then the journal (later lines win).
    /// A torn last journal line from a killed run is skipped.
    static func recordedEntries(in folder: URL) -> [String: Manifest.Entry] {
        var entries: [String: Manifest.Entry] = [:]
        let manifestURL = folder.appendingPathComponent(Manifest.fileName)
        if FileManager.default.fileExists(atPath: manifestURL.path), let manifest = try? Manifest.read(manifestURL) {
            for entry in manifest.entries { entries[entry.file] = entry }
        }
        if let data = RegularFileBytes.read(folder.appendingPathComponent(journalName).path, limit: Manifest.maximumBytes) {
            let decoder = JSONDecoder()
            for line in data.split(separator: UInt8(ascii: "\n")) {
                if let entry = try? decoder.decode(Manifest.Entry.self, from: Data(line)) { entries[entry.file] = entry }
            }
        }
        return entries
    }
}

extension RunContext {
    /// Keeps `entry`'s poster for `job` only when the entry is about the poster the job
    /// makes (`PosterJob.recordProblem`: a hand-edited or hostile manifest could name
    /// another one, and keeping it would carry its fields into the new manifest), its file
    /// is intact (`ResumeProblem.check`) and it was made with this run's provenance.
    func resumeDecision(for job: PosterJob, entry: Manifest.Entry) -> RunEngine.ResumeDecision {
        if let decision = job.recordProblem(entry) { return decision }
        if let problem = ResumeProblem.check(job.file, in: output, as: entry) { return .damaged(problem) }
        let changed = provenance[job.theme.name]?.differences(from: entry.provenance) ?? ["provenance"]
        return changed.isEmpty ? .keep : .madeAnotherWay(changed)
    }
}
