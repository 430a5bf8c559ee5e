/// Why a poster could not be read back: a library is missing or failed.
package struct ScanError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the library and its own message.
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
