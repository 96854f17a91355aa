import Catalog
import CatalogImport
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport

/// A server and a client database in a new temporary directory.
struct SyncFixture {
    let directory: URL
    let server: Database

    /// An empty server, or a copy of `template`.
    init(copying template: URL? = nil) throws {
        directory = try TestSupport.temporaryDirectory("sync")
        let path = directory.appending(path: "server.sqlite")
        if let template { try FileManager.default.copyItem(at: template, to: path) }
        server = try DatabaseSchema.open(path: path.path)
    }

    /// A server holding the samples (``importSamples()``), copied from one imported once per test process: for the
    /// tests that need many.
    static func withSamples() throws -> SyncFixture {
        try SyncFixture(copying: samples.get().server)
    }

    /// A client of a ``withSamples()`` server: a copy of a snapshot taken once, with an identity of its own (what a
    /// snapshot of the same server would be, in a file copy's time).
    func copyOfSamplesSnapshot(_ name: String) throws -> Database {
        let path = directory.appending(path: name)
        try FileManager.default.copyItem(at: try Self.samples.get().snapshot, to: path)
        let copy = try DatabaseSchema.open(path: path.path)
        try copy.execute(
            "UPDATE change_log_state SET database_uuid = ? WHERE id = 1", [UUID().uuidString.lowercased()])
        return copy
    }

    private static let samples = Result<(server: URL, snapshot: URL), any Error> {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let server = fixture.directory.appending(path: "samples.sqlite")
        try fixture.server.execute("VACUUM INTO ?", [server.path])
        let snapshot = fixture.directory.appending(path: "samples-snapshot.sqlite")
        _ = try ChangeFeed(try DatabaseSchema.open(path: server.path)).snapshot(
            to: snapshot.path, emptying: DatabaseSchema.userTables)
        return (server, snapshot)
    }

    var catalog: LibraryCatalog { LibraryCatalog(server) }
    var feed: ChangeFeed { ChangeFeed(server) }

    /// A snapshot of the server, opened as a client.
    func snapshot(_ name: String = "client.sqlite") throws -> Database {
        let path = directory.appending(path: name).path
        _ = try feed.snapshot(to: path, emptying: DatabaseSchema.userTables)
        return try DatabaseSchema.open(path: path)
    }

    /// Writes the server's changes after `since` as a `catalog changes` file, and returns its URL.
    func writeChanges(since: Int64) throws -> URL {
        var text = ""
        try feed.writeJSONLines(since: since) { text += $0 }
        let url = directory.appending(path: "changes-\(since).jsonl")
        try Data(text.utf8).write(to: url)
        return url
    }

    func importSamples() throws {
        for file in ["library.json", "music.json"] {
            _ = try catalog.importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
        }
    }
}
