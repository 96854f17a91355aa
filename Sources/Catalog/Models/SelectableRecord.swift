import SQLiteDB

/// A type read from the first ``columnCount`` columns of a row, by index, so a query can append more
/// columns (the keys of a page) after them.
protocol SelectableRecord: RowDecodable {
    static var columnCount: Int { get }
}

/// A model stored in one table, selected by the column names it lists, in order.
protocol TableRecord: SelectableRecord {
    static var columnNames: [String] { get }
}

extension TableRecord {
    static var columnCount: Int { columnNames.count }

    /// The column list for a SELECT, each column qualified by `alias`: `b.id, b.uuid, …`.
    static func selection(_ alias: String) -> String {
        columnNames.map { "\(alias).\($0)" }.joined(separator: ", ")
    }
}
