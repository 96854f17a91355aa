public import Foundation
public import SQLiteDB

/// Authors (and every other person credited on a book): fetch, create, update, delete and the lists of
/// authors.
public struct AuthorRepository {
    let db: Database

    /// A repository over `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    // MARK: Fetching

    /// The author with row id `id`, or `nil`.
    public func find(id: Int64) throws -> Author? {
        try db.fetchOne(Author.self, Self.selectByID, [id])
    }

    /// The author with `uuid`, or `nil`.
    public func find(uuid: UUID) throws -> Author? {
        try db.fetchOne(Author.self, Self.selectByUUID, [uuid])
    }

    /// The author with `uuid`.
    ///
    /// - Throws: ``CatalogError/notFound(_:uuid:)`` ("no author with uuid …") when there is none.
    public func get(uuid: UUID) throws -> Author {
        guard let author = try find(uuid: uuid) else { throw CatalogError.notFound(.author, uuid: uuid) }
        return author
    }

    /// The authors whose name matches `name` regardless of case, diacritics and spacing, by row id.
    public func find(named name: String) throws -> [Author] {
        try db.fetchAll(Author.self, Self.selectByNameKey, [FoldKey.of(name)])
    }

    /// The number of authors.
    public func count() throws -> Int {
        try BrowsingList.authors.count(in: db)
    }

    // MARK: Writing

    /// Creates an author from `draft`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for an empty name.
    @discardableResult
    public func create(_ draft: AuthorDraft) throws -> Author {
        let values = try Values(draft)
        let arguments = [draft.uuid ?? UUID()] + values.arguments
        guard let author = try db.fetchOne(Author.self, CatalogTables.authors.insert, arguments) else {
            throw CatalogError.invalidValue(field: "author", value: draft.name, reason: "not saved")
        }
        return author
    }

    /// Replaces the fields of author `id` with those of `draft` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such author.
    @discardableResult
    public func update(id: Int64, with draft: AuthorDraft) throws -> Author {
        let values = try Values(draft)
        guard let author = try db.fetchOne(Author.self, CatalogTables.authors.update, values.arguments + [id]) else {
            throw CatalogError.missingRow(.author, id: id)
        }
        return author
    }

    /// Deletes author `id` and their credits; their books stay, with their other authors.
    ///
    /// - Returns: whether there was such an author.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try db.execute("DELETE FROM authors WHERE id = ?", [id])
        return db.changes > 0
    }

    // MARK: Lists

    /// All authors by sort name.
    public func page(after cursor: PageCursor?, limit: Int) throws -> Page<Author> {
        try BrowsingList.authors.page(in: db, after: cursor, limit: limit)
    }

    /// The people credited on a book together with author `authorID` (in any role), by sort name.
    public func page(coauthorsOf authorID: Int64, after cursor: PageCursor?, limit: Int) throws -> Page<Author> {
        try BrowsingList.coauthors(of: authorID).page(in: db, after: cursor, limit: limit)
    }

    /// The number of co-authors of author `authorID`.
    public func count(coauthorsOf authorID: Int64) throws -> Int {
        try BrowsingList.coauthors(of: authorID).count(in: db)
    }

    // MARK: SQL

    /// A draft's fields, checked and normalized, in the order of the table description's `draftColumns`.
    package struct Values {
        package let arguments: StatementArguments

        package init(_ draft: AuthorDraft) throws {
            let name = try Validation.name(draft.name, field: "author name")
            let sortName = try Validation.sortName(draft.sortName, field: "author sort name") {
                SortName.forPerson(name)
            }
            arguments = [
                name, sortName, FoldKey.of(name), FoldKey.of(sortName),
                TextNormalization.cleanOrNil(draft.disambiguation),
            ]
        }
    }

    package static let columns = CatalogTables.authors.selection
    static let selectByID = "SELECT \(columns) FROM authors a WHERE a.id = ?"
    package static let selectByUUID = "SELECT \(columns) FROM authors a WHERE a.uuid = ?"
    static let selectByNameKey = "SELECT \(columns) FROM authors a WHERE a.name_key = ? ORDER BY a.id"
    static let coauthorFilter = """
        a.id IN (SELECT other.author_id FROM book_authors mine
            JOIN book_authors other ON other.book_id = mine.book_id
            WHERE mine.author_id = ? AND other.author_id <> mine.author_id)
        """
}
