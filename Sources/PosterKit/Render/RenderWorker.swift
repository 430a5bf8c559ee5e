import PosterGraphics

/// One thread's reusable render state: a Pango shaper and a raster canvas.
final class RenderWorker {
    let shaper: TextShaper
    let canvas = PosterCanvas()

    init(fonts: FontLibrary) throws(GraphicsError) {
        shaper = try TextShaper(library: fonts)
    }
}

/// A lock-protected pool of workers, so that concurrent renders never share Pango or Cairo state.
final class WorkerPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [RenderWorker] = []
    private let make: () throws(GraphicsError) -> RenderWorker

    init(make: @escaping () throws(GraphicsError) -> RenderWorker) {
        self.make = make
    }

    /// Runs `body` with a worker no other thread is using.
    func withWorker<R>(_ body: (RenderWorker) throws(RenderError) -> R) throws(RenderError) -> R {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        let worker: RenderWorker
        if let reused {
            worker = reused
        } else {
            do {
                worker = try make()
            } catch {
                throw RenderError(.graphics, error.message)
            }
        }
        defer {
            lock.lock()
            idle.append(worker)
            lock.unlock()
        }
        return try body(worker)
    }
}

import Foundation
