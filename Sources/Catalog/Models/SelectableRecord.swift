package import SQLInterface
package import SQLiteDB

/// A type read from the first ``columnCount`` columns of a row, by index, so a query can append more
/// columns (the keys of a page) after them.
package protocol SelectableRecord: RowDecodable, Sendable {
    /// How many columns the type reads.
    static var columnCount: Int { get }

    /// Reads the type's columns from a row of either database: the one decoder of the type.
    init(columns row: some SQLColumns) throws
}

/// A model stored in one table, read from the columns its table's description selects
/// (``EntityTable/selection``), each at the position the description gives it.
protocol TableRecord: SelectableRecord {
    /// The description of the model's table.
    static var table: EntityTable { get }
}

extension TableRecord {
    package static var columnCount: Int { table.modelColumns.count }
}

extension SQLConnection {
    /// The records `sql` selects, in order, read by their one decoder.
    package func records<Item: SelectableRecord>(
        _ type: Item.Type, _ sql: String, _ arguments: [DatabaseValue] = []
    ) throws -> [Item] {
        try fetch(sql, with: arguments) { try Item(columns: $0) }
    }

    /// The first record `sql` selects, or `nil`.
    package func record<Item: SelectableRecord>(
        _ type: Item.Type, _ sql: String, _ arguments: [DatabaseValue] = []
    ) throws -> Item? {
        try records(type, sql, arguments).first
    }
}
