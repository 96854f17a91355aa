import Foundation
package import SQLiteDB

/// Books: fetch, create, update, delete, their credits and genres, and the lists of books.
///
/// ```swift
/// let books = BookRepository(db)
/// let hobbit = try books.create(BookDraft(title: "The Hobbit", year: 1937))
/// try books.setCredits([BookCredit(authorID: tolkien.id)], of: hobbit.id)
/// let page = try books.page(byAuthor: tolkien.id, after: nil, limit: 50)
/// ```
public typealias BookRepository = EntityRepository<Book>

extension EntityRepository where Entity == Book {
    /// The book with this ISBN-13 (hyphens allowed), or `nil`.
    public func find(isbn13: String) throws -> Book? {
        guard let isbn = try Validation.isbn13(isbn13) else { return nil }
        return try db.fetchOne(Book.self, bookByISBN, [isbn])
    }

    /// Creates a book from `draft`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for an empty title, a malformed ISBN or an
    ///   out-of-range year; `DatabaseError` when the ISBN or the uuid is taken.
    @discardableResult
    public func create(_ draft: BookDraft) throws -> Book {
        let values = try BookValues(draft)
        return try insert(uuid: draft.uuid, values.arguments, name: values.title)
    }

    /// Replaces the fields of the book `id` with those of `draft` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such book; what `create(_:)` throws.
    @discardableResult
    public func update(id: Int64, with draft: BookDraft) throws -> Book {
        try update(id: id, try BookValues(draft).arguments)
    }

    /// Replaces the credits of book `bookID` by `credits`, in credited order.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the book does not exist; `DatabaseError` when an
    ///   author does not exist or one author is credited twice in one role.
    public func setCredits(_ credits: [BookCredit], of bookID: Int64) throws {
        try replace(CatalogTables.bookAuthors, of: bookID) {
            try credits.enumerated().map { position, credit -> [DatabaseValue] in
                guard !credit.role.rawValue.isEmpty else {
                    throw CatalogError.invalidValue(field: "role", value: "", reason: "a role must not be empty")
                }
                return [.integer(credit.authorID), .text(credit.role.rawValue), .integer(Int64(position))]
            }
        }
    }

    /// Replaces the genres of book `bookID` by `genreIDs`, in order.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the book does not exist; `DatabaseError` when a
    ///   genre does not exist.
    public func setGenres(_ genreIDs: [Int64], of bookID: Int64) throws {
        try replace(CatalogTables.bookGenres, of: bookID) { CatalogTables.bookGenres.rows(genreIDs) }
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
        try db.fetchAll(Genre.self, bookGenres, [bookID])
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

    package static var selectGenres: String { bookGenres }
}

/// A ``BookDraft``'s fields, checked and normalized, in the order of the table description's `draftColumns`: the
/// parameters of its INSERT (after the uuid) and UPDATE (before the id).
package struct BookValues: Sendable {
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

private let bookByISBN = "SELECT \(CatalogTables.books.selection) FROM books b WHERE b.isbn13 = ?"
private let bookGenres = """
    SELECT \(CatalogTables.genres.selection) FROM book_genres bg JOIN genres g ON g.id = bg.genre_id
    WHERE bg.book_id = ? ORDER BY bg.position, g.name_key
    """
