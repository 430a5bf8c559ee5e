import Foundation
import PosterFiles
import PosterKit

extension RunEngine {
    /// Runs every job of `source` into `folder`: the one lifecycle of every run.
    ///
    /// In order: the source's own checks; when the source keeps a manifest, the folder and
    /// its sub-folders, the lock, the provenance of each theme, what an earlier run recorded
    /// (with `resume`) and a new journal holding it; the removal of temporary files that
    /// dead writers left in the source's folders; the jobs, on the renderer's workers; the
    /// manifest, and the journal's removal. Fails only for what stops the whole run.
    package func run<Source: RunSource>(
        _ source: inout Source, into folder: URL, resume: Bool = false,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) throws(RenderError) -> Report {
        let start = DispatchTime.now().uptimeNanoseconds
        try source.check()
        let options = source.options
        // Every path below the folder comes from theme names or results: written only through OutputFolder.
        let output = OutputFolder(root: folder)
        var lock: RunLock?
        defer { lock?.release() }
        var recorded: [String: Manifest.Entry] = [:]
        var provenance: [String: Manifest.Provenance] = [:]
        var journal: RunJournal?
        if options.keepsManifest {
            try Self.makeFolder(folder)
            lock = try RunLock(folder: folder)
            for directory in source.folders.sorted() where !directory.isEmpty {
                do throws(WriteFailure) { try output.makeFolder(directory) } catch { throw RenderError(.output, error.description, cause: error) }
            }
        }
        Self.removeTemporaryFiles(of: source, in: output, keepsManifest: options.keepsManifest)
        if options.keepsManifest {
            let identity = EngineIdentity.current.describing(version: engine)
            for theme in source.themes where provenance[theme.name] == nil {
                provenance[theme.name] = Manifest.Provenance(
                    engine: identity, compression: compression.rawValue, theme: theme.contentDigest, links: renderer.links.fingerprint)
            }
            recorded = resume ? Self.recordedEntries(in: folder) : [:]
            // Every earlier record goes into the new journal, so a second kill loses none of them.
            journal = try RunJournal(url: folder.appendingPathComponent(Self.journalName),
                                     entries: recorded.keys.sorted().compactMap { recorded[$0] })
        }
        let run = RunContext(output: output, recorded: recorded, provenance: provenance, journal: journal,
                             total: source.expectedCount, progress: progress)
        fanOut(&source, run: run, finishing: options.finishing)
        let seconds = { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        guard let journal else { return run.report(shard: source.shard, seconds: seconds()) }
        let report = run.report(shard: source.shard, seconds: 0)
        do {
            try AtomicWriter.write(try report.manifest.jsonData(), to: folder.appendingPathComponent(Manifest.fileName))
        } catch let error as WriteFailure {
            throw RenderError(.output, error.description, cause: error)
        } catch {
            throw RenderError(.output, "\(folder.path)/\(Manifest.fileName): \(error)", cause: error)
        }
        journal.remove()
        var finished = report
        finished.seconds = seconds()
        return finished
    }

    /// Removes the temporary files that writers which are no longer alive (a killed run)
    /// left in the source's folders: only those of the source's own files, and of the
    /// manifest and the journal when the run keeps them. A temporary file of any live
    /// process (a `render -o` into the folder, a run into a sub-folder) is never touched,
    /// nor anything through a symlink (`OutputFolder.removeAbandonedTemporaryFiles`).
    static func removeTemporaryFiles(of source: some RunSource, in output: OutputFolder, keepsManifest: Bool) {
        var folders = source.folders
        if keepsManifest { folders.insert("") }
        for folder in folders.sorted() {
            output.removeAbandonedTemporaryFiles(in: folder) { stem in
                (folder.isEmpty && keepsManifest && (stem == Manifest.fileName || stem == journalName))
                    || source.ownsTemporaryFile(stem: stem, in: folder)
            }
        }
    }

    /// Creates a folder and its parents with mkdir(2), so that a failure names the
    /// system's reason (`read-only file system`, `no space left on device`).
    static func makeFolder(_ url: URL) throws(RenderError) {
        var path = ""
        for component in url.standardizedFileURL.pathComponents {
            path = component == "/" ? "/" : (path.hasSuffix("/") ? path : path + "/") + component
            guard mkdir(path, 0o755) != 0 else { continue }
            let code = errno
            var isDirectory: ObjCBool = false
            if code == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { continue }
            let reason = code == EEXIST ? "\(path) is not a folder" : String(cString: strerror(code)).lowercased()
            throw RenderError(.output, "\(url.path): cannot create the folder (\(reason))")
        }
    }
}
