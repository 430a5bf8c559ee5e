import CMicroHTTPD
import CMicroHTTPDShim

/// An immutable body that many responses can send without copying: libmicrohttpd
/// reads it in place and releases it when the response is done. The service keeps
/// cached posters in these, so a cache hit copies no PNG bytes.
package final class HTTPSharedBody: Sendable {
    nonisolated(unsafe) private let storage: UnsafeMutableRawBufferPointer

    /// Copies `bytes` once.
    package init(copying bytes: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        storage = buffer
        count = bytes.count
    }

    deinit { storage.deallocate() }

    /// The length in bytes.
    package let count: Int

    /// The bytes as an array (a copy).
    package var bytes: [UInt8] { [UInt8](UnsafeRawBufferPointer(rebasing: storage[0..<count])) }

    /// A libmicrohttpd response over the bytes, holding one reference until the library frees it.
    func makeResponse() -> OpaquePointer? {
        let retained = Unmanaged.passRetained(self).toOpaque()
        let release: MHD_ContentReaderFreeCallback = { context in
            if let context { Unmanaged<HTTPSharedBody>.fromOpaque(context).release() }
        }
        guard let response = nmti_mhd_create_response_from_buffer_with_free_callback_cls(count, storage.baseAddress, release, retained) else {
            Unmanaged<HTTPSharedBody>.fromOpaque(retained).release()
            return nil
        }
        return response
    }
}
