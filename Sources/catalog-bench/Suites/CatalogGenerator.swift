import Catalog
import CatalogImport
import Foundation
import SQLiteCatalog
import SQLiteDB

/// Writes a large synthetic catalog fast: one transaction, the catalog's secondary indexes and triggers
/// dropped during the load and created again after it, the search index built in one pass at the end.
///
/// Names are drawn from a seeded generator, so every run builds the same catalog.
struct CatalogGenerator {
    let size: BrowseSuite.Size
    /// An author credited on about 1% of all books, to show that a prolific author's list does not slow down.
    static let prolificAuthorID: Int64 = 1

    func generate(at path: String, log: (String) -> Void) throws {
        var configuration = Database.Configuration()
        configuration.cacheSizeKiB = 256 * 1024
        let db = try DatabaseSchema.open(path: path, configuration: configuration)
        let deferred = try dropIndexesAndTriggers(db)
        var random = SplitMix64(seed: 42)
        try db.transaction(.immediate) {
            try insertGenres(db)
            try insertAuthors(db, &random)
            log("browse:   authors done")
            try insertBands(db, &random)
            log("browse:   bands done")
            try insertBooks(db, &random)
            log("browse:   books done; creating indexes")
            for sql in deferred { try db.execute(sql) }
        }
        try LibraryCatalog(db).rebuildSearchIndex()
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try db.close()
    }

    /// Drops the secondary indexes and triggers of the catalog tables; returns the SQL that recreates them.
    private func dropIndexesAndTriggers(_ db: Database) throws -> [String] {
        let objects = try db.fetchAll(
            """
            SELECT type, name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
            AND tbl_name IN ('books', 'authors', 'genres', 'bands', 'book_authors', 'book_genres', 'band_genres')
            """, as: String.self, String.self, String.self)
        for (type, name, _) in objects {
            try db.execute("DROP \(type.uppercased()) \(name)")
        }
        return objects.map { _, _, sql in sql }
    }

    private func insertGenres(_ db: Database) throws {
        let statement = try db.cachedStatement("INSERT INTO genres (id, uuid, name, name_key) VALUES (?, ?, ?, ?)")
        for id in 1...size.genres {
            let name = "\(Words.genres[id % Words.genres.count]) \(id)"
            try statement.execute([id, UUID(), name, FoldKey.of(name)])
        }
    }

    private func insertAuthors(_ db: Database, _ random: inout SplitMix64) throws {
        let statement = try db.cachedStatement(
            "INSERT INTO authors (id, uuid, name, sort_name, name_key, sort_key) VALUES (?, ?, ?, ?, ?, ?)")
        for id in 1...size.authors {
            let initial = Character(Unicode.Scalar(UInt8(65 + random.next(26))))
            let name = "\(random.pick(Words.firstNames)) \(initial). \(random.pick(Words.lastNames))"
            let sortName = SortName.forPerson(name)
            try statement.execute([id, UUID(), name, sortName, FoldKey.of(name), FoldKey.of(sortName)])
        }
    }

    /// A title of 1 to `maxWords` random capitalized words, with "The " before it one time in `theOneIn`; its sort
    /// form and that form's key.
    private static func title(upTo maxWords: Int, theOneIn: Int, _ random: inout SplitMix64)
        -> (title: String, sortTitle: String, sortKey: String)
    {
        let words = (0...random.next(maxWords)).map { _ in Words.capitalized(random.word()) }.joined(separator: " ")
        let title = random.next(theOneIn) == 0 ? "The \(words)" : words
        let sortTitle = SortName.forTitle(title)
        return (title, sortTitle, FoldKey.of(sortTitle))
    }

    private func insertBands(_ db: Database, _ random: inout SplitMix64) throws {
        let band = try db.cachedStatement(
            """
            INSERT INTO bands (id, uuid, name, sort_name, name_key, sort_key, country, formed_year)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let link = try db.cachedStatement(
            "INSERT INTO band_genres (band_id, genre_id, position, band_sort_key) VALUES (?, ?, ?, ?)")
        for id in 1...size.bands {
            let (name, sortName, sortKey) = Self.title(upTo: 2, theOneIn: 5, &random)
            try band.execute([
                id, UUID(), name, sortName, FoldKey.of(name), sortKey, random.pick(Words.countries),
                1950 + random.next(75),
            ])
            for (position, genre) in distinct(1 + random.next(3), below: size.genres, &random).enumerated() {
                try link.execute([id, genre, position, sortKey])
            }
        }
    }

    private func insertBooks(_ db: Database, _ random: inout SplitMix64) throws {
        let book = try db.cachedStatement(
            "INSERT INTO books (id, uuid, title, sort_title, sort_key, year, language) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let credit = try db.cachedStatement(
            """
            INSERT INTO book_authors (book_id, author_id, role, position, book_year_key, book_sort_key)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        let genre = try db.cachedStatement(
            "INSERT INTO book_genres (book_id, genre_id, position, book_sort_key) VALUES (?, ?, ?, ?)")
        for id in 1...size.books {
            let (title, sortTitle, sortKey) = Self.title(upTo: 3, theOneIn: 10, &random)
            let year: Int? = random.next(20) == 0 ? nil : 1800 + random.next(225)
            try book.execute([id, UUID(), title, sortTitle, sortKey, year, random.next(4) == 0 ? "fr" : "en"])
            var authors = distinct(1 + random.next(3), below: size.authors, &random)
            if random.next(100) == 0, !authors.contains(Int(Self.prolificAuthorID)) {
                authors[0] = Int(Self.prolificAuthorID)
            }
            for (position, author) in authors.enumerated() {
                let role = position == 0 ? "author" : (random.next(3) == 0 ? "translator" : "author")
                try credit.execute([id, author, role, position, year ?? 10000, sortKey])
            }
            for (position, genreID) in distinct(1 + random.next(3), below: size.genres, &random).enumerated() {
                try genre.execute([id, genreID, position, sortKey])
            }
        }
    }

    /// `count` different numbers in 1...`limit`.
    private func distinct(_ count: Int, below limit: Int, _ random: inout SplitMix64) -> [Int] {
        var values: [Int] = []
        while values.count < min(count, limit) {
            let value = 1 + random.next(limit)
            if !values.contains(value) { values.append(value) }
        }
        return values
    }
}

/// Generated catalogs draw from a seeded stream, so they are reproducible.
extension SplitMix64 {
    /// A number in 0..<`bound`.
    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

    /// A pronounceable made-up word of two or three syllables ("kalomi").
    mutating func word() -> String {
        (0..<(2 + next(2))).map { _ in pick(Words.consonants) + pick(Words.vowels) }.joined()
    }
}

/// Vocabulary of the generated catalog.
enum Words {
    static let consonants = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "th"]
    static let vowels = ["a", "e", "i", "o", "u"]
    static let firstNames = [
        "Anna", "Ben", "Clara", "David", "Elena", "Frank", "Grace", "Hugo", "Ines", "Jack", "Karin", "Louis", "Maria",
        "Nils", "Olga", "Peter", "Quinn", "Rosa", "Sam", "Tara", "Ugo", "Vera", "Walter", "Xenia", "Yusuf", "Zoë",
        "José", "Björn", "Chloé", "Dmitri",
    ]
    static let lastNames = [
        "Smith", "Tolkien", "Le Guin", "García", "Müller", "Rossi", "Dubois", "Nowak", "Jensen", "Silva", "Kowalski",
        "Brontë", "van Dijk", "O'Brien", "Nakamura", "Popescu", "Horvat", "Lindqvist", "Moreau", "Ferrari", "Weber",
        "Novak", "Costa", "Ivanova", "Hughes", "Clarke", "Murphy", "Schmidt", "Fischer", "Martin",
    ]
    static let genres = [
        "Fantasy", "Science fiction", "Mystery", "Romance", "Horror", "History", "Poetry", "Drama", "Rock", "Jazz",
        "Electronic", "Folk", "Metal", "Pop", "Blues",
    ]
    static let countries = ["GB", "US", "DE", "FR", "SE", "JP", "BR", "IS", "NO", "CA"]

    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}
