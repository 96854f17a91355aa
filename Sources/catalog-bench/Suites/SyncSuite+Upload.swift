import Catalog
import CatalogRemote
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB

extension SyncSuite {
    /// Edits a copy makes offline and uploads: a fresh copy of the server retitles this many books.
    static let uploadEdits = 10_000

    /// The upload case: a copy of the server as it is now retitles ``uploadEdits`` books in SQL (the triggers record
    /// each), then uploads them into a copy of the server file (`SyncClient.upload(to:)`: the queue read as one change
    /// per book, frozen, each change merged and written by `CatalogEditor` in a transaction of its own with its
    /// answer), beside the same retitles written one by one by `CatalogEditor.update` on the server, which is what an
    /// edit of `PATCH /v1/books/UUID` runs (without HTTP; `serve-edit` measures that).
    func uploadCase(server: Database, serverPath: String, in directory: URL, timer: Timer, log: (String) -> Void)
        throws -> [Measurement]
    {
        let template = directory.appending(path: "upload-client-template.sqlite").path
        let client = directory.appending(path: "upload-client.sqlite").path
        let target = directory.appending(path: "upload-server.sqlite").path
        try server.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        _ = try ChangeFeed(server).snapshot(to: template, emptying: DatabaseSchema.userTables)
        let copy = try DatabaseSchema.open(path: template)
        let uuids = try copy.fetchAll(String.self, "SELECT uuid FROM books ORDER BY id LIMIT ?", [Self.uploadEdits])
        try copy.transaction(.immediate) {
            for (index, uuid) in uuids.enumerated() {
                try copy.execute("UPDATE books SET title = ? WHERE uuid = ?", ["Edited offline \(index)", uuid])
            }
        }
        try copy.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try copy.close()
        let reset = {
            Database.removeFiles(atPath: client)
            Database.removeFiles(atPath: target)
            try FileManager.default.copyItem(atPath: template, toPath: client)
            try FileManager.default.copyItem(atPath: serverPath, toPath: target)
        }
        log("sync: uploading \(uuids.count) offline edits")
        var answered = 0
        let upload = try timer.measure(setup: reset) {
            let report = try SyncClient(try DatabaseSchema.open(path: client)).upload(
                to: ServerFileUploads(try DatabaseSchema.open(path: target), actor: "bench"))
            answered = report.results[.applied] ?? 0
        }
        guard answered == uuids.count else {
            throw BenchmarkError("sync: \(answered) of \(uuids.count) uploaded edits applied")
        }
        let books = uuids.compactMap(UUID.init(uuidString:))
        let oneByOne = try timer.measure(setup: reset) {
            let editor = CatalogEditor(try DatabaseSchema.open(path: target), actor: "bench")
            for (index, uuid) in books.enumerated() {
                try editor.update(.book, uuid: uuid, EntityEdit(fields: ["title": "Edited offline \(index)"]))
            }
        }
        let overHTTP = try httpCases(books: books, reset: reset, client: client, target: target, timer: timer, log: log)
        let label = "upload \(uuids.count) offline edits"
        let cases = [("SyncClient.upload", upload), ("CatalogEditor.update one by one", oneByOne)] + overHTTP
        return cases.map { impl, samples in
            let perSecond = Double(uuids.count) / median(samples)
            log(String(format: "sync: %@: median %@, %.0f changes/s", impl, formatSeconds(median(samples)), perSecond))
            return Measurement(
                suite: name, case: label, impl: impl, samples: samples,
                notes: ["changes": Double(uuids.count), "changes_per_s": perSecond])
        }
    }

    /// The same edits over HTTP, to `catalog serve` on a fresh copy of the server file (the release binary beside
    /// `catalog-bench`, on 127.0.0.1, a token of scope `edit`): uploaded by `SyncClient.upload` (`POST /v1/changes`,
    /// 1,000 changes a request), beside `PATCH /v1/books/UUID` one request after another (a connection each, as a
    /// client without keep-alive sends them). Skipped when the binary is missing.
    private func httpCases(
        books: [UUID], reset: () throws -> Void, client: String, target: String, timer: Timer, log: (String) -> Void
    ) throws -> [(String, [Double])] {
        guard let catalog = try? catalogExecutable() else {
            log("sync: the catalog binary is not beside catalog-bench: the HTTP upload cases are skipped")
            return []
        }
        var server: ServerProcess?
        var token = ""
        defer { server?.stop() }
        let serve = {
            server?.stop()
            try reset()
            token = try navigationToken(
                catalog: catalog, database: ["--db", target], user: "bench-upload", scope: "edit")
            server = try ServerProcess(
                [catalog, "--db", target, "serve", "--listen", "127.0.0.1:0", "--rate-limit", "0"],
                label: "catalog serve")
        }
        log("sync: uploading \(books.count) offline edits over HTTP")
        var answered = 0
        let upload = try timer.measure(setup: serve) {
            guard let port = server?.port, let url = URL(string: "http://127.0.0.1:\(port)") else { return }
            let report = try SyncClient(try DatabaseSchema.open(path: client)).upload(
                to: RemoteCatalog(url: url, token: token))
            answered = report.results[.applied] ?? 0
        }
        guard answered == books.count else {
            throw BenchmarkError("sync: \(answered) of \(books.count) edits uploaded over HTTP applied")
        }
        let patches = try timer.measure(setup: serve) {
            guard let port = server?.port else { return }
            for (index, uuid) in books.enumerated() {
                let answer = try HTTPExchange.request(
                    port: port, "PATCH", "/v1/books/\(uuid.uuidString.lowercased())",
                    headers: ["Authorization": "Bearer \(token)", "If-Match": "*", "Content-Type": "application/json"],
                    body: #"{"title":"Edited offline \#(index)"}"#)
                guard answer.status == 200 else { throw BenchmarkError("PATCH answered \(answer.status)") }
            }
        }
        return [("SyncClient.upload over HTTP", upload), ("PATCH /v1/books/UUID one by one", patches)]
    }
}
