import Foundation
import PosterKit

/// A batch plan as a source of jobs: its posters in canonical order, each written
/// to `<theme>/<pack>/<CODE>.png`.
struct PlanSource: RunSource {
    let plan: BatchPlan
    private var position = 0

    init(_ plan: BatchPlan) {
        self.plan = plan
    }

    var options: RunOptions { RunOptions() }
    var expectedCount: Int { plan.jobs.count }
    var shard: BatchPlan.Shard? { plan.shard }
    var themes: [Theme] { plan.jobs.map(\.theme) }
    var folders: Set<String> { Set(plan.jobs.map { ($0.file as NSString).deletingLastPathComponent }) }

    /// Refuses a plan in which two jobs write the same file: two themes that declare the
    /// same `name` would overwrite each other's posters.
    func check() throws(RenderError) {
        var folderByName: [String: URL] = [:]
        for job in plan.jobs {
            let folder = job.theme.folder
            if let other = folderByName[job.theme.name], other != folder {
                let pair = [other.path, folder.path].sorted()
                throw RenderError(.theme, "\(pair[0]) and \(pair[1]) both declare the theme name '\(job.theme.name)'; their posters would overwrite each other (give each theme its own name)")
            }
            folderByName[job.theme.name] = folder
        }
    }

    func ownsTemporaryFile(stem: String, in folder: String) -> Bool {
        plan.fileNames(in: folder).contains(stem)
    }

    mutating func next() -> RunItem<PosterJob>? {
        guard position < plan.jobs.count else { return nil }
        defer { position += 1 }
        let job = plan.jobs[position]
        return .job(PosterJob(ordinal: position, theme: job.theme, result: job.result, pack: job.pack, code: job.code,
                              file: job.file, source: nil))
    }
}

extension BatchPlan {
    /// The names of the plan's posters in `folder` (`<theme>/<pack>`).
    func fileNames(in folder: String) -> Set<String> {
        Set(jobs.filter { ($0.file as NSString).deletingLastPathComponent == folder }.map { ($0.file as NSString).lastPathComponent })
    }
}
