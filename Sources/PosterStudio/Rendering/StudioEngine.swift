import Dispatch
import Foundation
import PosterKit
import Synchronization

/// The theme the studio watches and the posters it draws from it, one render at a time.
///
/// Loading and drawing run on one serial queue, so a reload never races a render and at
/// most one poster is drawn at once. Frames are cached by generation and variant (a few
/// pages asking for the same poster share one render); at most `maximumQueued` requests
/// wait, beyond that the page is told to try again.
final class StudioEngine: Sendable {
    /// The most renders waiting for the queue.
    static let maximumQueued = 24
    /// The most frames kept.
    static let cacheCapacity = 12

    struct Key: Hashable {
        let generation: Int
        let variant: StudioVariant
        let lints: Bool
    }

    struct State {
        var generation = 0
        var theme: StudioTheme = .failed([])
        var cache: [Key: StudioFrame] = [:]
        var order: [Key] = []
        var queued = 0
        /// What the current generation was loaded from: the theme's content digest, or its problems.
        var fingerprint = ""
    }

    let configuration: StudioConfiguration
    let renderer: PosterRenderer
    /// The theme file drawn (the folder's `theme.json5`, or the file given).
    let themeFile: URL
    private let queue = DispatchQueue(label: "studio render", qos: .userInitiated)
    private let state = Mutex(State())
    /// Told of every new generation (on the render queue), after it is in place.
    private let listener = Mutex<(@Sendable (Int) -> Void)?>(nil)

    init(_ configuration: StudioConfiguration) throws(StudioError) {
        self.configuration = configuration
        do throws(RenderError) {
            renderer = try PosterRenderer(compression: configuration.compression, workers: 1)
            try PosterFonts.load()
        } catch {
            throw StudioError(error.message)
        }
        var isDirectory: ObjCBool = false
        let location = configuration.themeLocation
        let folder = FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) && isDirectory.boolValue
        themeFile = folder ? location.appendingPathComponent(Theme.fileName) : location
    }

    /// The folder watched: the theme's.
    var folder: URL { themeFile.deletingLastPathComponent() }

    /// The generation drawn now (0 before the first load).
    var generation: Int { state.withLock { $0.generation } }

    /// The theme of the current generation.
    var currentTheme: StudioTheme { state.withLock { $0.theme } }

    /// Calls `body` with each new generation.
    func onReload(_ body: @escaping @Sendable (Int) -> Void) {
        listener.withLock { $0 = body }
    }

    /// Loads the theme again on the render queue (after any render in progress).
    func reload() {
        queue.async { self.loadNow() }
    }

    /// Loads the theme now, on the caller's thread: the first load, before serving. A load
    /// that finds what the current generation shows (an editor's temporary file came and
    /// went, a `touch`) starts no new generation, so pages are not sent the same poster.
    func loadNow() {
        let loaded: StudioTheme
        let fingerprint: String
        do throws(ThemeError) {
            let theme = try Theme.load(from: configuration.themeLocation, registry: configuration.registry)
            loaded = .loaded(theme, ElementSources(file: theme.file))
            fingerprint = "theme " + theme.contentDigest
        } catch {
            loaded = .failed(error.diagnostics)
            fingerprint = "problems " + error.description
        }
        let generation = state.withLock { state -> Int? in
            guard state.generation == 0 || state.fingerprint != fingerprint else { return nil }
            state.fingerprint = fingerprint
            state.generation += 1
            state.theme = loaded
            state.cache = [:]
            state.order = []
            return state.generation
        }
        if let generation { listener.withLock { $0 }?(generation) }
    }

    /// The frame of `variant` with the current theme: from the cache, or drawn on the
    /// render queue; `completion` runs on that queue, or at once for a cached frame. With
    /// `lints`, the frame holds the findings instead of the poster.
    func frame(for variant: StudioVariant, lints: Bool = false,
               completion: @escaping @Sendable (Result<StudioFrame, StudioRequestError>) -> Void) {
        let admitted = state.withLock { state -> StudioFrame?? in
            if let cached = state.cache[Key(generation: state.generation, variant: variant, lints: lints)] { return .some(cached) }
            guard state.queued < Self.maximumQueued else { return nil }
            state.queued += 1
            return .some(nil)
        }
        guard let admitted else {
            return completion(.failure(StudioRequestError(503, nil, "too many renders waiting; try again")))
        }
        if let cached = admitted { return completion(.success(cached)) }
        queue.async {
            // Checked again on the queue: a request just before it drew this very frame.
            let (generation, theme, cached) = self.state.withLock { state in
                state.queued -= 1
                return (state.generation, state.theme, state.cache[Key(generation: state.generation, variant: variant, lints: lints)])
            }
            if let cached { return completion(.success(cached)) }
            let frame = StudioFrame.draw(variant, theme: theme, generation: generation, file: self.themeFile,
                                         renderer: self.renderer, lints: lints)
            self.state.withLock { state in
                let key = Key(generation: generation, variant: variant, lints: lints)
                guard state.generation == generation, state.cache[key] == nil else { return }
                state.cache[key] = frame
                state.order.append(key)
                if state.order.count > Self.cacheCapacity { state.cache[state.order.removeFirst()] = nil }
            }
            completion(.success(frame))
        }
    }
}
