import PosterKit
import Foundation
import PosterFiles

extension BatchRunner {
    /// What a resume does with a poster an earlier run recorded.
    enum ResumeDecision: Equatable {
        /// The file is the one recorded and this run would make the same bytes.
        case keep
        /// The file is not the one recorded: render again.
        case damaged(ResumeProblem)
        /// The file is intact but was made another way (these provenance differences): render again.
        case madeAnotherWay([String])
    }

    /// Keeps `entry`'s poster only when the entry names the job's theme, pack and code
    /// (a hand-edited or hostile manifest could name another poster: keeping it would
    /// carry its fields into the new manifest), its file is intact (`ResumeProblem.check`)
    /// and it was made with this run's `provenance`.
    static func resumeDecision(for job: BatchPlan.Job, entry: Manifest.Entry, in output: OutputFolder,
                               provenance: Manifest.Provenance?) -> ResumeDecision {
        guard describes(entry, job) else { return .damaged(.anotherPoster) }
        if let problem = ResumeProblem.check(job.file, in: output, as: entry) { return .damaged(problem) }
        let changed = provenance?.differences(from: entry.provenance) ?? ["provenance"]
        return changed.isEmpty ? .keep : .madeAnotherWay(changed)
    }

    /// Writes a rendered poster through `output` (never outside it, never through a symlink),
    /// atomically; `replacingSymlink` renames it over a symlink that replaced a recorded poster.
    static func write(_ poster: RenderedPoster, to file: String, in output: OutputFolder, replacingSymlink: Bool) throws(RenderError) {
        do throws(WriteFailure) {
            try output.write(Data(poster.bytes), to: file, replacingSymlink: replacingSymlink)
        } catch {
            throw RenderError(.output, error.description, cause: error)
        }
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

    /// Whether a recorded entry is about the poster `job` makes: same theme name, pack and code.
    static func describes(_ entry: Manifest.Entry, _ job: BatchPlan.Job) -> Bool {
        entry.theme == job.theme.name && entry.pack == job.pack.rawValue && entry.code == job.code.rawValue
    }

    /// Deletes the temporary files of the plan's posters, the manifest and the journal
    /// that writers which are no longer alive left behind (a killed run). Called with the
    /// run's lock held; a temporary file of any live process (a `render -o` into the
    /// folder, a run into a sub-folder) is never touched
    /// (`OutputFolder.removeAbandonedTemporaryFiles`).
    static func removeTemporaryFiles(_ plan: BatchPlan, in folder: URL) {
        // Through OutputFolder: only regular files inside `folder`, never through a symlink.
        let output = OutputFolder(root: folder)
        var namesByFolder: [String: Set<String>] = ["": [Manifest.fileName, journalName]]
        for job in plan.jobs {
            let file = job.file as NSString
            namesByFolder[file.deletingLastPathComponent, default: []].insert(file.lastPathComponent)
        }
        for (directory, names) in namesByFolder {
            let stems = Set(names.map(AtomicWriter.temporaryStem(for:)))
            output.removeAbandonedTemporaryFiles(in: directory) { stems.contains($0) }
        }
    }
}
