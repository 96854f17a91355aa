import Catalog
import CatalogImport
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Shared helpers: a sample catalog, generated files to import, file snapshots, checks.
enum Fixtures {
    /// A catalog database at `path` with both sample files imported.
    static func makeSampleDatabase(at path: String) throws {
        let result = try CatalogCLI().importSamples(in: path)
        try #require(result.status == 0, "\(result.standardError)")
    }

    /// A deep link to a state of nearly 16 KiB, within the navigation limits, in the sample catalog at `path`: an author
    /// selected, with a detail stack of 350 entries alternating one of their books and the author again. Saving it
    /// needs several overflow pages.
    static func largeDeepLink(_ path: String) throws -> String {
        let db = try Database(path: path)
        let first =
            "FROM book_authors ba JOIN authors a ON a.id = ba.author_id JOIN books b ON b.id = ba.book_id LIMIT 1"
        let author = try #require(try db.fetchOne(String.self, "SELECT a.uuid \(first)"))
        let book = try #require(try db.fetchOne(String.self, "SELECT b.uuid \(first)"))
        let stack = (0..<350).map { $0 % 2 == 0 ? "stack=book/\(book)" : "stack=author/\(author)" }
        return "catalog://authors?content=author/\(author)&" + stack.joined(separator: "&")
    }

    /// Every book title in the catalog at `path`.
    static func bookTitles(_ path: String) throws -> [String] {
        try Database(path: path).fetchAll(String.self, "SELECT title FROM books")
    }

    /// Writes a CSV of `rows` books (source keys `k1`…), each by one or two of 197 authors, in one of 30 genres,
    /// with a year and a page count, titled `Book N, Vol. M (edition EDITION)`. Every row is valid with a new key,
    /// so each inserts a book; another `edition` retitles every book, so importing it updates them all.
    static func writeBooksCSV(to url: URL, rows: Int, edition: String = "1") throws {
        let lines = stride(from: 1, through: rows, by: 1).map {
            "k\($0),\"Book \($0), Vol. \($0 % 9) (edition \(edition))\",Author \($0 % 197)|Author \($0 % 13),"
                + "G\($0 % 30),\(1900 + $0 % 120),\(100 + $0 % 400)\n"
        }
        try Data(("source_key,title,authors,genres,year,pages\n" + lines.joined()).utf8).write(to: url)
    }

    /// Every book with its year, its authors and genres in order, and its source key, by names only: two
    /// databases that imported the same files hold the same books exactly when these are equal (their ids and
    /// uuids differ).
    static func importedBooks(_ path: String) throws -> [String] {
        try Database(path: path).fetchAll(
            String.self,
            """
            SELECT b.title || ' | ' || coalesce(b.year, '') || ' | ' || coalesce(b.pages, '') || ' | '
                || coalesce((SELECT group_concat(name, ';') FROM (SELECT a.name FROM book_authors ba
                    JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id ORDER BY ba.position)), '') || ' | '
                || coalesce((SELECT group_concat(name, ';') FROM (SELECT g.name FROM book_genres bg
                    JOIN genres g ON g.id = bg.genre_id WHERE bg.book_id = b.id ORDER BY bg.position)), '')
                || ' | ' || (SELECT source || '/' || source_key FROM source_records WHERE entity_kind = 'book'
                    AND entity_id = b.id)
            FROM books b ORDER BY 1
            """)
    }

    /// Seconds since `start`, for tests that pace kills by how long a command takes.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// When to kill the runs of a crash matrix, and where the kills landed. A matrix runs rounds (one file, killed
    /// and run again until a run finishes) until its kills landed at ``wantedPoints`` different points of the work
    /// (committed counts, sequences, steps), at most ``maximumRounds``: the rounds that takes depend on the
    /// machine's speed, the points reached do not.
    ///
    /// The kill times come from runs timed beside other tests, so later runs can be faster or slower than those: a
    /// round that ends after few kills (its runs finished before their kills) brings the kills earlier, and a kill
    /// before anything new was written brings them later.
    ///
    /// Its delays come from a seeded generator whose seed it prints (`CATALOG_TEST_SEED=N` replays them; what a
    /// kill meets still depends on how fast the runs go).
    struct KillSchedule {
        static let wantedPoints = 20
        static let maximumRounds = 40
        private(set) var kills = 0
        private(set) var rounds = 0
        private(set) var points: Set<Int> = []
        private var roundKills = 0
        private var scale = 1.0
        private var generator: SplitMix64

        init() {
            var system = SystemRandomNumberGenerator()
            let seed = ProcessInfo.processInfo.environment["CATALOG_TEST_SEED"].flatMap { UInt64($0) } ?? system.next()
            generator = SplitMix64(seed: seed)
            print("kill schedule: seed \(seed) (CATALOG_TEST_SEED=\(seed) replays the delays)")
        }

        /// Starts a round unless the kills reached enough points or no round is left; returns whether it did.
        mutating func nextRound() -> Bool {
            // A round with fewer than 4 kills ended too early to reach points all along a run.
            if rounds > 0 && roundKills < 4 { scale *= 0.6 }
            guard points.count < Self.wantedPoints && rounds < Self.maximumRounds else { return false }
            rounds += 1
            roundKills = 0
            return true
        }

        /// A random delay from `earliest` to `latest` seconds of the timed runs, scaled.
        mutating func delay(_ earliest: Double, _ latest: Double) -> Double {
            scale * Double.random(in: earliest...latest, using: &generator)
        }

        /// Counts a kill that left the work at `point`; fails the test when so many kills in one round never let a
        /// run finish.
        mutating func killed(at point: Int, progressed: Bool) throws {
            kills += 1
            roundKills += 1
            points.insert(point)
            if !progressed { scale *= 1.2 }
            try #require(
                roundKills < 100, "\(roundKills) kills in round \(rounds), and the killed runs still do not finish")
        }

        /// Counts a kill that came before the run made its file: no crash point (nothing was there to crash), only a
        /// sign the kills come too early.
        mutating func killedBeforeTheFileExisted() throws {
            kills += 1
            roundKills += 1
            scale *= 1.2
            try #require(
                roundKills < 100, "\(roundKills) kills in round \(rounds), and the killed runs still do not finish")
        }

        /// Fails the test when the rounds ran out before the kills reached enough points, and prints the rounds it
        /// took: `points` names what a point is.
        func report(_ matrix: String, points name: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(
                points.count >= Self.wantedPoints,
                "\(matrix): \(rounds) rounds killed at \(points.count) different \(name) only: \(points.sorted())",
                sourceLocation: sourceLocation)
            print(
                "\(matrix): \(kills) kills at \(points.count) different \(name) in \(rounds) rounds "
                    + "(at most \(Self.maximumRounds))")
        }
    }

    /// The names and contents of the files in `directory`.
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appending(path: name))
        }
        return files
    }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check` problems of the database at `path`, and in a
    /// catalog the search index's (``LibraryCatalog/integrityProblems()``).
    static func integrityProblems(_ path: String) throws -> [String] {
        let db = try Database(path: path)
        if try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'search_index'") == 1 {
            return try LibraryCatalog(db).integrityProblems()
        }
        let integrity = try db.fetchAll(String.self, "PRAGMA integrity_check").filter { $0 != "ok" }
        let foreignKeys = try db.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check")
        return integrity + foreignKeys.map { "foreign key violation in \($0)" }
    }
}
