package import SQLInterface
package import SQLiteDB

extension EntityPayload {
    /// The entity of `table` whose uuid is `uuid` as it is in `db`, its links included, or `nil` when there is none.
    package static func read(_ table: EntityTable, uuid: String, in db: Database) throws -> EntityPayload? {
        guard let values = try rows(table.selectPayload, of: table.payloadColumns, uuid: uuid, in: db).first else {
            return nil
        }
        let links = try table.links.map { try rows($0.selectPayload, of: $0.columns, uuid: uuid, in: db) }
        return EntityPayload(table: table, values: values, links: links)
    }

    /// The rows of `sql`, whose one parameter is a uuid, each read as the values of `columns`.
    package static func rows(_ sql: String, of columns: [TableColumn], uuid: String, in db: Database) throws -> [Values]
    {
        let statement = try db.cachedStatement(sql)
        try statement.bind([uuid])
        defer { statement.reset() }
        var rows: [Values] = []
        while try statement.step() {
            let row = statement.row
            rows.append(try columns.indices.map { try columns[$0].value(in: row, at: $0) })
        }
        return rows
    }

    /// The entity of `table` whose uuid is `uuid` as it is on `connection`, SQLite's or PostgreSQL's, its links
    /// included, or `nil` when there is none: the same payload from the same statements on both databases.
    package static func read(_ table: EntityTable, uuid: String, on connection: some SQLConnection) throws
        -> EntityPayload?
    {
        guard let values = try rows(table.selectPayload, of: table.payloadColumns, uuid: uuid, on: connection).first
        else { return nil }
        let links = try table.links.map { try rows($0.selectPayload, of: $0.columns, uuid: uuid, on: connection) }
        return EntityPayload(table: table, values: values, links: links)
    }

    /// The rows of `sql`, whose one parameter is a uuid, each read as the values of `columns`: an integer column
    /// as an integer, whatever type the database gave it.
    private static func rows(
        _ sql: String, of columns: [TableColumn], uuid: String, on connection: some SQLConnection
    ) throws -> [Values] {
        try connection.fetch(sql, with: [.text(uuid)]) { row in
            try columns.indices.map { index in
                if row.isNull(at: index) { return .null }
                switch columns[index].type {
                case .integer: return .integer(try row.required(row.int64(at: index), at: index))
                case .text: return .text(try row.required(row.string(at: index), at: index))
                }
            }
        }
    }
}
