import SQLiteDB

/// Rows for one table, held until ``write(to:)`` inserts them with a few multi-row `INSERT`s.
///
/// One statement of many rows costs SQLite one statement start, one statement journal and one pass through its
/// program's prologue where a statement per row pays each of them per row.
struct StagedRows {
    /// Rows a statement inserts at most: 64 rows of 9 values stay far below SQLite's limit on parameters.
    static let rowsPerStatement = 64

    private let into: String
    private let width: Int
    private var values: StatementArguments = []

    /// - Parameters:
    ///   - table: The table, qualified when it is a temporary one.
    ///   - columns: The columns every row gives, in order.
    init(_ table: String, columns: [String]) {
        into = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        width = columns.count
    }

    var count: Int { values.count / width }

    /// Adds a row: a value for each column, in order.
    mutating func append(_ row: StatementArguments) {
        precondition(row.count == width, "a staged row gives every column")
        values += row
    }

    /// Inserts the rows in order and forgets them.
    mutating func write(to db: Database) throws {
        var row = 0
        while row < count {
            let rows = min(Self.rowsPerStatement, count - row)
            let statement = try db.cachedStatement(
                into
                    + Array(
                        repeating: "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")",
                        count: rows
                    ).joined(separator: ", "))
            statement.reset()
            let first = row * width
            for index in 0..<(rows * width) { try statement.bind(values[first + index], at: index + 1) }
            while try statement.step() {}
            row += rows
        }
        values.removeAll(keepingCapacity: true)
    }
}
