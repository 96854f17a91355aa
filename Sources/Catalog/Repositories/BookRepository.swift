public import Foundation
public import SQLiteDB

/// Books: fetch, create, update, delete, their credits and genres, and the lists of books.
///
/// ```swift
/// let books = BookRepository(db)
/// let hobbit = try books.create(BookDraft(title: "The Hobbit", year: 1937))
/// try books.setCredits([BookCredit(authorID: tolkien.id)], of: hobbit.id)
/// let page = try books.page(byAuthor: tolkien.id, after: nil, limit: 50)
/// ```
public struct BookRepository {
    let db: Database

    /// A repository over `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    // MARK: Fetching

    /// The book with row id `id`, or `nil`.
    public func find(id: Int64) throws -> Book? {
        try db.fetchOne(Book.self, Self.selectByID, [id])
    }

    /// The book with `uuid`, or `nil`.
    public func find(uuid: UUID) throws -> Book? {
        try db.fetchOne(Book.self, Self.selectByUUID, [uuid])
    }

    /// The book with `uuid`.
    ///
    /// - Throws: ``CatalogError/notFound(_:uuid:)`` ("no book with uuid …") when there is none.
    public func get(uuid: UUID) throws -> Book {
        guard let book = try find(uuid: uuid) else { throw CatalogError.notFound(.book, uuid: uuid) }
        return book
    }

    /// The book with this ISBN-13 (hyphens allowed), or `nil`.
    public func find(isbn13: String) throws -> Book? {
        guard let isbn = try Validation.isbn13(isbn13) else { return nil }
        return try db.fetchOne(Book.self, Self.selectByISBN, [isbn])
    }

    /// The number of books.
    public func count() throws -> Int {
        try BrowsingList.books.count(in: db)
    }

    // MARK: Writing

    /// Creates a book from `draft`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for an empty title, a malformed ISBN or an
    ///   out-of-range year; `DatabaseError` when the ISBN or the uuid is taken.
    @discardableResult
    public func create(_ draft: BookDraft) throws -> Book {
        let values = try Values(draft)
        let book = try db.fetchOne(
            Book.self, CatalogTables.books.insert, [draft.uuid ?? UUID()] + values.arguments)
        guard let book else { throw CatalogError.invalidValue(field: "book", value: values.title, reason: "not saved") }
        return book
    }

    /// Replaces the fields of the book `id` with those of `draft` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such book; what ``create(_:)`` throws.
    @discardableResult
    public func update(id: Int64, with draft: BookDraft) throws -> Book {
        let values = try Values(draft)
        guard let book = try db.fetchOne(Book.self, CatalogTables.books.update, values.arguments + [id]) else {
            throw CatalogError.missingRow(.book, id: id)
        }
        return book
    }

    /// Deletes the book `id` with its credits and genre links (the authors and genres stay).
    ///
    /// - Returns: whether there was such a book.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try db.execute("DELETE FROM books WHERE id = ?", [id])
        return db.changes > 0
    }

    /// Replaces the credits of book `bookID` by `credits`, in credited order.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the book does not exist; `DatabaseError` when an
    ///   author does not exist or one author is credited twice in one role.
    public func setCredits(_ credits: [BookCredit], of bookID: Int64) throws {
        try db.transaction(.immediate) {
            try requireBook(bookID)
            try db.execute(CatalogTables.bookAuthors.deleteOfOwner, [bookID])
            let rows = try credits.enumerated().map { position, credit -> [DatabaseValue] in
                guard !credit.role.rawValue.isEmpty else {
                    throw CatalogError.invalidValue(field: "role", value: "", reason: "a role must not be empty")
                }
                return [.integer(credit.authorID), .text(credit.role.rawValue), .integer(Int64(position))]
            }
            try CatalogTables.bookAuthors.insert(rows, of: bookID, in: db)
        }
    }

    /// Replaces the genres of book `bookID` by `genreIDs`, in order.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the book does not exist; `DatabaseError` when a
    ///   genre does not exist.
    public func setGenres(_ genreIDs: [Int64], of bookID: Int64) throws {
        try db.transaction(.immediate) {
            try requireBook(bookID)
            try db.execute(CatalogTables.bookGenres.deleteOfOwner, [bookID])
            try CatalogTables.bookGenres.insert(genreIDs, of: bookID, in: db)
        }
    }

    private func requireBook(_ id: Int64) throws {
        guard try db.fetchOne(Int.self, "SELECT 1 FROM books WHERE id = ?", [id]) != nil else {
            throw CatalogError.missingRow(.book, id: id)
        }
    }

    // MARK: Lists

    /// All books by sort title, one page after `cursor`.
    public func page(after cursor: PageCursor?, limit: Int) throws -> Page<Book> {
        try BrowsingList.books.page(in: db, after: cursor, limit: limit)
    }

    /// The books an author is credited on (in any role), by year (undated last), then sort title.
    public func page(byAuthor authorID: Int64, after cursor: PageCursor?, limit: Int) throws -> Page<Book> {
        try BrowsingList.books(byAuthor: authorID).page(in: db, after: cursor, limit: limit)
    }

    /// The books of a genre by sort title.
    public func page(inGenre genreID: Int64, after cursor: PageCursor?, limit: Int) throws -> Page<Book> {
        try BrowsingList.books(inGenre: genreID).page(in: db, after: cursor, limit: limit)
    }

    /// The people credited on a book, in credited order, with their roles.
    public func credits(of bookID: Int64, after cursor: PageCursor?, limit: Int) throws -> Page<Credit> {
        try BrowsingList.credits(ofBook: bookID).page(in: db, after: cursor, limit: limit)
    }

    /// Every genre of a book, in the order they were given (a book has a handful).
    public func genres(of bookID: Int64) throws -> [Genre] {
        try db.fetchAll(Genre.self, Self.selectGenres, [bookID])
    }

    /// The number of books an author is credited on (a book counts once whatever the roles).
    public func count(byAuthor authorID: Int64) throws -> Int {
        try BrowsingList.books(byAuthor: authorID).count(in: db)
    }

    /// The number of books in a genre.
    public func count(inGenre genreID: Int64) throws -> Int {
        try BrowsingList.books(inGenre: genreID).count(in: db)
    }

    /// The number of credits on a book.
    public func creditCount(of bookID: Int64) throws -> Int {
        try BrowsingList.credits(ofBook: bookID).count(in: db)
    }

    // MARK: SQL

    /// A draft's fields, checked and normalized, in the order of the table description's `draftColumns`: the
    /// parameters of its INSERT (after the uuid) and UPDATE (before the id).
    package struct Values {
        package let title: String
        /// The fold of the sort title, what the `sort_key` column holds.
        package let sortKey: String
        /// The ISBN-13, digits only.
        package let isbn13: String?
        package let arguments: StatementArguments

        package init(_ draft: BookDraft) throws {
            let title = try Validation.name(draft.title, field: "title")
            self.title = title
            let sortTitle = try Validation.sortName(draft.sortTitle, field: "sort title") {
                SortName.forTitle(title)
            }
            sortKey = FoldKey.of(sortTitle)
            isbn13 = try Validation.isbn13(draft.isbn13)
            arguments = [
                title, sortTitle, sortKey, isbn13,
                try Validation.year(draft.year, field: "year"), try Validation.pages(draft.pages),
                TextNormalization.cleanOrNil(draft.language), draft.summary.flatMap { $0.isEmpty ? nil : $0 },
            ]
        }
    }

    package static let columns = CatalogTables.books.selection
    static let selectByID = "SELECT \(columns) FROM books b WHERE b.id = ?"
    package static let selectByUUID = "SELECT \(columns) FROM books b WHERE b.uuid = ?"
    static let selectByISBN = "SELECT \(columns) FROM books b WHERE b.isbn13 = ?"
    package static let selectGenres = """
        SELECT \(CatalogTables.genres.selection) FROM book_genres bg JOIN genres g ON g.id = bg.genre_id
        WHERE bg.book_id = ? ORDER BY bg.position, g.name_key
        """
}
