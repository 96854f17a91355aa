public import Foundation
package import SQLInterface
public import SQLiteDB

/// A genre of books and of bands: "Fantasy", "Heavy metal".
public struct Genre: Sendable, Codable, Hashable, Identifiable {
    /// The row id: stable in this database only. Refer to a genre from outside by ``uuid``.
    public var id: Int64
    /// The public identity of the genre.
    public var uuid: UUID
    /// The name, unique in the catalog regardless of case and diacritics.
    public var name: String
    /// The row id of the broader genre, if any.
    public var parentID: Int64?
    /// When the row was created.
    public var createdAt: Date
    /// When the row last changed.
    public var updatedAt: Date
}

extension Genre: TableRecord {
    static var table: EntityTable { CatalogTables.genres }

    /// Reads a row of the genres table's model columns, at the positions its description gives them, on either
    /// database.
    package init(columns: some SQLColumns) throws {
        let row = EntityRow(columns, of: Self.table)
        self.init(
            id: try row.id, uuid: try row.uuid, name: try row.requiredString("name"),
            parentID: row.int64("parent_id"), createdAt: try row.createdAt, updatedAt: try row.updatedAt)
    }

    /// Reads a row of the table's model columns, by index.
    public init(row: Row) throws {
        try self.init(columns: row)
    }
}

/// What a caller gives to create or change a ``Genre``.
public struct GenreDraft: Sendable, Codable, Hashable {
    /// The name; must not be empty and must differ from every other genre's after folding.
    public var name: String
    /// The row id of the broader genre, or `nil`.
    public var parentID: Int64?
    /// The uuid to give a new genre, or `nil` for a random one. Ignored by updates.
    public var uuid: UUID?

    /// Creates a draft.
    public init(name: String, parentID: Int64? = nil, uuid: UUID? = nil) {
        self.name = name
        self.parentID = parentID
        self.uuid = uuid
    }
}
