/// What one run of the pipeline produced: the display list always, the raster or the
/// encoded poster for the stage asked for, and the extras asked for.
public struct RenderOutput: Sendable {
    /// The poster laid out (with its fit notes).
    public let displayList: DisplayList
    /// The pixels, when the request stopped at `.raster`.
    public let raster: Raster?
    /// The encoded poster, when the request went to `.encoded`.
    public let poster: RenderedPoster?
    /// The layout described, when `.layoutDump` was asked for.
    public let layoutDump: LayoutDump?
    /// Texts below WCAG AA contrast, when `.contrastFindings` was asked for.
    public let contrastFindings: [ContrastFinding]?
    /// Stage times, when `.timings` was asked for.
    public let timings: StageTimings?

    /// What was shrunk, ellipsised, shortened, overflowed or drawn off the canvas.
    public var notes: [FitNote] { displayList.notes }
}

/// A finished, encoded poster.
public struct RenderedPoster: Sendable {
    /// The encoded file's bytes.
    public let bytes: [UInt8]
    /// The file name extension of the encoding, such as "png".
    public let fileExtension: String
    /// The media type of the encoding, such as "image/png".
    public let mediaType: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// What was shrunk, ellipsised or overflowed while fitting the copy.
    public let notes: [FitNote]

    /// The encoded bytes (the same as `bytes`), named for PNG, the default encoding.
    public var png: [UInt8] { bytes }
}

/// Nanoseconds spent in each stage of one render, and the encoded size.
public struct StageTimings: Sendable, Hashable {
    /// Binding and layout.
    public let layout: UInt64
    /// Drawing the display list (0 when the render stopped at layout).
    public let draw: UInt64
    /// Encoding the raster (0 when the render stopped before encoding).
    public let encode: UInt64
    /// The encoded size in bytes (0 when not encoded).
    public let bytes: Int
}
