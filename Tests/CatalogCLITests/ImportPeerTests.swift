import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `Scripts/import_books.py`, the Python peer the benchmark measures `catalog import` against, builds the same
/// tables from the same file: the comparison is fair only while that holds.
@Suite struct ImportPeerTests {
    static let script = TestSupport.packageRoot.appending(path: "Scripts/import_books.py").path

    /// Two editions of a books CSV in the benchmark's columns: articles, particles and suffixes in names, the same
    /// author and genre spelled differently, accents and other scripts, a quoted comma, a new key adopting a
    /// book by its ISBN; the second edition retitles a book, changes credits and genres, and leaves the rest.
    static let editions = [
        """
        source_key,title,authors,genres,isbn,year,pages
        k1,The Hobbit,J. R. R. Tolkien,Fantasy|Classics,9780261103344,1937,310
        k2,"Dune, Part One",Frank Herbert,Science Fiction,,1965,412
        k3,Über den Wolken — 東京の夜,Ludwig van Beethoven|Martin Luther King Jr.,Music,,2001,
        k4,A Wizard of Earthsea,Ursula K. Le Guin,fantasy|Classics,9780553383041,1968,183
        k5,The Silmarillion,J. R. R.   Tolkien|Christopher Tolkien|J. R. R. Tolkien,FANTASY,,1977,365
        k6,Åsa Ørsted,ÅSA ØRSTED|Åsa Ørsted,Poetry|poetry,,,
        k7,The Hobbit (Anniversary Edition),J. R. R. Tolkien,Fantasy,9780261103344,1937,320

        """,
        """
        source_key,title,authors,genres,isbn,year,pages
        k1,The Hobbit,J. R. R. Tolkien,Fantasy|Classics,9780261103344,1937,310
        k2,"Dune, Book One",Frank Herbert|Brian Herbert,Science Fiction|Classics,,1965,412
        k3,Über den Wolken — 東京の夜,Martin Luther King Jr.,Music,,2001,96
        k8,An Unknown Year,Anonymous,,9780000000019,,12

        """,
    ]

    @Test func thePythonPeerBuildsTheSameTablesAsCatalogImport() throws {
        let python = try TestSupport.installedTool("python3")
        let cli = try CatalogCLI("import-peer")
        for database in ["catalog.sqlite", "python.sqlite"] {
            let created = try cli.run("init", in: database)
            try #require(created.status == 0, "\(created.standardError)")
        }
        for (number, text) in Self.editions.enumerated() {
            let csv = cli.path("edition-\(number + 1).csv")
            try Data(text.utf8).write(to: URL(filePath: csv))
            let imported = try cli.run("import", csv, "--source", "books")
            #expect(imported.status == 0, "\(imported.standardError)")
            let peer = try TestSupport.run(python, [Self.script, cli.path("python.sqlite"), csv, "books"])
            #expect(peer.status == 0, "\(peer.standardError)")
            let ours = try importedTables(cli.path("catalog.sqlite"))
            let theirs = try importedTables(cli.path("python.sqlite"))
            #expect(ours.count > 40, "edition \(number + 1): \(ours)")
            #expect(
                ours == theirs,
                """
                edition \(number + 1), only catalog import: \(ours.filter { !theirs.contains($0) }), \
                only Python: \(theirs.filter { !ours.contains($0) })
                """)
        }
    }

    /// Every row of the tables a books import writes, as text, sorted. Ids and uuids differ between two
    /// databases, so a book is named by its smallest source key, an author or a genre by its name and folded
    /// name; times and fingerprints (each writer hashes its own way) are left out.
    func importedTables(_ path: String) throws -> [String] {
        let db = try Database(path: path)
        let book = { (id: String) in
            "quote((SELECT min(source || '/' || source_key) FROM source_records WHERE entity_kind = 'book' "
                + "AND entity_id = \(id)))"
        }
        let named = { (table: String, id: String) in
            "quote((SELECT name || '/' || name_key FROM \(table) WHERE id = \(id)))"
        }
        let queries = [
            "SELECT 'book|' || \(book("b.id")) || '|' || quote(title) || '|' || quote(sort_title) || '|' "
                + "|| quote(sort_key) || '|' || quote(isbn13) || '|' || quote(year) || '|' || quote(pages) || '|' "
                + "|| quote(language) || '|' || quote(summary) FROM books b",
            "SELECT 'author|' || quote(name) || '|' || quote(sort_name) || '|' || quote(name_key) || '|' "
                + "|| quote(sort_key) || '|' || quote(disambiguation) FROM authors",
            "SELECT 'genre|' || quote(name) || '|' || quote(name_key) || '|' || \(named("genres", "g.parent_id")) "
                + "FROM genres g",
            "SELECT 'book_author|' || \(book("book_id")) || '|' || \(named("authors", "author_id")) || '|' || role "
                + "|| '|' || position || '|' || quote(book_year_key) || '|' || quote(book_sort_key) FROM book_authors",
            "SELECT 'book_genre|' || \(book("book_id")) || '|' || \(named("genres", "genre_id")) || '|' || position "
                + "|| '|' || quote(book_sort_key) FROM book_genres",
            "SELECT 'source|' || source || '/' || source_key || '|' || entity_kind || '|' || \(book("entity_id")) "
                + "FROM source_records",
            "SELECT 'search|' || (rowid % 4) || '|' || name FROM search_index",
        ]
        return try queries.flatMap { try db.fetchAll(String.self, $0) }.sorted()
    }
}
