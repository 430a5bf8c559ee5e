import CMicroHTTPD
import CMicroHTTPDShim
import Foundation

/// The C callbacks libmicrohttpd calls, and the option array that registers them.
/// Each turns its `cls` back into the `HTTPServerCore` and its `con_cls` into the
/// request's `HTTPExchange`; nothing C leaves this folder.
enum HTTPCallbacks {
    typealias URILog = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?
    typealias Completed = @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_RequestTerminationCode) -> Void
    typealias Notify = @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_ConnectionNotificationCode) -> Void

    static func options(_ configuration: HTTPServerConfiguration, context: UnsafeMutableRawPointer) -> [MHD_OptionItem] {
        func item(_ option: MHD_OPTION, _ value: Int, _ pointer: UnsafeMutableRawPointer? = nil) -> MHD_OptionItem {
            MHD_OptionItem(option: option, value: value, ptr_value: pointer)
        }
        return [
            item(MHD_OPTION.THREAD_POOL_SIZE, max(1, configuration.threads)),
            // The gate closes idle connections itself; the library sees no traffic while a head
            // arrives (the gate passes only whole heads on), so its own timeout must outlast the
            // read timeout, which the watch enforces.
            item(MHD_OPTION.CONNECTION_TIMEOUT, max(1, configuration.idleTimeoutSeconds, Int(configuration.readTimeoutSeconds.rounded(.up))) + 5),
            // The gate keeps the connection limit; the daemon's is a backstop with room for
            // connections the gate has closed and the daemon has not yet noticed.
            item(MHD_OPTION.CONNECTION_LIMIT, max(1, configuration.connectionLimit) + 64),
            item(MHD_OPTION.PER_IP_CONNECTION_LIMIT, max(1, configuration.perAddressConnectionLimit)),
            item(MHD_OPTION.CONNECTION_MEMORY_LIMIT, max(4096, configuration.connectionMemoryBytes)),
            item(MHD_OPTION.LISTEN_BACKLOG_SIZE, max(16, configuration.listenBacklog)),
            item(MHD_OPTION.URI_LOG_CALLBACK, unsafeBitCast(uriLog, to: Int.self), context),
            item(MHD_OPTION.NOTIFY_COMPLETED, unsafeBitCast(completed, to: Int.self), context),
            item(MHD_OPTION.NOTIFY_CONNECTION, unsafeBitCast(notify, to: Int.self), context),
            item(MHD_OPTION.END, 0),
        ]
    }

    static func core(_ cls: UnsafeMutableRawPointer?) -> HTTPServerCore? {
        cls.map { Unmanaged<HTTPServerCore>.fromOpaque($0).takeUnretainedValue() }
    }

    static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    /// The request line is in: the exchange starts here, with the raw target (path and query as sent).
    static let uriLog: URILog = { _, uri, _ in
        let target = uri.map { String(cString: $0) } ?? ""
        return Unmanaged.passRetained(HTTPExchange(target: target)).toOpaque()
    }

    /// The request is over (answered, or the connection went away): release the exchange.
    static let completed: Completed = { cls, connection, slot, _ in
        if let raw = slot?.pointee {
            let exchange = Unmanaged<HTTPExchange>.fromOpaque(raw).takeRetainedValue()
            exchange.state.withLock { $0.completed = true }
            slot?.pointee = nil
        }
        if let core = core(cls), let connection { core.watch.requestFinished(key(connection)) }
    }

    /// A connection opened or closed: the read-deadline watch follows it.
    static let notify: Notify = { cls, connection, _, code in
        guard let core = core(cls), let connection else { return }
        if code == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
            let descriptor = nmti_mhd_connection_descriptor(connection)
            core.watch.opened(key(connection), descriptor: descriptor)
        } else {
            core.watch.closed(key(connection))
        }
    }

    /// Every call for a request: headers, body pieces, the end of the body, and the call after a resume.
    static let access: MHD_AccessHandlerCallback = { cls, connection, _, method, _, upload, uploadSize, slot in
        guard let core = core(cls), let connection, let uploadSize, let raw = slot?.pointee else { return MHD_Result.NO }
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(raw).takeUnretainedValue()
        return HTTPRequestReader.advance(
            exchange, core: core, connection: connection, method: method.map { String(cString: $0) } ?? "",
            upload: upload, uploadSize: uploadSize)
    }

    /// Collects header fields into the `[(String, String)]` box behind `cls`.
    static let headerIterator: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return MHD_Result.YES }
        let box = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
        box.pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
        return MHD_Result.YES
    }
}
