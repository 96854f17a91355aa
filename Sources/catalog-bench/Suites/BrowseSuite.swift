import Catalog
import Foundation
import SQLiteCatalog
import SQLiteDB

/// Suite `browse`: the catalog's browsing lists and search on a generated catalog of 1,000,000 books
/// (≈200,000 authors, 300 genres, 100,000 bands), or `CATALOG_BENCH_BOOKS` books (at least 1,000, so the searched
/// names occur) with the same proportions; `CATALOG_BENCH_DB=PATH` generates the database at PATH and keeps it,
/// or reuses it when it exists.
///
/// Measures the first page and a deep page (page 10,000) of all books by title, author → books (a typical and
/// a prolific author), genre → bands, and ranked prefix searches; median and p99 over many runs of each query.
struct BrowseSuite: BenchmarkSuite {
    let name = "browse"
    let pageSize = 50

    struct Size {
        let books: Int
        var authors: Int { max(10, books / 5) }
        var bands: Int { max(10, books / 10) }
        var genres: Int { min(300, max(3, books / 100)) }

        static var configured: Size {
            let text = ProcessInfo.processInfo.environment["CATALOG_BENCH_BOOKS"] ?? ""
            return Size(books: Int(text).map { max(1_000, $0) } ?? 1_000_000)
        }
    }

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        try Self.withCatalog(suite: name, log: log) { path, _ in
            var configuration = Database.Configuration()
            configuration.readOnly = true
            configuration.mmapSize = 1 << 30
            let catalog = LibraryCatalog(try Database(path: path, configuration: configuration))
            return try measureQueries(catalog, size: Size(books: try catalog.books.count()), timer: timer, log: log)
        }
    }

    /// Runs `body` on the generated catalog (``database(in:log:)``), in a temporary directory of `suite`'s that `body`
    /// may write beside it and that is removed after; the generation's measurement, when one ran, leads the results.
    static func withCatalog(
        suite: String, log: (String) -> Void, _ body: (_ path: String, _ directory: URL) throws -> [Measurement]
    ) throws -> [Measurement] {
        let directory = try temporaryDirectory(suite)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (path, generation) = try BrowseSuite().database(in: directory, log: log)
        return Array([generation].compactMap { $0 }) + (try body(path, directory))
    }

    /// The generated catalog: `CATALOG_BENCH_DB` when that file exists, else generated there (kept) or in
    /// `directory`; with the generation's measurement when one ran.
    func database(in directory: URL, log: (String) -> Void) throws -> (path: String, generation: Measurement?) {
        let kept = ProcessInfo.processInfo.environment["CATALOG_BENCH_DB"]
        let path = kept ?? directory.appending(path: "browse.sqlite").path
        if let kept, FileManager.default.fileExists(atPath: kept) {
            log("\(name): reusing \(kept)")
            return (path, nil)
        }
        return (path, try generate(Size.configured, at: path, log: log))
    }

    private func generate(_ size: Size, at path: String, log: (String) -> Void) throws -> Measurement {
        log(
            "browse: generating \(size.books) books, \(size.authors) authors, \(size.genres) genres, \(size.bands) bands"
        )
        let start = DispatchTime.now().uptimeNanoseconds
        try CatalogGenerator(size: size).generate(at: path, log: log)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        log(String(format: "browse: generated in %.1f s; database %.0f MB", seconds, Double(bytes) / 1e6))
        var generation = Measurement(
            suite: name, case: "generate \(size.books) books", impl: "bulk load", samples: [seconds])
        generation.notes = [
            "books": Double(size.books), "authors": Double(size.authors), "genres": Double(size.genres),
            "bands": Double(size.bands), "database_bytes": Double(bytes),
        ]
        return generation
    }

    private func measureQueries(_ catalog: LibraryCatalog, size: Size, timer: Timer, log: (String) -> Void) throws
        -> [Measurement]
    {
        let queryTimer = Timer(warmups: 20, runs: max(200, timer.runs * 100))
        var results: [Measurement] = []
        func measure(_ label: String, _ body: () throws -> Int) throws {
            var count = 0
            let samples = try queryTimer.measure { count = try body() }
            guard count > 0 else { throw BenchmarkError("\(label): no rows") }
            results.append(
                Measurement(suite: name, case: label, impl: "Catalog", samples: samples, notes: ["rows": Double(count)])
            )
            log("browse: \(label): \(count) rows, median \(formatSeconds(results[results.count - 1].median))")
        }
        let limit = pageSize
        try measure("books by title, page 1") { try catalog.books.page(after: nil, limit: limit).items.count }
        let depth = max(1, min(10_000, size.books / pageSize - 1))
        let deep = try cursor(afterPages: depth - 1) { try catalog.books.page(after: $0, limit: limit) }
        try measure("books by title, page \(depth)") { try catalog.books.page(after: deep, limit: limit).items.count }

        let typical = Int64(size.authors / 2)
        try measure("author → books, page 1") {
            try catalog.books.page(byAuthor: typical, after: nil, limit: limit).items.count
        }
        let prolificBooks = try catalog.books.count(byAuthor: CatalogGenerator.prolificAuthorID)
        // The middle one of its pages; the first when it has only one (a small generated catalog).
        let prolificDeep = try cursor(afterPages: max(0, prolificBooks - 1) / limit / 2) {
            try catalog.books.page(byAuthor: CatalogGenerator.prolificAuthorID, after: $0, limit: limit)
        }
        try measure("prolific author (\(prolificBooks) books) → books, middle page") {
            try catalog.books.page(byAuthor: CatalogGenerator.prolificAuthorID, after: prolificDeep, limit: limit)
                .items.count
        }
        let genre = Int64(size.genres / 2)
        try measure("genre → bands, page 1") {
            try catalog.bands.page(inGenre: genre, after: nil, limit: limit).items.count
        }
        let bandsInGenre = try catalog.bands.count(inGenre: genre)
        if bandsInGenre > limit {
            let genreDeep = try cursor(afterPages: (bandsInGenre - 1) / limit) {
                try catalog.bands.page(inGenre: genre, after: $0, limit: limit)
            }
            try measure("genre → bands (\(bandsInGenre)), last page") {
                try catalog.bands.page(inGenre: genre, after: genreDeep, limit: limit).items.count
            }
        }
        try measure("genre → books, page 1") {
            try catalog.books.page(inGenre: genre, after: nil, limit: limit).items.count
        }
        for text in ["tolk", "mor", "le gui"] {
            try measure("search '\(text)', ranked, first \(limit)") { try catalog.search(text, limit: limit).count }
        }
        try measure("count all books (list header)") { try catalog.books.count() }
        return results
    }

    /// The cursor after `pages` pages of a list, reached by paging (untimed setup).
    private func cursor<Item>(afterPages pages: Int, _ page: (PageCursor?) throws -> Page<Item>) throws -> PageCursor? {
        var cursor: PageCursor?
        for _ in 0..<pages {
            cursor = try page(cursor).next
            guard cursor != nil else { throw BenchmarkError("the list ended before page \(pages)") }
        }
        return cursor
    }
}
