/// A failure inside the graphics layer: a C library status, a missing font or a bad asset.
package struct GraphicsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    package enum Kind: Sendable, Hashable {
        /// Cairo reported a non-success status.
        case cairo
        /// A pinned font file is not installed.
        case fontMissing
        /// Fontconfig or Pango could not be set up.
        case fontSetup
        /// An image or SVG asset could not be decoded.
        case asset
        /// libqrencode could not encode the data.
        case qr
        /// A limit (size, pixels, bytes) was exceeded.
        case limit
    }

    /// The broad kind of failure.
    package let kind: Kind
    /// A human-readable explanation, naming the file or library call involved.
    package let message: String

    /// Creates an error.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}
