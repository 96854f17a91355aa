internal import CMicroHTTPD
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd: requests are answered by one handler on the server's own threads.
///
/// ```swift
/// let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
///     HTTPResponse(status: 200, contentType: "text/plain", text: "hello \(request.path)\n")
/// }
/// print("listening on port \(server.port)")
/// server.stop()
/// ```
///
/// The handler runs on a thread of the server's pool, several at once: it must be safe to call concurrently
/// and must not depend on an actor (it is a plain `@Sendable` function). A handler that waits for something (a
/// long-poll) returns a ``DeferredResponse`` instead of blocking: the connection is parked without a thread until
/// the response is completed.
public final class HTTPServer: @unchecked Sendable {
    // Invariant that makes the class Sendable: `daemon` is only stopped once, under `stopLock`; the context is
    // itself thread-safe.

    /// Answers one request; called on the server's threads.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

    /// Told of each answer as it is queued: the request, the response, and the time since the request's headers
    /// arrived (a parked request's includes its wait).
    public typealias AnswerObserver = @Sendable (HTTPRequest, HTTPResponse, Duration) -> Void

    /// Makes the answer to a request the server refuses itself (by default a plain-text sentence).
    public typealias RefusalRenderer = @Sendable (HTTPRefusal) -> HTTPResponse

    /// Told of what the server does to a connection on its own, and of libmicrohttpd's messages.
    public typealias NoticeObserver = @Sendable (HTTPServerNotice) -> Void

    /// Bounds on what clients may take from the server.
    public struct Limits: Sendable {
        /// Threads answering requests concurrently.
        public var threads: Int = 4
        /// Open connections at most; more wait in the system's listen queue until one closes.
        public var connections: Int = 64
        /// Open connections from one client address at most; more are closed as soon as they are accepted, without
        /// an answer. 0: no bound.
        public var connectionsPerAddress: Int = 0
        /// Seconds an idle connection stays open (a client that stops reading an answer included).
        public var connectionTimeout: Int = 30
        /// Seconds a request has to arrive whole (request line, header fields and body), counted from the opening
        /// of its connection or the previous answer on it; a connection that takes longer, or stays idle that long
        /// between requests, is closed without an answer. A client sending a byte now and then cannot hold a
        /// connection past it.
        public var requestDeadline: Int = 10
        /// Bytes of the request line and header fields together at most; a longer request line is answered 414, more
        /// header fields 431, each as a refusal (``HTTPRefusal``) the server renders itself.
        public var requestHead: Int = 64 * 1024
        /// Bytes of memory per connection for its request line, header fields and libmicrohttpd's records of them:
        /// twice ``requestHead``, so a head somewhat over it is read whole and refused as above. A head that does not
        /// fit at all, or thousands of small fields whose records fill it, libmicrohttpd answers 414 or 431 itself,
        /// with a short HTML body.
        public var connectionMemory: Int = 128 * 1024
        /// Bytes of request body at most: a larger declared `Content-Length` is answered 413 (never `100 Continue`);
        /// a chunked body closes the connection as soon as it passes the limit.
        public var requestBody: Int = 1024 * 1024
        /// Bytes of a body over ``requestBody`` that the server still reads, and throws away, before it answers 413
        /// when the client sends the body without asking first (no `Expect: 100-continue`): such a client reads the
        /// 413 instead of finding the connection reset while it sends. A client that asks first, or declares a longer
        /// body, is answered 413 as soon as its header fields are in, and the connection is closed.
        public var discardedBody: Int = 16 * 1024 * 1024
        /// Query items at most; more are answered 414. libmicrohttpd keeps each in the connection's memory, and
        /// closes a connection whose items do not fit without an answer, so the bound must hold well within it.
        public var queryItems: Int = 256

        /// The default limits.
        public init() {}
    }

    /// A certificate and its private key, PEM-encoded: the server then speaks HTTPS only (TLS through GnuTLS).
    public struct TLSCredentials: Sendable {
        /// The certificate chain, server certificate first.
        public var certificate: String
        /// The certificate's private key, unencrypted.
        public var privateKey: String
        /// The protocol versions and cipher suites offered, as a GnuTLS priority string.
        public var priorities: String

        /// TLS 1.3 and 1.2 only, and in 1.2 only forward-secret key exchange (ECDHE, DHE) with AEAD ciphers
        /// (AES-GCM, ChaCha20-Poly1305): what current browsers and clients speak, without TLS 1.0/1.1, CBC modes or
        /// static RSA key exchange.
        public static let modernPriorities =
            "SECURE128:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305"
            + ":-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:+DHE-RSA"

        /// Credentials from PEM text, offering `priorities` (by default ``modernPriorities``).
        public init(certificate: String, privateKey: String, priorities: String = Self.modernPriorities) {
            self.certificate = certificate
            self.privateKey = privateKey
            self.priorities = priorities
        }
    }

    /// The address the server listens on.
    public let host: String
    /// The port the server listens on (the one the system picked when 0 was asked for).
    public let port: Int
    /// Whether the server speaks HTTPS.
    public let isSecure: Bool

    private let daemon: OpaquePointer
    private let context: Unmanaged<ServerContext>
    private let stopping: (@Sendable () -> Void)?
    private let stopLock = NSLock()
    private var stopped = false

    /// Starts listening on `host` (an IPv4 or IPv6 address, not a name) and `port` (0: any free port).
    ///
    /// - Parameters:
    ///   - limits: bounds on what clients may take.
    ///   - tls: a certificate and key to speak HTTPS with; `nil` for plain HTTP.
    ///   - stopping: called by ``stop()`` once no new connection is accepted; it must complete every parked
    ///     ``DeferredResponse`` at once (and those parked after it), since `stop` waits for them.
    ///   - answered: told of each answer as it is queued (an access log); a parked request whose client went away
    ///     is told with status 499, and not sent.
    ///   - noticed: told of connections the server closes on its own and of libmicrohttpd's messages (by default
    ///     written to standard error).
    ///   - refusing: makes the answer to a request the server refuses itself (``HTTPRefusal``).
    ///   - handler: answers each request.
    /// - Throws: ``HTTPServerError`` when the address is not one or the server cannot listen on it (with
    ///   `tls`, also when the certificate or key cannot be read).
    public init(
        host: String, port: Int, limits: Limits = Limits(), tls: TLSCredentials? = nil,
        stopping: (@Sendable () -> Void)? = nil,
        answered: AnswerObserver? = nil, noticed: NoticeObserver? = nil, refusing: RefusalRenderer? = nil,
        handler: @escaping Handler
    ) throws {
        guard (0...65535).contains(port) else { throw HTTPServerError.invalidPort(port) }
        if let reason = Self.libraryUnavailableReason { throw HTTPServerError.libraryUnavailable(reason: reason) }
        let context = Unmanaged.passRetained(
            ServerContext(
                handler: handler, answered: answered, noticed: noticed ?? Self.standardErrorNotice,
                refusing: refusing ?? Self.plainRefusal, limits: limits, tls: tls)
        )
        self.stopping = stopping
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_AUTO.rawValue
        let started: OpaquePointer?
        if var address = SocketAddress.ipv4(host, port: port) {
            started = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    start(flags, port, $0, limits, context)
                }
            }
        } else if var address = SocketAddress.ipv6(host, port: port) {
            flags |= MHD_USE_IPv6.rawValue
            started = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    start(flags, port, $0, limits, context)
                }
            }
        } else {
            context.release()
            throw HTTPServerError.invalidAddress(host)
        }
        guard let started else {
            let error = errno
            context.release()
            // libmicrohttpd leaves errno alone when GnuTLS refuses the credentials.
            if tls != nil && error == 0 { throw HTTPServerError.credentialsRefused }
            throw HTTPServerError.cannotListen(host: host, port: port, reason: String(cString: strerror(error)))
        }
        self.daemon = started
        self.context = context
        self.host = host
        self.port = Int(cmicrohttpd_bound_port(started))
        self.isSecure = tls != nil
    }

    deinit { stop() }

    /// A notice as a line on standard error.
    @Sendable static func standardErrorNotice(_ notice: HTTPServerNotice) {
        FileHandle.standardError.write(
            Data("\(notice.address ?? "-") \(notice.kind.rawValue): \(notice.detail)\n".utf8))
    }

    /// A refusal as a plain-text sentence.
    @Sendable static func plainRefusal(_ refusal: HTTPRefusal) -> HTTPResponse {
        HTTPResponse(status: refusal.status, contentType: "text/plain; charset=utf-8", text: "\(refusal.detail)\n")
    }

    /// Why libmicrohttpd, which the server runs on, cannot be loaded on this machine; `nil` when it can.
    ///
    /// The library is loaded when the first server starts, not when the program does: a program that never serves
    /// runs without it.
    public static var libraryUnavailableReason: String? {
        var reason = [CChar](repeating: 0, count: 512)
        guard cmicrohttpd_load(&reason, reason.count) == 0 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Stops accepting connections, calls the `stopping` hook (which completes parked requests), waits for the
    /// requests in flight to be answered, then closes every connection. Calling it again does nothing.
    public func stop() {
        stopLock.lock()
        defer { stopLock.unlock() }
        guard !stopped else { return }
        stopped = true
        let listener = cmicrohttpd_quiesce_daemon(daemon)
        stopping?()
        context.takeUnretainedValue().waitUntilIdle()
        cmicrohttpd_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
        context.release()
    }
}

/// Why a server could not start.
public enum HTTPServerError: Error, LocalizedError, CustomStringConvertible, Equatable {
    /// The host is not a numeric IPv4 or IPv6 address.
    case invalidAddress(String)
    /// The port is outside 0–65535.
    case invalidPort(Int)
    /// The system refused to listen there (in use, not an address of this machine, no permission).
    case cannotListen(host: String, port: Int, reason: String)
    /// The TLS certificate or key is not PEM, is encrypted, or the key does not belong to the certificate.
    case credentialsRefused
    /// libmicrohttpd is not installed (the system loader's reason).
    case libraryUnavailable(reason: String)

    public var errorDescription: String? {
        switch self {
        case .invalidAddress(let host):
            "'\(host)' is not an IPv4 or IPv6 address; give one such as 127.0.0.1 or ::1"
        case .invalidPort(let port):
            "port \(port) is outside 0–65535; give 0 to let the system pick a free port"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host) port \(port): \(reason); pick another port, or 0 for any free one"
        case .credentialsRefused:
            "the TLS certificate or key was refused: give a PEM certificate and its own unencrypted PEM key"
        case .libraryUnavailable(let reason):
            "the HTTP server needs libmicrohttpd, which could not be loaded (\(reason)); install it: "
                + "'apt-get install libmicrohttpd12' on Debian and Ubuntu, 'brew install libmicrohttpd' on macOS"
        }
    }

    /// The same sentence as ``errorDescription``, for those who print the error itself.
    public var description: String { errorDescription ?? "" }
}

private func start(
    _ flags: UInt32, _ port: Int, _ address: UnsafePointer<sockaddr>, _ limits: HTTPServer.Limits,
    _ context: Unmanaged<ServerContext>
) -> OpaquePointer? {
    errno = 0
    let shared = context.takeUnretainedValue()
    var settings = cmicrohttpd_settings(
        flags: flags, port: UInt16(port), address: address, thread_count: UInt32(limits.threads),
        connection_limit: UInt32(limits.connections), per_address_limit: UInt32(limits.connectionsPerAddress),
        connection_timeout: UInt32(limits.connectionTimeout), connection_memory_limit: limits.connectionMemory,
        handler: answer, uri_logged: requestStarted, completed: requestEnded, connection_notified: connectionNotified,
        logged: libraryLogged, context: context.toOpaque(), tls_key: shared.tlsKey, tls_cert: shared.tlsCertificate,
        tls_priorities: shared.tlsPriorities)
    return cmicrohttpd_start(&settings)
}

/// What the C callbacks share: the handler, and the count of requests begun and not yet ended, which `stop`
/// waits to fall to zero.
private final class ServerContext: @unchecked Sendable {
    // Invariant: `inFlight` is only read or changed while `condition` is locked.
    let handler: HTTPServer.Handler
    let answered: HTTPServer.AnswerObserver?
    let noticed: HTTPServer.NoticeObserver
    let refusing: HTTPServer.RefusalRenderer
    let limits: HTTPServer.Limits
    let keeper: ConnectionKeeper
    /// The PEM text of the TLS key and certificate and the priority string, kept as C strings for as long as the
    /// daemon may read them.
    let tlsKey: UnsafeMutablePointer<CChar>?
    let tlsCertificate: UnsafeMutablePointer<CChar>?
    let tlsPriorities: UnsafeMutablePointer<CChar>?
    private let condition = NSCondition()
    private var inFlight = 0

    init(
        handler: @escaping HTTPServer.Handler, answered: HTTPServer.AnswerObserver?,
        noticed: @escaping HTTPServer.NoticeObserver, refusing: @escaping HTTPServer.RefusalRenderer,
        limits: HTTPServer.Limits, tls: HTTPServer.TLSCredentials?
    ) {
        self.handler = handler
        self.answered = answered
        self.noticed = noticed
        self.refusing = refusing
        self.limits = limits
        keeper = ConnectionKeeper(requestDeadline: .seconds(limits.requestDeadline), notice: noticed)
        tlsKey = tls.map { strdup($0.privateKey) }
        tlsCertificate = tls.map { strdup($0.certificate) }
        tlsPriorities = tls.map { strdup($0.priorities) }
    }

    deinit {
        keeper.stop()
        free(tlsKey)
        free(tlsCertificate)
        free(tlsPriorities)
    }

    func begin() {
        condition.withLock { inFlight += 1 }
    }

    func end() {
        condition.withLock {
            inFlight -= 1
            condition.broadcast()
        }
    }

    func waitUntilIdle() {
        condition.withLock {
            while inFlight > 0 { condition.wait() }
        }
    }
}

/// One request between its first and last callback: why its target is refused (found before libmicrohttpd parses
/// it), the request without its body once the headers are in, the body received so far and, while it is parked,
/// its deferred response.
private final class RequestState {
    let started = ContinuousClock.now
    var targetRefusal: HTTPRefusal?
    /// The bytes of the request target, which count towards ``HTTPServer/Limits/requestHead``.
    var targetLength = 0
    var body = Data()
    /// A refusal answered once the body it refuses has been read and thrown away.
    var refusalAfterBody: HTTPRefusal?
    var request: HTTPRequest?
    var deferred: DeferredResponse?
    /// Whether the answer was told to the observer.
    var observed = false
}

/// A connection handed to the thread that completes a deferred response, to resume it.
private struct ParkedConnection: @unchecked Sendable {
    // libmicrohttpd allows resuming a suspended connection from any thread, once.
    let connection: OpaquePointer
}

/// The URI log callback, libmicrohttpd's first call for a request: it makes the request's state and checks the target
/// as sent. libmicrohttpd keeps each query item in the connection's memory and closes the connection without an
/// answer when they do not fit, so a target with too many is cut at its `?` here, before libmicrohttpd parses the
/// query (it has found the `?` and reads the items from the target's own buffer afterwards), and refused later.
private let requestStarted: CMicroHTTPDURILogCallback = { contextPointer, uri, _ in
    let state = RequestState()
    if let contextPointer, let uri {
        Unmanaged<ServerContext>.fromOpaque(contextPointer).takeUnretainedValue().begin()
        let limits = Unmanaged<ServerContext>.fromOpaque(contextPointer).takeUnretainedValue().limits
        let target = UnsafeBufferPointer(
            start: UnsafeRawPointer(uri).assumingMemoryBound(to: UInt8.self), count: strlen(uri))
        state.targetLength = target.count
        state.targetRefusal = HTTPRefusal.check(
            target: Array(target), maximumQueryItems: limits.queryItems, maximumLength: limits.requestHead)
        if state.targetRefusal?.status == 414, let query = strchr(uri, Int32(UInt8(ascii: "?"))) {
            UnsafeMutablePointer(mutating: query + 1).pointee = 0
        }
    }
    return Unmanaged.passRetained(state).toOpaque()
}

/// Answers `refusal` and closes the connection: the rest of the request, if any, is not read.
private func refuse(
    _ refusal: HTTPRefusal, for request: RequestState, _ context: ServerContext, on connection: OpaquePointer
) -> MHD_Result {
    context.keeper.received(connection)
    var response = context.refusing(refusal)
    response.headers.append(.connection, "close")
    return send(response, for: request, context, on: connection)
}

/// The access handler. libmicrohttpd calls it first with the headers, then once per piece of body, then once more
/// with no data: the answer is queued on that last call, since answering on the first would close the connection
/// before the body is read. A request refused on its target, its framing or its declared length is answered on the
/// first call instead (libmicrohttpd then reads no body, sends no `100 Continue`, and closes the connection), except a
/// body too large that is on its way already (``HTTPServer/Limits/discardedBody``): it is read, thrown away and
/// refused on the last call. A body that grows past the limit closes the connection at once (libmicrohttpd takes no
/// answer in the middle of a body).
/// A deferred answer suspends the connection; completing it resumes the connection, and libmicrohttpd calls the
/// handler once more to queue it.
private let answer: MHD_AccessHandlerCallback = { contextPointer, connection, url, method, _, data, size, state in
    guard let contextPointer, let connection, let url, let method, let size, let state else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(contextPointer).takeUnretainedValue()
    if state.pointee == nil {
        // Only when the URI log callback did not run (libmicrohttpd calls it for every request it parses).
        state.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
        context.begin()
    }
    guard let statePointer = state.pointee else { return .NO }
    let request = Unmanaged<RequestState>.fromOpaque(statePointer).takeUnretainedValue()
    guard let received = request.request else {
        let fields = headerFields(of: connection)
        request.request = HTTPRequest(
            method: HTTPMethod(rawValue: String(cString: method)), path: String(cString: url),
            queryItems: values(of: .GET_ARGUMENT_KIND, in: connection).map {
                URLQueryItem(name: $0.name, value: $0.value)
            },
            headers: HTTPFields(
                fields.map {
                    HTTPFields.Field(name: HTTPFieldName($0.name), value: String(decoding: $0.value, as: UTF8.self))
                }),
            remoteAddress: context.keeper.address(of: connection))
        if let refusal = request.targetRefusal
            ?? HTTPRefusal.check(
                fields: fields, target: request.targetLength, bodyLimit: context.limits.requestBody,
                headLimit: context.limits.requestHead)
        {
            guard refusal.code == .bodyTooLarge, HTTPRefusal.bodyIsOnItsWay(fields, upTo: context.limits.discardedBody)
            else { return refuse(refusal, for: request, context, on: connection) }
            request.refusalAfterBody = refusal
        }
        return .YES
    }
    if let refusal = request.refusalAfterBody {
        guard size.pointee == 0 else {
            size.pointee = 0
            return .YES
        }
        return refuse(refusal, for: request, context, on: connection)
    }
    if let deferred = request.deferred {
        guard let response = deferred.completed else { return .NO }
        // An abandoned one's 499 is logged and queued for a client that is gone; libmicrohttpd then closes the
        // connection (answering MHD_NO instead would log an "internal error").
        return send(response, for: request, context, on: connection)
    }
    if size.pointee > 0 {
        guard let data, request.body.count + size.pointee <= context.limits.requestBody else { return .NO }
        request.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size.pointee)
        size.pointee = 0
        return .YES
    }
    var whole = received
    whole.body = request.body
    request.request = whole
    context.keeper.received(connection)
    switch context.handler(whole) {
    case .response(let response):
        return send(response, for: request, context, on: connection)
    case .deferred(let deferred):
        request.deferred = deferred
        let parked = ParkedConnection(connection: connection)
        if let response = deferred.park(
            { cmicrohttpd_suspend_connection(connection) },
            resume: {
                cmicrohttpd_resume_connection(parked.connection)
            })
        {
            return send(response, for: request, context, on: connection)
        }
        context.keeper.parked(connection, deferred)
        return .YES
    }
}

private func send(
    _ response: HTTPResponse, for request: RequestState, _ context: ServerContext, on connection: OpaquePointer
) -> MHD_Result {
    observe(response, for: request, context)
    return queue(response, on: connection)
}

/// Tells the observer of the answer to `request`, once.
private func observe(_ response: HTTPResponse, for request: RequestState, _ context: ServerContext) {
    guard !request.observed, let answered = context.answered, let received = request.request else { return }
    request.observed = true
    answered(received, response, ContinuousClock.now - request.started)
}

/// The request-completed callback: the request's state goes, the connection's next request is due by the deadline,
/// and `stop` may stop waiting for it.
private let requestEnded: MHD_RequestCompletedCallback = { contextPointer, connection, state, _ in
    guard let contextPointer else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(contextPointer).takeUnretainedValue()
    if let connection { context.keeper.answered(connection) }
    guard let state, let statePointer = state.pointee else { return }
    // A resumed connection whose client is gone may end without another call of the handler: its 499 is told here.
    let request = Unmanaged<RequestState>.fromOpaque(statePointer).takeUnretainedValue()
    if let deferred = request.deferred, deferred.isAbandoned, let response = deferred.completed {
        observe(response, for: request, context)
    }
    Unmanaged<RequestState>.fromOpaque(statePointer).release()
    state.pointee = nil
    context.end()
}

/// The connection callback: the keeper learns of each connection as it opens and forgets it as it closes (before
/// libmicrohttpd closes its socket).
private let connectionNotified: MHD_NotifyConnectionCallback = { contextPointer, connection, _, event in
    guard let contextPointer, let connection else { return }
    let keeper = Unmanaged<ServerContext>.fromOpaque(contextPointer).takeUnretainedValue().keeper
    if event == .CONNECTION_NOTIFY_STARTED {
        keeper.opened(
            connection, socket: cmicrohttpd_connection_socket(connection),
            address: SocketAddress.text(of: cmicrohttpd_client_address(connection)))
    } else {
        keeper.closed(connection)
    }
}

/// libmicrohttpd's error log: each message, as a notice.
private let libraryLogged: CMicroHTTPDLogCallback = { contextPointer, message in
    guard let contextPointer, let message else { return }
    let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    Unmanaged<ServerContext>.fromOpaque(contextPointer).takeUnretainedValue().noticed(
        HTTPServerNotice(kind: .library, address: nil, detail: text))
}

/// The request's header fields in the order received, names lowercased, values as the bytes received.
private func headerFields(of connection: OpaquePointer) -> [(name: String, value: [UInt8])] {
    var fields: [(name: String, value: [UInt8])] = []
    withUnsafeMutablePointer(to: &fields) { pointer in
        _ = cmicrohttpd_get_connection_values(
            connection, .HEADER_KIND,
            { fieldsPointer, _, key, value in
                guard let fieldsPointer, let key else { return .YES }
                let bytes = value.map {
                    Array(
                        UnsafeBufferPointer(
                            start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
                }
                fieldsPointer.assumingMemoryBound(to: [(name: String, value: [UInt8])].self).pointee.append(
                    (String(cString: key).lowercased(), bytes ?? []))
                return .YES
            }, pointer)
    }
    return fields
}

private func values(of kind: MHD_ValueKind, in connection: OpaquePointer) -> [(name: String, value: String?)] {
    var pairs: [(name: String, value: String?)] = []
    withUnsafeMutablePointer(to: &pairs) { pointer in
        _ = cmicrohttpd_get_connection_values(
            connection, kind,
            { pairsPointer, _, key, value in
                guard let pairsPointer, let key else { return .YES }
                pairsPointer.assumingMemoryBound(to: [(name: String, value: String?)].self).pointee.append(
                    (String(cString: key), value.map { String(cString: $0) }))
                return .YES
            }, pointer)
    }
    return pairs
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    guard let created = makeResponse(response) else { return .NO }
    defer { cmicrohttpd_destroy_response(created) }
    for header in response.headers {
        _ = cmicrohttpd_add_response_header(created, header.name.rawName, header.value)
    }
    return cmicrohttpd_queue_response(connection, UInt32(response.status.code), created)
}

/// The libmicrohttpd response for `response`: its body copied, or its file region sent from a duplicate of the
/// file's descriptor (libmicrohttpd closes it when done); `nil` when that fails.
private func makeResponse(_ response: HTTPResponse) -> OpaquePointer? {
    if let file = response.file {
        let descriptor = dup(file.file.fileDescriptor)
        guard descriptor >= 0 else { return nil }
        guard let created = cmicrohttpd_create_response_from_fd_at_offset64(file.length, descriptor, file.offset) else {
            close(descriptor)
            return nil
        }
        return created
    }
    // A zero-length body still needs a valid pointer; the copy is made before the buffer goes.
    let bytes = response.body.isEmpty ? [0] : [UInt8](response.body)
    return bytes.withUnsafeBytes { buffer in
        cmicrohttpd_create_response_from_buffer(
            response.body.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
    }
}
