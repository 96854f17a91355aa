import Catalog
import CatalogRemote
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// The HTTP change source against a real server gives what the server's own feed gives.
@Suite struct RemoteChangeFeedTests {
    @Test func batchesLookupsAndIdentityMatchTheServersFeed() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let url = try #require(URL(string: served.baseURL))
        let server = try Database(path: served.cli.database)
        defer { try? server.close() }
        let local = ChangeFeed(server)
        let remote = RemoteCatalog(url: url, token: served.token).changeFeed(following: try local.databaseUUID())
        #expect(try remote.databaseUUID() == local.databaseUUID())
        #expect(try remote.batch(after: 5, limit: 20) == local.batch(after: 5, limit: 20))
        let book = try served.firstUUID("books")
        #expect(try remote.lookup(.book, uuid: book) == local.lookup(.book, uuid: book))
        let absent = "0f8fad5b-d9cb-469f-a165-70867728950e"
        #expect(try remote.lookup(.author, uuid: absent) == .unknown)
        // Pinned at the start of a run: a commit made during it is left for the next run.
        let pinnedEnd = try remote.reading { pinned in
            let end = try pinned.batch(after: 0, limit: 100_000).lastSequence
            try served.importBook("During The Run")
            return try pinned.batch(after: 0, limit: 100_000).lastSequence == end ? end : -1
        }
        #expect(pinnedEnd > 0)
        #expect(try remote.batch(after: pinnedEnd, limit: 10).changes.isEmpty == false)
    }

    @Test func aServerOfAnotherDatabaseRefusesTheFeed() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let url = try #require(URL(string: served.baseURL))
        let remote = RemoteCatalog(url: url, token: served.token).changeFeed(
            following: "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect {
            try remote.batch(after: 0, limit: 10)
        } throws: { error in
            guard case RemoteError.problem(_, 409, "other-database", _) = error else { return false }
            return true
        }
    }
}
