package import Catalog
import Foundation
package import PostgreSQLDB
import SQLiteDB

extension EntityPayload {
    /// The entity of `table` whose uuid is `uuid` as it is in the PostgreSQL database of `connection`, its links
    /// included, or `nil` when there is none: the same payload SQLite's feed reads, from the same tables.
    package static func read(_ table: EntityTable, uuid: String, on connection: PostgreSQLConnection) throws
        -> EntityPayload?
    {
        guard let values = try rows(table.selectPayload, of: table.payloadColumns, uuid: uuid, on: connection).first
        else { return nil }
        let links = try table.links.map { try rows($0.selectPayload, of: $0.columns, uuid: uuid, on: connection) }
        return EntityPayload(table: table, values: values, links: links)
    }

    /// The rows of `sql`, whose one parameter (`?`, SQLite's placeholder, numbered for PostgreSQL) is a uuid, each
    /// read as the values of `columns`.
    private static func rows(
        _ sql: String, of columns: [TableColumn], uuid: String, on connection: PostgreSQLConnection
    ) throws -> [Values] {
        try connection.execute(PostgreSQLCatalogReader.numbered(sql), [uuid]).map { row in
            try columns.indices.map { index in
                if row.isNull(at: index) { return .null }
                switch columns[index].type {
                case .integer: return .integer(try row.value(at: index))
                case .text: return .text(try row.value(at: index))
                }
            }
        }
    }
}
