public import Foundation
package import SQLInterface
public import SQLiteDB

/// A person credited on books: an author, a translator, an illustrator …
public struct Author: Sendable, Codable, Hashable, Identifiable {
    /// The row id: stable in this database only. Refer to an author from outside by ``uuid``.
    public var id: Int64
    /// The public identity of the author.
    public var uuid: UUID
    /// The name as written: "J. R. R. Tolkien".
    public var name: String
    /// The name as sorted: "Tolkien, J. R. R.".
    public var sortName: String
    /// Tells apart people who share a name: "English writer, 1892–1973".
    public var disambiguation: String?
    /// When the row was created.
    public var createdAt: Date
    /// When the row last changed.
    public var updatedAt: Date
}

extension Author: TableRecord {
    static var table: EntityTable { CatalogTables.authors }

    /// Reads a row of the authors table's model columns, at the positions its description gives them, on either
    /// database.
    package init(columns: some SQLColumns) throws {
        let row = EntityRow(columns, of: Self.table)
        self.init(
            id: try row.id, uuid: try row.uuid, name: try row.requiredString("name"),
            sortName: try row.requiredString("sort_name"), disambiguation: row.string("disambiguation"),
            createdAt: try row.createdAt, updatedAt: try row.updatedAt)
    }

    /// Reads a row of the table's model columns, by index.
    public init(row: Row) throws {
        try self.init(columns: row)
    }
}

/// What a caller gives to create or change an ``Author``.
public struct AuthorDraft: Sendable, Codable, Hashable {
    /// The name as written; must not be empty.
    public var name: String
    /// The sort name, or `nil` to derive it ("Ursula K. Le Guin" → "Le Guin, Ursula K.").
    public var sortName: String?
    /// Tells apart people who share a name.
    public var disambiguation: String?
    /// The uuid to give a new author, or `nil` for a random one. Ignored by updates.
    public var uuid: UUID?

    /// Creates a draft.
    public init(name: String, sortName: String? = nil, disambiguation: String? = nil, uuid: UUID? = nil) {
        self.name = name
        self.sortName = sortName
        self.disambiguation = disambiguation
        self.uuid = uuid
    }
}
