public import Foundation
public import SQLiteDB

/// The rows of one kind of catalog entity: fetch, count and delete them, the same way for every kind.
///
/// Each kind adds what is its own (drafts, lists, links) in an extension: ``BookRepository``,
/// ``AuthorRepository``, ``GenreRepository``, ``BandRepository``.
///
/// ```swift
/// let books = BookRepository(db)
/// let hobbit = try books.create(BookDraft(title: "The Hobbit", year: 1937))
/// try books.setCredits([BookCredit(authorID: tolkien.id)], of: hobbit.id)
/// let page = try books.page(byAuthor: tolkien.id, after: nil, limit: 50)
/// ```
public struct EntityRepository<Entity: CatalogEntity> {
    let db: Database

    /// A repository over `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    /// The entity's table.
    var table: EntityTable { Entity.kind.table }

    /// The columns of the entity's model, as its table's description selects them.
    package static var columns: String { Entity.kind.table.selection }
    /// The statement that selects the entity with a given uuid.
    package static var selectByUUID: String { Entity.kind.table.selectByUUID }
    /// The statement that selects the entity with a given row id.
    package static var selectByID: String { Entity.kind.table.selectByID }

    // MARK: Fetching

    /// The entity with row id `id`, or `nil`.
    public func find(id: Int64) throws -> Entity? {
        try db.fetchOne(Entity.self, table.selectByID, [id])
    }

    /// The entity with `uuid`, or `nil`.
    public func find(uuid: UUID) throws -> Entity? {
        try db.fetchOne(Entity.self, table.selectByUUID, [uuid])
    }

    /// The entity with `uuid`.
    ///
    /// - Throws: ``CatalogError/notFound(_:uuid:)`` ("no book with uuid …") when there is none.
    public func get(uuid: UUID) throws -> Entity {
        guard let entity = try find(uuid: uuid) else { throw CatalogError.notFound(Entity.kind, uuid: uuid) }
        return entity
    }

    /// The number of entities of the kind.
    public func count() throws -> Int {
        try db.fetchOne(Int.self, "SELECT count(*) FROM \(table.name)") ?? 0
    }

    // MARK: Writing

    /// Deletes the entity `id` with its links (what it links to stays: a book's authors, a band's genres); a
    /// genre's children lose their parent.
    ///
    /// - Returns: whether there was such an entity.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try db.execute("DELETE FROM \(table.name) WHERE id = ?", [id])
        return db.changes > 0
    }

    /// Inserts a row from a draft's checked values (the table's `draftColumns`, in order) and returns it.
    ///
    /// - Parameter name: the draft's name or title, for the error.
    func insert(uuid: UUID?, _ values: StatementArguments, name: String) throws -> Entity {
        guard let entity = try db.fetchOne(Entity.self, table.insert, [uuid ?? UUID()] + values) else {
            throw CatalogError.invalidValue(field: Entity.kind.rawValue, value: name, reason: "not saved")
        }
        return entity
    }

    /// Replaces the draft's fields of row `id` with checked values and returns the row.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such row.
    func update(id: Int64, _ values: StatementArguments) throws -> Entity {
        guard let entity = try db.fetchOne(Entity.self, table.update, values + [id]) else {
            throw CatalogError.missingRow(Entity.kind, id: id)
        }
        return entity
    }

    /// Replaces the rows of `link` owned by entity `id` by `rows`, in one transaction.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the entity does not exist; `DatabaseError` when a row
    ///   is refused.
    func replace(_ link: LinkTable, of id: Int64, with rows: () throws -> [[DatabaseValue]]) throws {
        try db.transaction(.immediate) {
            guard try db.fetchOne(Int.self, "SELECT 1 FROM \(table.name) WHERE id = ?", [id]) != nil else {
                throw CatalogError.missingRow(Entity.kind, id: id)
            }
            try db.execute(link.deleteOfOwner, [id])
            try link.insert(try rows(), of: id, in: db)
        }
    }
}
