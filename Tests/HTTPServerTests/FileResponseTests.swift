import Foundation
import HTTPServer
import TestSupport
import Testing

/// File bodies sent from the file, whole or by range.
@Suite struct FileResponseTests {
    init() throws { try TestSupport.requireHTTPServerLibrary() }

    static let content = Data((0..<1000).map { UInt8($0 % 251) })
    static let etag = EntityTag("v1")

    /// A server answering every request with `content` from a file, as of etag `v1`.
    static func fileServer(_ files: TemporaryFiles) throws -> HTTPServer {
        let path = files.path("body.bin")
        try content.write(to: URL(filePath: path))
        return try HTTPServer(host: "127.0.0.1", port: 0) { request in
            do {
                return .response(
                    try HTTPResponse.file(at: path, contentType: "application/octet-stream", etag: etag, for: request))
            } catch {
                return .response(HTTPResponse(status: 500, contentType: "text/plain", text: "\(error)"))
            }
        }
    }

    @Test(
        arguments: [
            (nil, nil, 200, 0..<1000, nil),
            ("bytes=100-", nil, 206, 100..<1000, "bytes 100-999/1000"),
            ("bytes=10-19", nil, 206, 10..<20, "bytes 10-19/1000"),
            ("bytes=990-5000", nil, 206, 990..<1000, "bytes 990-999/1000"),
            ("bytes=-5", nil, 206, 995..<1000, "bytes 995-999/1000"),
            ("bytes=100-", "\"v1\"", 206, 100..<1000, "bytes 100-999/1000"),
            ("bytes=100-", "\"old\"", 200, 0..<1000, nil),
            // If-Range compares strongly: a weak tag or a date names no version, so the whole file is sent.
            ("bytes=100-", "W/\"v1\"", 200, 0..<1000, nil),
            ("bytes=100-", "Sat, 01 Jan 2000 00:00:00 GMT", 200, 0..<1000, nil),
            ("bytes=5-1", nil, 200, 0..<1000, nil),
            ("items=1-2", nil, 200, 0..<1000, nil),
            ("bytes=1-2,5-6", nil, 200, 0..<1000, nil),
        ] as [(String?, String?, Int, Range<Int>, String?)])
    func rangesAreHonoured(range: String?, ifRange: String?, status: Int, bytes: Range<Int>, contentRange: String?)
        throws
    {
        let files = try TemporaryFiles("file-response")
        let server = try Self.fileServer(files)
        defer { server.stop() }
        var headers: [String: String] = [:]
        headers["Range"] = range
        headers["If-Range"] = ifRange
        let got = try Client.fetch(server, "/snapshot", headers: headers)
        #expect(got.status == status)
        #expect(got.body == Self.content[bytes])
        #expect(got.header("content-range") == contentRange)
        #expect(got.header("etag") == Self.etag.field)
        #expect(got.header("accept-ranges") == "bytes")
    }

    @Test func aRangeBeyondTheEndIs416WithTheSize() throws {
        let files = try TemporaryFiles("file-response")
        let server = try Self.fileServer(files)
        defer { server.stop() }
        let got = try Client.fetch(server, "/snapshot", headers: ["Range": "bytes=1000-"])
        #expect(got.status == 416)
        #expect(got.header("content-range") == "bytes */1000")
        #expect(got.body.isEmpty)
    }

    @Test func aFileRemovedAfterTheResponseWasMadeIsStillSent() throws {
        let files = try TemporaryFiles("file-response")
        let path = files.path("gone.bin")
        try Self.content.write(to: URL(filePath: path))
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
            let response = try? HTTPResponse.file(
                at: path, contentType: "application/octet-stream", etag: EntityTag("g"), for: request)
            try? FileManager.default.removeItem(atPath: path)
            return .response(response ?? HTTPResponse(status: 500))
        }
        defer { server.stop() }
        let got = try Client.fetch(server, "/")
        #expect(got.status == 200)
        #expect(got.body == Self.content)
    }
}
