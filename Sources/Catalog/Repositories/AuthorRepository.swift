import Foundation
package import SQLiteDB

/// Authors (and every other person credited on a book): fetch, create, update, delete and the lists of
/// authors.
public typealias AuthorRepository = EntityRepository<Author>

extension EntityRepository where Entity == Author {
    /// The authors whose name matches `name` regardless of case, diacritics and spacing, by row id.
    public func find(named name: String) throws -> [Author] {
        try db.fetchAll(Author.self, authorByNameKey, [FoldKey.of(name)])
    }

    /// Creates an author from `draft`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for an empty name.
    @discardableResult
    public func create(_ draft: AuthorDraft) throws -> Author {
        try insert(uuid: draft.uuid, try AuthorValues(draft).arguments, name: draft.name)
    }

    /// Replaces the fields of author `id` with those of `draft` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such author.
    @discardableResult
    public func update(id: Int64, with draft: AuthorDraft) throws -> Author {
        try update(id: id, try AuthorValues(draft).arguments)
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

    /// Whether author `a` shares a book with the author whose id is the parameter.
    static var coauthorFilter: String { coauthors }
}

/// An ``AuthorDraft``'s fields, checked and normalized, in the order of the table description's `draftColumns`.
package struct AuthorValues {
    package let arguments: StatementArguments

    package init(_ draft: AuthorDraft) throws {
        arguments =
            try Validation.sortedName(draft.name, sortName: draft.sortName, kind: "author", derived: SortName.forPerson)
            + [TextNormalization.cleanOrNil(draft.disambiguation)]
    }
}

private let authorByNameKey =
    "SELECT \(CatalogTables.authors.selection) FROM authors a WHERE a.name_key = ? ORDER BY a.id"
private let coauthors = """
    a.id IN (SELECT other.author_id FROM book_authors mine
        JOIN book_authors other ON other.book_id = mine.book_id
        WHERE mine.author_id = ? AND other.author_id <> mine.author_id)
    """
