import Foundation
import TestSupport
import Testing

/// `catalog serve` against requests no well-behaved client sends: each gets a status code.
@Suite struct HostileClientTests {
    /// The status of the answer to `request` sent whole to `served` on a new connection.
    static func status(_ served: ServedCatalog, _ request: String) throws -> Int? {
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let connection = try RawHTTPConnection(port: port)
        connection.write(request)
        return RawHTTPConnection.status(of: try connection.readUntilClosed())
    }

    @Test func headersOverTheConnectionMemoryAre431AndALongRequestLine414() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let big = String(repeating: "a", count: 70 * 1024)
        #expect(try Self.status(served, "GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n") == 431)
        #expect(try Self.status(served, "GET /v1/health?\(big) HTTP/1.1\r\nHost: x\r\n\r\n") == 414)
        #expect(try Self.status(served, "GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == 200)
    }

    @Test func aBodyOverOneMebibyteIs413() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let body = Data(repeating: UInt8(ascii: " "), count: 1024 * 1024 + 1)
        #expect(try served.request("PUT", "/v1/me/scenes/main", body: body).status == 413)
    }
}
