/// The catalog's tables as the library reads and writes them: one description per table, beside the migrations
/// that create them (`Migrations/`). Adding a column to a table is a migration plus a line here; what is derived
/// from the description (row decoding, SELECT lists, change payloads, sync, the tests' dumps) follows, and a column
/// `shown(_:as:)` is a fact of every detail: the terminal browser's, the JSON's `facts` and the web page's.
package enum CatalogTables {
    /// `books`: a book of the catalog.
    package static let books = EntityTable(
        "books", alias: "b", kind: .book,
        fields: [
            .text("title", key: "title", required: true),
            .text("sort_title", key: "sortTitle", required: true),
            .text("sort_key", key: "sortKey", required: true, inModel: false),
            .text("isbn13", key: "isbn13", unique: UniqueKey { "both have ISBN \($0)" }).shown(
                "ISBN", as: .isbn, after: "year"),
            .integer("year", key: "year").shown("Year", as: .year),
            .integer("pages", key: "pages").shown("Pages", as: .number),
            .text("language", key: "language").shown("Language"),
            .text("summary", key: "summary").shown("Summary"),
        ],
        links: [bookAuthors, bookGenres])

    /// `authors`: a person credited on books.
    package static let authors = EntityTable(
        "authors", alias: "a", kind: .author,
        fields: [
            .text("name", key: "name", required: true),
            .text("sort_name", key: "sortName", required: true).shown("Sort name"),
            .text("name_key", key: "nameKey", required: true, inModel: false),
            .text("sort_key", key: "sortKey", required: true, inModel: false),
            .text("disambiguation", key: "disambiguation").shown("Note"),
        ])

    /// `genres`: a genre of books and bands, maybe under a broader one.
    package static let genres = EntityTable(
        "genres", alias: "g", kind: .genre,
        fields: [
            .text("name", key: "name", required: true),
            .text(
                "name_key", key: "nameKey", required: true, inModel: false,
                unique: UniqueKey { "both are named '\($0)' once folded" }),
            .reference("parent_id", key: "parent", to: "genres").shown("Part of", as: .name(column: "name")),
        ])

    /// `bands`: a band, with its genres.
    package static let bands = EntityTable(
        "bands", alias: "d", kind: .band,
        fields: [
            .text("name", key: "name", required: true),
            .text("sort_name", key: "sortName", required: true),
            .text("name_key", key: "nameKey", required: true, inModel: false),
            .text("sort_key", key: "sortKey", required: true, inModel: false),
            .text("country", key: "country").shown("Country", as: .country),
            .integer("formed_year", key: "formedYear").shown("Years", as: .years(until: "ended_year")),
            .integer("ended_year", key: "endedYear"),
            .text("status", key: "status").shown("Status"),
            .text("disambiguation", key: "disambiguation").shown("Note"),
        ],
        links: [bandGenres])

    /// `book_authors`: who is credited on a book, in credited order, and as what.
    package static let bookAuthors = LinkTable(
        "book_authors", alias: "ba", key: "authors", owner: "book_id", of: "books",
        columns: [
            .reference("author_id", key: "author", to: "authors", required: true),
            .text("role", key: "role", required: true),
            .integer("position", key: "position", required: true),
        ],
        copies: [.init("book_year_key", from: "coalesce(year, 10000)"), .init("book_sort_key", from: "sort_key")])

    /// `book_genres`: the genres of a book, in order.
    package static let bookGenres = genreLinks("book_genres", owner: "book_id", of: "books", sortKey: "book_sort_key")

    /// `band_genres`: the genres of a band, in order.
    package static let bandGenres = genreLinks("band_genres", owner: "band_id", of: "bands", sortKey: "band_sort_key")

    /// A table of the genres of an entity of `table`, in order, with the entity's sort key copied as `sortKey` for
    /// the lists of a genre's books or bands.
    private static func genreLinks(_ name: String, owner: String, of table: String, sortKey: String) -> LinkTable {
        LinkTable(
            name, alias: "bg", key: "genres", owner: owner, of: table,
            columns: [
                .reference("genre_id", key: "genre", to: "genres", required: true),
                .integer("position", key: "position", required: true),
            ],
            copies: [.init(sortKey, from: "sort_key")])
    }

    /// The entity tables.
    package static let entities = [genres, authors, bands, books]
    /// The link tables.
    package static let links = [bookAuthors, bookGenres, bandGenres]
}

extension EntityKind {
    /// The description of the table that holds this kind of entity.
    package var table: EntityTable {
        switch self {
        case .book: CatalogTables.books
        case .author: CatalogTables.authors
        case .genre: CatalogTables.genres
        case .band: CatalogTables.bands
        }
    }
}
