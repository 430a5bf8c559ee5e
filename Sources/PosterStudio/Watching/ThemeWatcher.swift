import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches a theme folder with inotify and calls `onChange` once the folder has been
/// quiet for the debounce time after any change: an editor's save (write a temporary
/// file, rename it over the old one, set its mode) is one reload, not three.
///
/// Every folder under the theme folder is watched (at most `maximumFolders`, never
/// through a symlink); a folder created, removed or renamed re-reads the tree. When
/// the theme folder itself goes away, the watcher looks for it again every half second.
final class ThemeWatcher: Sendable {
    /// The most folders watched; the rest of a huge tree is not.
    static let maximumFolders = 256
    /// The deepest folder watched.
    static let maximumDepth = 8

    private let folder: String
    private let debounce: UInt64
    private let onChange: @Sendable () -> Void
    private let running = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// A watcher of `folder` that calls `onChange` on its own thread.
    init(folder: URL, debounceSeconds: Double, onChange: @escaping @Sendable () -> Void) {
        self.folder = folder.standardizedFileURL.path
        debounce = UInt64(max(0.01, debounceSeconds) * 1e9)
        self.onChange = onChange
    }

    /// Starts the watching thread.
    func start() {
        guard !running.exchange(true, ordering: .relaxed) else { return }
        let thread = Thread { [self] in
            loop()
            finished.signal()
        }
        thread.name = "studio theme watch"
        thread.start()
    }

    /// Stops the thread and waits for it (it wakes at least every 100 ms).
    func stop() {
        guard running.exchange(false, ordering: .relaxed) else { return }
        finished.wait()
    }

    private func loop() {
        var descriptor: Int32 = -1
        var pending = false
        var rewatch = true
        var missing = false
        var lastEvent: UInt64 = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer { if descriptor >= 0 { close(descriptor) } }
        while running.load(ordering: .relaxed) {
            if rewatch {
                if descriptor >= 0 { close(descriptor) }
                descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
                rewatch = descriptor < 0 || !watchTree(descriptor)
                if rewatch {
                    // The folder is gone: reload once (the page says so), look again shortly,
                    // and reload when it is back.
                    if !missing { onChange() }
                    missing = true
                    pending = true
                    usleep(500_000)
                    continue
                }
                missing = false
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            let now = DispatchTime.now().uptimeNanoseconds
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    pending = true
                    lastEvent = now
                    if Self.changesTree(buffer, count: count) { rewatch = true }
                }
            }
            // With the tree to re-read, the change is reported once the watches are back.
            if pending, !rewatch, now &- lastEvent >= debounce {
                pending = false
                onChange()
            }
        }
    }

    /// Adds a watch on the theme folder and every folder below it; false when the theme folder cannot be watched.
    private func watchTree(_ descriptor: Int32) -> Bool {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW | IN_ONLYDIR)
        var queue: [(path: String, depth: Int)] = [(folder, 0)]
        var watched = 0
        while let (path, depth) = queue.first, watched < Self.maximumFolders {
            queue.removeFirst()
            guard inotify_add_watch(descriptor, path, mask) >= 0 else {
                if watched == 0 { return false }
                continue
            }
            watched += 1
            guard depth < Self.maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() {
                var info = stat()
                let child = path + "/" + name
                if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { queue.append((child, depth + 1)) }
            }
        }
        return true
    }

    /// Whether the events in `buffer` add or remove a folder, or remove a watched one.
    private static func changesTree(_ buffer: [UInt8], count: Int) -> Bool {
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (mask, length) = buffer.withUnsafeBytes { bytes in
                (bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) != 0 { return true }
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_Q_OVERFLOW) != 0 { return true }
            offset += header + length
        }
        return false
    }
}
