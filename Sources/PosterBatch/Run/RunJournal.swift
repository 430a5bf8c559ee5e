import PosterKit
import Foundation
import Synchronization
import PosterFiles
#if canImport(Glibc)
import Glibc
#endif

/// The append-only record of posters finished so far, one JSON manifest entry per
/// line. Appends are single `write` calls on an `O_APPEND` descriptor, so a kill
/// can at worst tear the last line, which a resume skips.
final class RunJournal: Sendable {
    private let url: URL
    /// The open journal, -1 once removed; held for each append so lines never interleave.
    private let descriptor: Mutex<Int32>
    private let encoder: JSONEncoder

    /// Starts a journal holding `entries` (what an earlier run recorded, on a resume), replacing any old one.
    init(url: URL, entries: [Manifest.Entry]) throws(RenderError) {
        self.url = url
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
        var text = Data()
        for entry in entries { if let line = try? encoder.encode(entry) { text += line + Data("\n".utf8) } }
        // Written whole and renamed, so the kept entries are never lost to a kill.
        do throws(WriteFailure) {
            try AtomicWriter.write(text, to: url)
        } catch {
            throw RenderError(.output, error.description, cause: error)
        }
        let opened = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            throw RenderError(.output, "\(url.path): cannot open the batch journal (\(String(cString: strerror(errno)).lowercased()))")
        }
        descriptor = Mutex(opened)
    }

    deinit { descriptor.withLock { if $0 >= 0 { close($0) } } }

    /// Records a finished poster; best effort, as the journal only speeds up a resume.
    func append(_ entry: Manifest.Entry) {
        guard let line = try? encoder.encode(entry) else { return }
        let bytes = [UInt8](line + Data("\n".utf8))
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Deletes the journal once the manifest is written.
    func remove() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            unlink(url.path)
        }
    }
}
