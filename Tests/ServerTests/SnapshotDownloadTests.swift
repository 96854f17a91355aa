import CatalogRemote
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A snapshot download whose connection breaks half-way is resumed by range, and the result is the whole file.
@Suite struct SnapshotDownloadTests {
    @Test func aDownloadCutHalfWayIsResumedWithRangeAndIfRange() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let whole = try served.get("/v1/snapshot")
        let etag = try #require(whole.header("etag"))
        let cutter = try CuttingServer(body: whole.body, etag: etag)
        defer { cutter.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(cutter.port)"))
        let path = served.cli.path("resumed.sqlite")
        let info = try RemoteCatalog(url: url, token: nil).downloadSnapshot(to: path)
        #expect(info.serverUUID == (try served.databaseUUID()))
        let requests = cutter.requests
        #expect(requests.count == 2)
        #expect(requests.first?.range == nil)
        #expect(requests.last?.range == "bytes=\(whole.body.count / 2)-")
        #expect(requests.last?.ifRange == etag)
        #expect(try sameCatalog(served.cli.database, path))
        #expect(!FileManager.default.fileExists(atPath: path + ".part"))
    }
}

/// A one-connection-at-a-time HTTP server on 127.0.0.1 that sends half of `body` and closes the connection the
/// first time, and the rest as a 206 when asked by range the next time.
private final class CuttingServer: @unchecked Sendable {
    // Invariant: `seen` is only read or written while `lock` is held.
    struct Request {
        var range: String?
        var ifRange: String?
    }

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var seen: [Request] = []
    private let done = DispatchSemaphore(value: 0)

    init(body: Data, etag: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve(body, etag) }
    }

    var requests: [Request] { lock.withLock { seen } }

    /// Stops accepting and waits for the serving thread.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
    }

    private func serve(_ body: Data, _ etag: String) {
        defer { done.signal() }
        while case let connection = accept(listener, nil, nil), connection >= 0 {
            let request = readHeaders(connection)
            let count = lock.withLock {
                seen.append(request)
                return seen.count
            }
            if count == 1 {
                let half = body.prefix(body.count / 2)
                send(connection, "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nETag: \(etag)\r\n\r\n", half)
            } else {
                let start = Int(request.range?.dropFirst("bytes=".count).dropLast() ?? "") ?? 0
                let rest = body.dropFirst(start)
                send(
                    connection,
                    "HTTP/1.1 206 Partial Content\r\nContent-Length: \(rest.count)\r\nETag: \(etag)\r\n"
                        + "Content-Range: bytes \(start)-\(body.count - 1)/\(body.count)\r\n\r\n", rest)
            }
            close(connection)
        }
    }

    private func readHeaders(_ connection: Int32) -> Request {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains("\r\n\r\n".utf8) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            received.append(contentsOf: buffer.prefix(count))
        }
        var request = Request()
        for line in String(decoding: received, as: UTF8.self).split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "range": request.range = parts[1]
            case "if-range": request.ifRange = parts[1]
            default: break
            }
        }
        return request
    }

    private func send(_ connection: Int32, _ head: String, _ body: Data) {
        let bytes = Data(head.utf8) + body
        _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}

extension Data {
    fileprivate func contains(_ sequence: String.UTF8View) -> Bool {
        range(of: Data(sequence)) != nil
    }
}
