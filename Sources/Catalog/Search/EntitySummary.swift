public import Foundation
package import SQLInterface
public import SQLiteDB

/// Any catalog entity by kind, identity and display name: a search hit, or what a navigation layer needs to
/// show and validate a reference (`book/<uuid>`).
public struct EntitySummary: Sendable, Codable, Hashable {
    /// Book, author, genre or band.
    public var kind: EntityKind
    /// The row id.
    public var id: Int64
    /// The public identity.
    public var uuid: UUID
    /// The title of a book, the name of anything else.
    public var name: String
}

extension EntitySummary: RowDecodable {
    /// Reads `kind code, id, uuid, name` (the kind as in `search_index` rowids: 0 book … 3 band).
    public init(row: Row) throws {
        try self.init(columns: row)
    }

    /// Reads `kind code, id, uuid, name` from a row of either database.
    package init(columns row: some SQLColumns) throws {
        let code = try row.requiredInt64(at: 0)
        guard let kind = EntityKind(searchCode: code) else {
            throw CatalogError.invalidValue(field: "entity kind", value: "\(code)", reason: "not a kind code")
        }
        self.init(
            kind: kind, id: try row.requiredInt64(at: 1), uuid: try row.uuid(at: 2),
            name: try row.requiredString(at: 3))
    }
}
