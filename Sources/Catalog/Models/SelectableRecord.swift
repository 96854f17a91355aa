package import SQLiteDB

/// A type read from the first ``columnCount`` columns of a row, by index, so a query can append more
/// columns (the keys of a page) after them.
package protocol SelectableRecord: RowDecodable, Sendable {
    /// How many columns the type reads.
    static var columnCount: Int { get }
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
