public import SQLiteDB

/// The current state of one entity in a change: the columns its table's description says a change carries
/// (every stored column but the row id, references as uuids) and the rows of its link tables.
///
/// As JSON, an object of the columns' keys (a column that is NULL is left out) and one array per link table:
/// `{"uuid":"…","title":"Kindred","year":1979,…,"authors":[{"author":"…","role":"author","position":0}],"genres":[…]}`.
/// Timestamps and sort keys are the stored text, so a client copy holds exactly what the server holds.
public struct EntityPayload: Sendable {
    /// One row's values, in the order of the columns that describe them.
    package typealias Values = [DatabaseValue]

    /// The description of the entity's table.
    package let table: EntityTable
    /// The values of `table.payloadColumns`, in order.
    package var values: Values
    /// The rows of each of `table.links`, in order; each row the values of the link's columns.
    package var links: [[Values]]

    package init(table: EntityTable, values: Values, links: [[Values]]) {
        self.table = table
        self.values = values
        self.links = links
    }

    /// The kind of the entity.
    public var kind: EntityKind { table.kind }

    /// The entity's uuid, lowercase.
    public var uuid: String {
        // The description puts the uuid first among the payload columns.
        guard case .text(let uuid) = values[0] else { return "" }
        return uuid
    }

    /// The value of the column whose key is `key` (`"title"`, `"sortKey"`): `.null` when the entity has none, `nil`
    /// when its table has no such column.
    public subscript(key: String) -> DatabaseValue? {
        table.payloadPosition(ofKey: key).map { values[$0] }
    }

    /// The rows of the link table listed under `key` (`"authors"`), or `nil` when the table has no such link.
    package func links(_ key: String) -> [Values]? {
        table.links.firstIndex { $0.key == key }.map { links[$0] }
    }

    /// When the entity last changed (ISO 8601 text).
    package var updatedAt: DatabaseValue { self["updatedAt"] ?? .null }
}

extension EntityPayload: Hashable {
    public static func == (lhs: EntityPayload, rhs: EntityPayload) -> Bool {
        lhs.table.name == rhs.table.name && lhs.values == rhs.values && lhs.links == rhs.links
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(table.name)
        hasher.combine(values)
        hasher.combine(links)
    }
}
