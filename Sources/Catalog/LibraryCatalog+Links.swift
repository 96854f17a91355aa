public import Foundation
import SQLiteDB

extension LibraryCatalog {
    /// Whether the catalog links two entities the way their details list each other: a book and one of its
    /// authors or genres, a band and one of its genres, two authors credited on one book (co-authors).
    ///
    /// The question is symmetric: `linked(.book, bookID, .author, authorID)` and
    /// `linked(.author, authorID, .book, bookID)` give the same answer.
    ///
    /// - Parameters:
    ///   - kind: the first entity's kind.
    ///   - uuid: the first entity's uuid.
    ///   - otherKind: the second entity's kind.
    ///   - otherUUID: the second entity's uuid.
    /// - Returns: `false` when either entity does not exist, when they are not linked, or when no link table
    ///   joins their kinds (a band and a book).
    /// - Throws: `DatabaseError` when the query fails.
    public func linked(_ kind: EntityKind, _ uuid: UUID, _ otherKind: EntityKind, _ otherUUID: UUID) throws -> Bool {
        try EntityLink(kind, uuid, otherKind, otherUUID).map(contains) ?? false
    }

    /// Whether the catalog's link table records `link`.
    ///
    /// - Throws: `DatabaseError` when the query fails.
    package func contains(_ link: EntityLink) throws -> Bool {
        let query =
            switch link {
            case .bookAuthor: Self.bookAuthor
            case .bookGenre: Self.bookGenre
            case .bandGenre: Self.bandGenre
            case .coauthors: Self.coauthors
            }
        let (owner, target) = link.uuids
        return try db.fetchOne(Int.self, query, [owner, target]) != nil
    }

    /// Whether the entity is one of the first ``Page/maximumLimit`` hits of searching `text`: an item of the
    /// list a search shows.
    ///
    /// - Parameters:
    ///   - kind: the entity's kind.
    ///   - uuid: the entity's uuid.
    ///   - text: what was searched for.
    /// - Throws: `DatabaseError` when the search fails.
    public func isSearchHit(_ kind: EntityKind, _ uuid: UUID, for text: String) throws -> Bool {
        try search(text, limit: Page<EntitySummary>.maximumLimit).contains { $0.kind == kind && $0.uuid == uuid }
    }

    private static let bookAuthor = """
        SELECT 1 FROM book_authors WHERE book_id = (SELECT id FROM books WHERE uuid = ?)
        AND author_id = (SELECT id FROM authors WHERE uuid = ?) LIMIT 1
        """

    private static let bookGenre = """
        SELECT 1 FROM book_genres WHERE book_id = (SELECT id FROM books WHERE uuid = ?)
        AND genre_id = (SELECT id FROM genres WHERE uuid = ?)
        """

    private static let bandGenre = """
        SELECT 1 FROM band_genres WHERE band_id = (SELECT id FROM bands WHERE uuid = ?)
        AND genre_id = (SELECT id FROM genres WHERE uuid = ?)
        """

    /// Two authors credited on one book.
    private static let coauthors = """
        SELECT 1 FROM book_authors mine JOIN book_authors other ON other.book_id = mine.book_id
        WHERE mine.author_id = (SELECT id FROM authors WHERE uuid = ?)
        AND other.author_id = (SELECT id FROM authors WHERE uuid = ?) LIMIT 1
        """
}
