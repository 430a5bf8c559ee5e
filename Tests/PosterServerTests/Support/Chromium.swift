import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium (Debian's `chromium`, installed by scripts/setup) driven over
/// the DevTools protocol on a pipe (`--remote-debugging-pipe`: the browser reads
/// commands on fd 3 and writes answers on fd 4, each a JSON text ended by NUL).
/// Every wait is bounded by the session's deadline; the browser's whole process
/// group is killed when the session ends. It may reach 127.0.0.1 only.
final class Chromium {
    static let path = "/usr/bin/chromium"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: URL
    private let deadline: Date
    private var buffer: [UInt8] = []
    private var nextID = 0

    /// Starts the browser; fails (never skips) when it is not installed.
    init(timeout: TimeInterval = 90) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else {
            throw Failure(description: "\(Self.path) is missing: run scripts/setup (it installs Debian's chromium for the landing-page test)")
        }
        deadline = Date().addingTimeInterval(timeout)
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe failed") }
        // Move every end above 4 and close-on-exec, so dup2 onto 3 and 4 always copies.
        let ends = [toBrowser[0], toBrowser[1], fromBrowser[0], fromBrowser[1]].map { fd -> Int32 in
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            Glibc.close(fd)
            return moved
        }
        let arguments = [
            Self.path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-default-apps", "--metrics-recording-only", "--mute-audio",
            "--hide-scrollbars", "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 3)
        posix_spawn_file_actions_adddup2(&actions, ends[3], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, Self.path, &actions, &attributes, &argv, environ)
        Glibc.close(ends[0])
        Glibc.close(ends[3])
        guard status == 0 else {
            Glibc.close(ends[1])
            Glibc.close(ends[2])
            throw Failure(description: "could not start \(Self.path): \(String(cString: strerror(status)))")
        }
        pid = child
        commands = ends[1]
        answers = ends[2]
    }

    /// Closes the browser (politely, then its process group) and removes its profile.
    func quit() {
        _ = try? send("Browser.close", [:], session: nil, timeout: 5)
        var status: Int32 = 0
        let until = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0, Date() < until { usleep(50_000) }
        kill(-pid, SIGKILL)
        _ = waitpid(pid, &status, WNOHANG)
        Glibc.close(commands)
        Glibc.close(answers)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and waits for its answer's `result`; a protocol error throws.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any], session: String?, timeout: TimeInterval? = nil) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message)) + [0]
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(commands, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw Failure(description: "the browser stopped reading commands (\(method))") }
            offset += written
        }
        let until = min(deadline, Date().addingTimeInterval(timeout ?? .infinity))
        while true {
            while let end = buffer.firstIndex(of: 0) {
                let text = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let answer = try JSONSerialization.jsonObject(with: text) as? [String: Any], answer["id"] as? Int == id else { continue }
                if let error = answer["error"] as? [String: Any] { throw Failure(description: "\(method): \(error)") }
                return answer["result"] as? [String: Any] ?? [:]
            }
            let left = until.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "\(method): no answer from the browser in time") }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 5) * 1000)) >= 0 else { continue }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(answers, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "\(method): the browser closed the pipe") }
            buffer += chunk[..<count]
        }
    }

    /// A new page (tab) attached in flat mode; its session ID.
    func newPage(url: String = "about:blank") throws -> String {
        let target = try send("Target.createTarget", ["url": url], session: nil)
        guard let id = target["targetId"] as? String else { throw Failure(description: "Target.createTarget gave no targetId") }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true], session: nil)
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "Target.attachToTarget gave no sessionId") }
        return session
    }

    /// Evaluates a JavaScript expression (awaiting a promise) and returns its value.
    func evaluate(_ expression: String, session: String) throws -> Any? {
        let answer = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
        if let exception = answer["exceptionDetails"] { throw Failure(description: "script failed: \(exception)") }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// Navigates and waits until the document at `url` has loaded (images included).
    func load(_ url: String, session: String) throws {
        try send("Page.navigate", ["url": url], session: session)
        while Date() < deadline {
            let state = try evaluate("location.href + ' ' + document.readyState", session: session) as? String
            if state == url + " complete" { return }
            usleep(100_000)
        }
        throw Failure(description: "\(url) did not finish loading in time")
    }

    /// A PNG screenshot of the page's viewport.
    func screenshot(session: String) throws -> Data {
        let answer = try send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let text = answer["data"] as? String, let data = Data(base64Encoded: text) else { throw Failure(description: "no screenshot data") }
        return data
    }
}
