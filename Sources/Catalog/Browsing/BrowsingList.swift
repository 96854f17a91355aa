package import SQLInterface
package import SQLiteDB

/// One browsing list of the catalog with the SQL that pages it (``KeysetQuery``) and counts it, written once for
/// every database that holds the catalog's tables: the repositories run it on SQLite, and a PostgreSQL catalog runs
/// the same statements with numbered parameters, so both sort, page and count alike.
///
/// ```swift
/// let list = BrowsingList.books(byAuthor: tolkien.id)
/// let page = try list.page(in: db, after: nil, limit: 50)
/// ```
package struct BrowsingList<Item: SelectableRecord>: Sendable {
    /// The list's keyset statements.
    package let query: KeysetQuery<Item>
    /// The list's own parameters (the id it is scoped by), before the cursor's keys.
    package let arguments: [DatabaseValue]
    /// Counts the whole list; its parameters are ``arguments``.
    package let countSQL: String

    private init(_ query: KeysetQuery<Item>, scope: Int64? = nil, count: String) {
        self.query = query
        arguments = scope.map { [.integer($0)] } ?? []
        countSQL = count
    }

    /// The page after `cursor` (or the first), of at most `limit` items, read on `connection` (SQLite or
    /// PostgreSQL).
    ///
    /// - Throws: ``CatalogError/invalidLimit(_:)``, ``CatalogError/invalidCursor(reason:)``, the driver's error.
    package func page(in connection: some SQLConnection, after cursor: PageCursor?, limit: Int) throws -> Page<Item> {
        try query.page(in: connection, arguments: arguments, after: cursor, limit: limit)
    }

    /// The number of items in the whole list, counted on `connection`.
    package func count(in connection: some SQLConnection) throws -> Int {
        try connection.fetch(countSQL, with: arguments) { try $0.required($0.int(at: 0), at: 0) }.first ?? 0
    }
}

extension BrowsingList where Item == Book {
    /// All books by sort title.
    package static var books: Self { Self(bookQueries.all, count: "SELECT count(*) FROM books") }

    /// The books an author is credited on (in any role), by year (undated last), then sort title; a book counts once
    /// whatever the roles.
    package static func books(byAuthor authorID: Int64) -> Self {
        Self(
            bookQueries.byAuthor, scope: authorID,
            count: "SELECT count(DISTINCT book_id) FROM book_authors WHERE author_id = ?")
    }

    /// The books of a genre by sort title.
    package static func books(inGenre genreID: Int64) -> Self {
        Self(bookQueries.inGenre, scope: genreID, count: "SELECT count(*) FROM book_genres WHERE genre_id = ?")
    }
}

extension BrowsingList where Item == Credit {
    /// The people credited on a book, in credited order, with their roles.
    package static func credits(ofBook bookID: Int64) -> Self {
        Self(creditQuery, scope: bookID, count: "SELECT count(*) FROM book_authors WHERE book_id = ?")
    }
}

extension BrowsingList where Item == Author {
    /// All authors by sort name.
    package static var authors: Self { Self(authorQueries.all, count: "SELECT count(*) FROM authors") }

    /// The people credited on a book together with author `authorID` (in any role), by sort name.
    package static func coauthors(of authorID: Int64) -> Self {
        Self(
            authorQueries.coauthors, scope: authorID,
            count: "SELECT count(*) FROM authors a WHERE \(authorQueries.coauthorFilter)")
    }
}

extension BrowsingList where Item == Genre {
    /// All genres by name.
    package static var genres: Self { Self(genreQueries.all, count: "SELECT count(*) FROM genres") }

    /// The genres of a band, in the band's order.
    package static func genres(ofBand bandID: Int64) -> Self {
        Self(genreQueries.ofBand, scope: bandID, count: "SELECT count(*) FROM band_genres WHERE band_id = ?")
    }
}

extension BrowsingList where Item == Band {
    /// All bands by sort name.
    package static var bands: Self { Self(bandQueries.all, count: "SELECT count(*) FROM bands") }

    /// The bands of a genre by sort name.
    package static func bands(inGenre genreID: Int64) -> Self {
        Self(bandQueries.inGenre, scope: genreID, count: "SELECT count(*) FROM band_genres WHERE genre_id = ?")
    }
}

// The statements are built once, not at each use of a list.

private let bookQueries = (
    all: KeysetQuery<Book>(
        list: "books", columns: BookRepository.columns, from: "books b", filter: nil, keys: ["b.sort_key", "b.id"]),
    byAuthor: KeysetQuery<Book>(
        list: "books-by-author", columns: BookRepository.columns,
        from: "book_authors ba JOIN books b ON b.id = ba.book_id", filter: "ba.author_id = ?",
        keys: ["ba.book_year_key", "ba.book_sort_key", "ba.book_id"], distinct: true),
    inGenre: KeysetQuery<Book>(
        list: "books-in-genre", columns: BookRepository.columns,
        from: "book_genres bg JOIN books b ON b.id = bg.book_id", filter: "bg.genre_id = ?",
        keys: ["bg.book_sort_key", "bg.book_id"])
)

private let creditQuery = KeysetQuery<Credit>(
    list: "credits", columns: Credit.selection, from: "book_authors ba JOIN authors a ON a.id = ba.author_id",
    filter: "ba.book_id = ?", keys: ["ba.position"])

private let authorQueries = (
    all: KeysetQuery<Author>(
        list: "authors", columns: AuthorRepository.columns, from: "authors a", filter: nil,
        keys: ["a.sort_key", "a.id"]),
    coauthors: KeysetQuery<Author>(
        list: "coauthors", columns: AuthorRepository.columns, from: "authors a",
        filter: AuthorRepository.coauthorFilter, keys: ["a.sort_key", "a.id"]),
    coauthorFilter: AuthorRepository.coauthorFilter
)

private let genreQueries = (
    all: KeysetQuery<Genre>(
        list: "genres", columns: GenreRepository.columns, from: "genres g", filter: nil, keys: ["g.name_key", "g.id"]),
    ofBand: KeysetQuery<Genre>(
        list: "genres-of-band", columns: GenreRepository.columns,
        from: "band_genres bg JOIN genres g ON g.id = bg.genre_id", filter: "bg.band_id = ?", keys: ["bg.position"])
)

private let bandQueries = (
    all: KeysetQuery<Band>(
        list: "bands", columns: BandRepository.columns, from: "bands d", filter: nil, keys: ["d.sort_key", "d.id"]),
    inGenre: KeysetQuery<Band>(
        list: "bands-in-genre", columns: BandRepository.columns,
        from: "band_genres bg JOIN bands d ON d.id = bg.band_id", filter: "bg.genre_id = ?",
        keys: ["bg.band_sort_key", "bg.band_id"])
)
