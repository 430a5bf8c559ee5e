import NMTIDomain

extension PosterRenderer {
    /// Runs one request through the pipeline on a worker and suspends until it is done,
    /// without blocking the calling thread: for async servers (Vapor, Hummingbird) whose
    /// handlers must not block the cooperative pool.
    public func run(_ request: RenderRequest) async throws(RenderError) -> RenderOutput {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<RenderOutput, RenderError>, Never>) in
            submit(request) { continuation.resume(returning: $0 ?? .failure(RenderError(.graphics, "the render was not started"))) }
        }
        return try result.get()
    }

    /// Renders one result with a theme into an encoded poster, suspending meanwhile.
    public func render(_ result: QuizResult, theme: Theme) async throws(RenderError) -> RenderedPoster {
        try await run(RenderRequest(result, theme: theme)).encodedPoster()
    }
}
