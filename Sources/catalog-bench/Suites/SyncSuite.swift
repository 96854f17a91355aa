import Catalog
import CatalogImport
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB

/// Suite `sync`: a client catches up with 100,000 changes (`CATALOG_BENCH_SYNC_CHANGES` to change it) made on
/// a server after the client's snapshot: book inserts with their credits and genres, updates and deletes of
/// books and authors, mixed. Measures applying them from the server file, against the `sqlite3` shell applying
/// the same changes set-based with `Scripts/sync_apply.sql` (the server attached: what the schema itself costs),
/// through a JSON lines changes file, and against taking a fresh snapshot; reports changes/s and the peak RSS of
/// each. Then a copy's 10,000 offline edits uploaded, beside the same edits made one by one (SyncSuite+Upload.swift).
struct SyncSuite: BenchmarkSuite {
    let name = "sync"

    private static var changeCount: Int {
        Int(ProcessInfo.processInfo.environment["CATALOG_BENCH_SYNC_CHANGES"] ?? "").map { max(100, $0) } ?? 100_000
    }

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let serverPath = directory.appending(path: "server.sqlite").path
        let snapshotPath = directory.appending(path: "snapshot.sqlite").path
        let clientPath = directory.appending(path: "client.sqlite").path
        let changesURL = directory.appending(path: "changes.jsonl")
        let server = try DatabaseSchema.open(path: serverPath)
        try seed(LibraryCatalog(server), books: 20_000)
        let start = try ChangeFeed(server).snapshot(to: snapshotPath, emptying: DatabaseSchema.userTables).sequence
        let changes = try makeChanges(LibraryCatalog(server), count: Self.changeCount)
        let logged = try server.fetchOne(Int.self, "SELECT count(*) FROM change_log WHERE seq > ?", [start]) ?? 0
        log("sync: \(changes) writes on the server after the snapshot, \(logged) change rows to apply")
        let feed = ChangeFeed(server)
        let resetClient = {
            Database.removeFiles(atPath: clientPath)
            try FileManager.default.copyItem(atPath: snapshotPath, toPath: clientPath)
        }
        var results: [Measurement] = []
        func record(_ impl: String, _ samples: [Double], peak: Double) {
            let notes = [
                "changes": Double(logged), "changes_per_s": Double(logged) / median(samples), "peak_rss_mb": peak,
            ]
            results.append(
                Measurement(suite: name, case: "catch up \(logged) changes", impl: impl, samples: samples, notes: notes)
            )
            log(
                String(
                    format: "sync: %@: median %@, %.0f changes/s, peak RSS %.0f MB", impl,
                    formatSeconds(median(samples)), notes["changes_per_s"] ?? 0, peak))
        }
        var (samples, peak) = try measuringPeak {
            try timer.measure(setup: resetClient) {
                try SyncClient(try DatabaseSchema.open(path: clientPath)).sync(from: feed)
            }
        }
        try verify(clientPath, against: server)
        record("sync --from server", samples, peak: peak)
        // The peer: the same changes written set-based by the sqlite3 shell, the server attached.
        let script = scriptsDirectory.appending(path: "sync_apply.sql").path
        var peerPeak = 0.0
        samples = try timer.measure(setup: resetClient) {
            let run = try ChildRun.measure([
                "/usr/bin/env", "sqlite3", "-bail", clientPath, "ATTACH '\(serverPath)' AS server", ".read \(script)",
            ])
            guard run.status == 0 else { throw BenchmarkError("sync: sqlite3 exited with status \(run.status)") }
            peerPeak = max(peerPeak, run.peakRSSMegabytes)
        }
        try verify(clientPath, against: server)
        record("sqlite3 set-based (SQL only)", samples, peak: peerPeak)
        log(
            String(
                format: "sync: catalog takes %.2f× the time of the set-based SQL",
                results[0].median / results[1].median))
        (samples, peak) = try measuringPeak {
            try timer.measure(setup: resetClient) {
                _ = FileManager.default.createFile(atPath: changesURL.path, contents: nil)
                let output = try FileHandle(forWritingTo: changesURL)
                try feed.writeJSONLines(since: start) { try output.write(contentsOf: Data($0.utf8)) }
                try output.close()
                let file = try ChangeFile(contentsOf: changesURL)
                try SyncClient(try DatabaseSchema.open(path: clientPath)).sync(from: file)
            }
        }
        try verify(clientPath, against: server)
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: changesURL.path)[.size] as? Int) ?? 0
        log(String(format: "sync: the changes file: %.0f MB", Double(fileSize) / 1_048_576))
        record("changes → JSON lines file → sync", samples, peak: peak)
        let freshPath = directory.appending(path: "fresh.sqlite").path
        (samples, peak) = try measuringPeak {
            try timer.measure(setup: { Database.removeFiles(atPath: freshPath) }) {
                _ = try feed.snapshot(to: freshPath, emptying: DatabaseSchema.userTables)
            }
        }
        record("fresh snapshot (backup API)", samples, peak: peak)
        return results + (try uploadCase(server: server, serverPath: serverPath, in: directory, timer: timer, log: log))
    }

    /// Books with one or two of a tenth as many authors, and a genre each.
    private func seed(_ catalog: LibraryCatalog, books: Int) throws {
        try catalog.db.transaction(.immediate) {
            let genres = try (0..<50).map { try catalog.genres.create(GenreDraft(name: "Genre \($0)")).id }
            let authors = try (0..<books / 10).map { try catalog.authors.create(AuthorDraft(name: "Author \($0)")).id }
            for index in 0..<books {
                let book = try catalog.books.create(BookDraft(title: "Book \(index)", year: 1900 + index % 120))
                try catalog.books.setCredits(
                    [
                        BookCredit(authorID: authors[index % authors.count]),
                        BookCredit(authorID: authors[(index * 7) % authors.count], role: .editor),
                    ], of: book.id)
                try catalog.books.setGenres([genres[index % genres.count]], of: book.id)
            }
        }
    }

    /// `count` writes, 1,000 a transaction: 40 % book inserts (with an author and a genre), 45 % book or author
    /// updates, 15 % deletes. Returns the number of writes.
    private func makeChanges(_ catalog: LibraryCatalog, count: Int) throws -> Int {
        var random = SplitMix64(seed: 7)
        let db = catalog.db
        var done = 0
        while done < count {
            try db.transaction(.immediate) {
                for _ in 0..<min(1000, count - done) {
                    let roll = random.next(100)
                    let maxBook = try db.fetchOne(Int64.self, "SELECT max(id) FROM books") ?? 1
                    let maxAuthor = try db.fetchOne(Int64.self, "SELECT max(id) FROM authors") ?? 1
                    let bookID = Int64(random.next(Int(maxBook))) + 1
                    let authorID = Int64(random.next(Int(maxAuthor))) + 1
                    switch roll {
                    case ..<40:
                        let book = try catalog.books.create(BookDraft(title: "New book \(done)", year: 2000 + roll))
                        if try catalog.authors.find(id: authorID) != nil {
                            try catalog.books.setCredits([BookCredit(authorID: authorID)], of: book.id)
                        }
                    case ..<75:
                        if try catalog.books.find(id: bookID) != nil {
                            try catalog.books.update(id: bookID, with: BookDraft(title: "Retitled \(done)", year: roll))
                        }
                    case ..<85:
                        if try catalog.authors.find(id: authorID) != nil {
                            try catalog.authors.update(id: authorID, with: AuthorDraft(name: "Renamed \(done)"))
                        }
                    case ..<97:
                        try catalog.books.delete(id: bookID)
                    default:
                        try catalog.authors.delete(id: authorID)
                    }
                    done += 1
                }
            }
        }
        return done
    }

    private func verify(_ clientPath: String, against server: Database) throws {
        let client = try Database(path: clientPath)
        let query = "SELECT count(*) || ' ' || total(length(title)) || ' ' || max(updated_at) FROM books"
        let (mine, theirs) = (try client.fetchOne(String.self, query), try server.fetchOne(String.self, query))
        guard mine == theirs else {
            throw BenchmarkError(
                "sync: the client's books differ from the server's (count, title lengths, newest updated_at: "
                    + "\(mine ?? "none") against \(theirs ?? "none"))")
        }
    }

    func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    /// Runs `body` and returns its result with the process's peak RSS during it, in MB (Linux: the high-water
    /// mark is reset through /proc/self/clear_refs first; elsewhere 0).
    private func measuringPeak<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let result = try body()
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (result, kilobytes / 1024)
    }
}
