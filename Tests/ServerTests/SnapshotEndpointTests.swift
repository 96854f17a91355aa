import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `GET /v1/snapshot` of `catalog serve`: a consistent copy with an ETag, resumable by range.
@Suite struct SnapshotEndpointTests {
    @Test func theSnapshotIsAClientCopyOfTheCatalogWithAnETag() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let answer = try served.get("/v1/snapshot")
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "application/vnd.sqlite3")
        #expect(answer.header("accept-ranges") == "bytes")
        let etag = try #require(answer.header("etag"))
        #expect(etag.contains(try served.databaseUUID()))
        #expect(etag.contains("-\(try served.lastSequence())-"))
        let copy = served.cli.path("copy.sqlite")
        try answer.body.write(to: URL(filePath: copy))
        #expect(
            try served.cli.run("list", "books", "--limit", "1000", "--json", in: "copy.sqlite").standardOutput
                == served.cli.run("list", "books", "--limit", "1000", "--json").standardOutput)
        // A client copy: it syncs from the server with nothing to apply.
        let sync = try served.cli.run("sync", "--from", served.cli.database, in: "copy.sqlite")
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(sync.standardOutput.hasPrefix("applied 0 change(s)"), "\(sync.standardOutput)")
    }

    @Test func theSnapshotHoldsNoUserTokenOrNavigationState() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let saved = try served.cli.run("nav", "--user", "zq-private-reader", "select-sidebar", "authors")
        #expect(saved.status == 0, "\(saved.standardError)")
        let copy = served.cli.path("copy.sqlite")
        try served.get("/v1/snapshot").body.write(to: URL(filePath: copy))
        let db = try Database(path: copy)
        defer { try? db.close() }
        for table in ["users", "access_tokens", "nav_scenes", "nav_history", "nav_sessions"] {
            #expect(try !db.tableExists(table), "\(table)")
        }
        let bytes = try Data(contentsOf: URL(filePath: copy))
        #expect(bytes.range(of: Data("zq-private-reader".utf8)) == nil)
        #expect(try sameCatalog(served.cli.database, copy))
    }

    @Test func theETagHoldsUntilACommitAndARangeResumesTheSameVersion() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let whole = try served.get("/v1/snapshot")
        let etag = try #require(whole.header("etag"))
        #expect(try served.get("/v1/snapshot").header("etag") == etag)
        let rest = try served.get("/v1/snapshot", headers: ["Range": "bytes=4096-", "If-Range": etag])
        #expect(rest.status == 206)
        #expect(rest.body == whole.body.dropFirst(4096))
        #expect(rest.header("content-range") == "bytes 4096-\(whole.body.count - 1)/\(whole.body.count)")
        try served.importBook("A New Version")
        let changed = try served.get("/v1/snapshot", headers: ["Range": "bytes=4096-", "If-Range": etag])
        #expect(changed.status == 200)
        #expect(changed.header("etag") != etag)
        #expect(try served.get("/v1/snapshot", headers: ["Range": "bytes=999999999-"]).status == 416)
    }

    @Test func concurrentFirstRequestsGetOneSnapshot() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let pending = try (0..<8).map { _ in try served.start("GET", "/v1/snapshot") }
        let answers = try pending.map { try $0.wait() }
        #expect(Set(answers.map { $0.header("etag") ?? "" }).count == 1)
        #expect(Set(answers.map(\.body)).count == 1)
    }

    @Test func curlResumesACutDownload() throws {
        let curl = try TestSupport.installedTool("curl")
        let served = try ServedCatalog()
        defer { served.stop() }
        let whole = try served.get("/v1/snapshot").body
        let partial = served.cli.path("partial.sqlite")
        try whole.prefix(1000).write(to: URL(filePath: partial))
        let authorization = served.token.map { ["-H", "Authorization: Bearer \($0)"] } ?? []
        let resumed = try TestSupport.run(
            curl,
            ["-sS", "--fail", "-C", "-", "-o", partial] + authorization + [
                try served.url("/v1/snapshot").absoluteString
            ])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(try Data(contentsOf: URL(filePath: partial)) == whole)
    }

    @Test func theSnapshotDirectoryIsRemovedOnStop() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        _ = try served.get("/v1/snapshot")
        let prefix = "catalog-serve-\(served.process.process.processIdentifier)-"
        #expect(try Self.temporaryEntries().contains { $0.hasPrefix(prefix) })
        #expect(served.stop().status == 0)
        #expect(try !Self.temporaryEntries().contains { $0.hasPrefix(prefix) })
    }

    private static func temporaryEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
    }
}
