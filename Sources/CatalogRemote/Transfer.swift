internal import CCurl
import Foundation
import JSONKit

/// One HTTP GET on its own libcurl handle, run on the calling thread: the answer's bytes go to a sink as they
/// arrive, so a large body (a snapshot) never sits in memory. libcurl decodes a compressed body (gzip, deflate) on
/// the way and follows redirects.
///
/// libcurl is loaded at the first transfer rather than linked, so that a run of the program that asks no server
/// does not load it and the libraries behind it.
final class Transfer {
    /// The longest run of redirects followed, as browsers allow.
    static let redirectLimit = 20

    private let handle: OpaquePointer
    private let idleTimeout: Duration
    private let onResponse: (RemoteResponse) throws -> Void
    private let sink: (Data) throws -> Void
    /// The answer whose head is arriving or has arrived: a redirect's, then the last one's.
    private var response: RemoteResponse?
    private var errorBody = Data()
    private var failure: (any Error)?
    private var lastArrival = ContinuousClock.now
    private var idledOut = false

    private init(
        handle: OpaquePointer, idleTimeout: TimeInterval, onResponse: @escaping (RemoteResponse) throws -> Void,
        sink: @escaping (Data) throws -> Void
    ) {
        self.handle = handle
        self.idleTimeout = .seconds(idleTimeout)
        self.onResponse = onResponse
        self.sink = sink
    }

    /// Why libcurl cannot be loaded on this machine; `nil` when it can.
    static var libraryUnavailableReason: String? {
        var reason = [CChar](repeating: 0, count: 512)
        guard ccurl_load(&reason, reason.count) == 0 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sends `GET url` with `headers` and waits for the whole answer. A success status (2xx) calls `onResponse`
    /// once its head has arrived, then `sink` with each piece of the body.
    ///
    /// - Parameter idleTimeout: the longest silence between two pieces of the answer.
    /// - Returns: the response.
    /// - Throws: ``RemoteError/libraryUnavailable(reason:)`` without libcurl;
    ///   ``RemoteError/unreachable(url:reason:)`` when no whole answer came;
    ///   ``RemoteError/rateLimited(url:retryAfter:detail:)`` for 429, ``RemoteError/problem(url:status:code:detail:)``
    ///   for another error status; what `onResponse` or `sink` threw.
    static func run(
        _ url: URL, method: String? = nil, headers: [String: String], body: Data? = nil, idleTimeout: TimeInterval,
        onResponse: @escaping (RemoteResponse) throws -> Void = { _ in },
        sink: @escaping (Data) throws -> Void
    ) throws -> RemoteResponse {
        if let reason = libraryUnavailableReason { throw RemoteError.libraryUnavailable(reason: reason) }
        let location = url.absoluteString
        guard let handle = ccurl_easy_init() else {
            throw RemoteError.unreachable(url: location, reason: "libcurl could not start a transfer")
        }
        defer { ccurl_easy_cleanup(handle) }
        let transfer = Transfer(handle: handle, idleTimeout: idleTimeout, onResponse: onResponse, sink: sink)
        return try transfer.perform(location, method: method, headers: headers, body: body)
    }

    private func perform(_ url: String, method: String?, headers: [String: String], body: Data?) throws
        -> RemoteResponse
    {
        var fieldLines: UnsafeMutablePointer<curl_slist>?
        defer { ccurl_slist_free_all(fieldLines) }
        for (name, value) in headers { fieldLines = ccurl_slist_append(fieldLines, "\(name): \(value)") }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE))
        let code = errorText.withUnsafeMutableBufferPointer { errorText in
            let refused =
                configure(url, fieldLines: fieldLines, errorText: errorText.baseAddress) ?? body.flatMap(post)
                ?? method.flatMap(use)
            return refused ?? ccurl_easy_perform(handle)
        }
        if let failure { throw failure }
        if idledOut {
            throw RemoteError.unreachable(
                url: url, reason: "the request timed out (nothing came for \(idleTimeout.components.seconds) s)")
        }
        guard code == CURLE_OK else {
            let message = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let reason = message.isEmpty ? String(cString: ccurl_easy_strerror(code)) : message
            throw RemoteError.unreachable(url: url, reason: reason)
        }
        return try outcome(for: url)
    }

    /// Sets the handle's options for a GET of `url` that reports to this transfer; returns libcurl's code when it
    /// refused one, else `nil`. `fieldLines` and `errorText` must outlive the transfer.
    private func configure(
        _ url: String, fieldLines: UnsafeMutablePointer<curl_slist>?, errorText: UnsafeMutablePointer<CChar>?
    ) -> CURLcode? {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let settings = [
            ccurl_easy_setopt_string(handle, CURLOPT_URL, url),
            ccurl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, fieldLines),
            ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorText),
            // Every encoding this libcurl decodes, decoded before the sink sees the body.
            ccurl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1),
            ccurl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, Self.redirectLimit),
            // No signals: libcurl would otherwise change the process's SIGPIPE handling while it runs, under the
            // program's other threads.
            ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_easy_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, headerLineCallback),
            ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context),
            ccurl_easy_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, bodyCallback),
            ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
            ccurl_easy_setopt_xferinfo_function(handle, CURLOPT_XFERINFOFUNCTION, progressCallback),
            ccurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context),
            ccurl_easy_setopt_long(handle, CURLOPT_NOPROGRESS, 0),
        ]
        // HTTP and HTTPS only, also where a redirect points; a libcurl older than 7.85 lacks these two options and
        // keeps its defaults, which follow no redirect to a local scheme (file:).
        _ = ccurl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = ccurl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        return settings.first { $0 != CURLE_OK }
    }

    /// Sends the request as `method` (`PUT`, with the body of ``post(_:)``); returns libcurl's code when it refused.
    private func use(_ method: String) -> CURLcode? {
        let set = ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        return set == CURLE_OK ? nil : set
    }

    /// Makes the request a POST of `body` (copied by libcurl); returns libcurl's code when it refused, else `nil`.
    private func post(_ body: Data) -> CURLcode? {
        let size = ccurl_easy_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
        guard size == CURLE_OK else { return size }
        let copied = body.withUnsafeBytes { bytes in
            ccurl_easy_setopt_pointer(
                handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
        }
        return copied == CURLE_OK ? nil : copied
    }

    private func outcome(for url: String) throws -> RemoteResponse {
        guard let response else { throw RemoteError.unreachable(url: url, reason: "no response") }
        guard response.isSuccess else {
            let problem = try? JSONReader.document(Array(errorBody))
            let detail =
                problem?["detail"]?.string
                ?? (response.reasonPhrase.isEmpty ? "status \(response.statusCode)" : response.reasonPhrase)
            // Retry-After in seconds (the catalog server's form; an HTTP date is read as 1 s).
            if response.statusCode == 429 {
                let seconds = response.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init) ?? 1
                throw RemoteError.rateLimited(url: url, retryAfter: max(0, seconds), detail: detail)
            }
            throw RemoteError.problem(
                url: url, status: response.statusCode, code: problem?["code"]?.string, detail: detail)
        }
        return response
    }

    /// One line of an answer's head: its status line, a field, or the empty line that ends it. Returns whether
    /// the transfer goes on.
    fileprivate func receiveHeaderLine(_ line: String) -> Bool {
        lastArrival = .now
        if let start = RemoteResponse(statusLine: line) {
            response = start
            errorBody = Data()
        } else if !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            response?.add(fieldLine: line)
        } else if let response, response.isSuccess {
            // A success is the last answer (libcurl follows only a 3xx), and its head is whole.
            do {
                try onResponse(response)
            } catch {
                failure = error
                return false
            }
        }
        return true
    }

    /// A piece of the body: the sink's for a success, else the error answer's. Returns whether the transfer goes
    /// on.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastArrival = .now
        guard let response, response.isSuccess else {
            errorBody.append(contentsOf: bytes)
            return true
        }
        do {
            try sink(Data(bytes))
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Whether the transfer goes on: not once nothing has come for longer than the idle timeout.
    fileprivate func checkProgress() -> Bool {
        guard ContinuousClock.now - lastArrival <= idleTimeout else {
            idledOut = true
            return false
        }
        return true
    }
}

// The handle is used by one thread at a time, the one running the transfer.
@available(*, unavailable) extension Transfer: Sendable {}

/// libcurl's callbacks, each given the transfer as its context.
private func transfer(_ context: UnsafeMutableRawPointer?) -> Transfer? {
    context.map { Unmanaged<Transfer>.fromOpaque($0).takeUnretainedValue() }
}

private let headerLineCallback: curl_write_callback = { buffer, size, count, context in
    let length = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
    return transfer(context)?.receiveHeaderLine(line) == true ? length : 0
}

private let bodyCallback: curl_write_callback = { buffer, size, count, context in
    let length = size * count
    return transfer(context)?.receiveBody(UnsafeRawBufferPointer(start: buffer, count: length)) == true ? length : 0
}

private let progressCallback: curl_xferinfo_callback = { context, _, _, _, _ in
    transfer(context)?.checkProgress() == true ? 0 : 1
}
