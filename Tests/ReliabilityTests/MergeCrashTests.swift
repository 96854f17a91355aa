import Foundation
import SQLiteDB
import TestSupport
import Testing

/// kill -9 during `catalog merge` of an author credited on 10,000 books: after every kill the catalog is as it was
/// before the merge or as the merge leaves it, never between, passes its integrity checks, and the same command then
/// merges.
@Suite struct MergeCrashTests {
    static let books = 10_000
    static let kills = 10
    /// More than the small transactions before the merge write to the WAL, far less than the merge's own.
    static let writingWALBytes = 256 * 1024

    /// "Twain, Mark" on every book, "Mark Twain" before it on every 100th, and "Mark Twain" alone on 100 more: the
    /// merge moves 10,000 credits and collapses 100.
    func writeBooks(to url: URL) throws {
        let shared = (1...Self.books).map { row in
            let authors = row % 100 == 0 ? "Mark Twain|Twain, Mark" : "Twain, Mark"
            return "t\(row),Tale \(row),\"\(authors)\",\(1850 + row % 60)\n"
        }
        let own = (1...100).map { "m\($0),Sketch \($0),Mark Twain,1870\n" }
        try Data(("source_key,title,authors,year\n" + (shared + own).joined()).utf8).write(to: url)
    }

    /// Every book's credits in order, by name, with the authors and merges recorded: what a kill leaves whole or
    /// not at all.
    func catalogState(_ path: String) throws -> [String] {
        let db = try Database(path: path)
        let credits = try db.fetchAll(
            String.self,
            """
            SELECT b.title || ': ' || group_concat(a.name, '; ') FROM (SELECT * FROM book_authors ORDER BY position) ba
            JOIN books b ON b.id = ba.book_id JOIN authors a ON a.id = ba.author_id GROUP BY b.id ORDER BY b.title
            """)
        let authors = try db.fetchAll(String.self, "SELECT 'author ' || name FROM authors ORDER BY name")
        let merges = try db.fetchAll(
            String.self, "SELECT 'merged ' || uuid || ' into ' || merged_into FROM entity_merges")
        let identities = try db.fetchAll(
            String.self,
            """
            SELECT 'source ' || s.source_key || ' ' || a.name FROM source_records s JOIN authors a ON a.id = s.entity_id
            WHERE s.entity_kind = 'author' ORDER BY 1
            """)
        return credits + authors + merges + identities
    }

    /// The uuid of the author named `name`.
    func author(_ name: String, in path: String) throws -> String {
        try #require(try Database(path: path).fetchOne(String.self, "SELECT uuid FROM authors WHERE name = ?", [name]))
    }

    /// A copy of the catalog in `source` (the catalog and its users' file) in a new directory `name`.
    func copy(_ source: URL, to name: String, in directory: URL) throws -> URL {
        let target = directory.appending(path: name)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }

    @Test func aKilledMergeLeavesTheCatalogBeforeOrAfterIt() throws {
        let directory = try TestSupport.temporaryDirectory("merge-crash")
        let csv = directory.appending(path: "books.csv")
        try writeBooks(to: csv)
        let base = directory.appending(path: "base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        let basePath = base.appending(path: "catalog.sqlite").path
        let imported = try CatalogCLI.run(["--db", basePath, "import", csv.path])
        try #require(imported.status == 0, "\(imported.standardError)")
        let merged = try author("Twain, Mark", in: basePath)
        let survivor = try author("Mark Twain", in: basePath)
        let merge = { (path: String) in
            try TestSupport.start(CatalogCLI.executable, ["--db", path, "merge", "author", merged, "--into", survivor])
        }
        let before = try catalogState(basePath)

        // The uninterrupted merge, and a refused one (an unknown entry), which gives the time the command takes to
        // start.
        let reference = try copy(base, to: "reference", in: directory).appending(path: "catalog.sqlite").path
        var start = ContinuousClock.now
        let full = try merge(reference).wait()
        try #require(full.status == 0, "\(full.standardError)")
        let mergeSeconds = Fixtures.seconds(since: start)
        let after = try catalogState(reference)
        try #require(before != after && after.filter { $0.hasPrefix("author ") } == ["author Mark Twain"])
        start = ContinuousClock.now
        let refused = try CatalogCLI.run(["--db", reference, "merge", "author", UUID().uuidString, "--into", survivor])
        let idleSeconds = Fixtures.seconds(since: start)
        try #require(refused.status == 1, "\(refused.standardError)")

        var outcomes: [String: Int] = [:]
        var latestKilled: String?
        var kills = 0
        /// Runs the merge on a fresh copy and ends it with `kill`, then checks what it left.
        func killMerge(_ kill: (_ merge: ChildProcess, _ path: String) -> TestSupport.ProcessResult) throws {
            let path = try copy(base, to: "crash-\(kills)", in: directory).appending(path: "catalog.sqlite").path
            kills += 1
            let result = kill(try merge(path), path)
            // Pages the merge wrote before it committed: read before anything opens the file.
            let walBytes = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            let state = try catalogState(path)
            #expect(try Fixtures.integrityProblems(path).isEmpty, "after kill \(kills)")
            #expect(state == before || state == after, "kill \(kills) left the merge half done")
            let outcome =
                !result.endedBySignal
                ? "finished"
                : state == after ? "killed after" : walBytes > 0 ? "killed with pages written" : "killed before"
            outcomes[outcome, default: 0] += 1
            if result.endedBySignal && state == before { latestKilled = path }
        }
        for step in 0..<Self.kills {
            // From the command's start to a little past the end of an uninterrupted merge.
            let delay =
                idleSeconds * 0.8 + (mergeSeconds - idleSeconds * 0.8) * 1.2 * Double(step) / Double(Self.kills)
            try killMerge { merge, _ in merge.kill(after: delay) }
        }
        // The merge writes its pages just before its commit, a window a timed kill misses on a busy machine: these
        // kills watch the WAL instead and strike as soon as the merge's transaction has written into it.
        while outcomes["killed with pages written", default: 0] == 0, kills < Self.kills * 2 {
            try killMerge { merge, path in merge.kill(whenFileAt: path + "-wal", exceeds: Self.writingWALBytes) }
        }
        #expect(
            outcomes["killed with pages written", default: 0] > 0,
            "no kill landed while the merge was writing: \(outcomes)")
        // The same command after the latest kill that left the catalog as it was merges it.
        let killed = try #require(latestKilled, "no kill landed before the merge committed: \(outcomes)")
        let again = try merge(killed).wait()
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try catalogState(killed) == after)
        print(
            "merge crash: \(kills) kills from 0 to \(String(format: "%.2f", mergeSeconds * 1.2)) s into a "
                + "\(String(format: "%.2f", mergeSeconds)) s merge of \(Self.books) credits, then on the WAL: \(outcomes)"
        )
    }
}
