import SQLiteDB

/// Rows for one table, held until ``write(to:at:)`` inserts them, one prepared single-row `INSERT` each.
///
/// One row per statement, since a statement of several rows (or one that fires a trigger) is one SQLite must be
/// able to undo alone inside the transaction: it opens a statement journal for it, and once the page cache is full
/// of the import's pages every page the statement evicts is written to that journal as well as to the WAL (at a
/// million books, 64 rows a statement wrote 6 GB to statement journals). A single-row insert into a table without
/// insert triggers needs none.
struct StagedRows {
    private let insert: String
    private let width: Int
    /// How many columns after the given ones take the time of the write.
    private let stamps: Int
    private var values: StatementArguments = []

    /// - Parameters:
    ///   - table: The table, qualified when it is a temporary one.
    ///   - columns: The columns every row gives, in order.
    ///   - stamped: Columns set to the time of the write, as their default `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
    ///     sets them. SQLite works a default out again for every row (2,000,000 took a second); this is bound once.
    init(_ table: String, columns: [String], stamped: [String] = []) {
        let written = columns + stamped
        insert =
            "INSERT INTO \(table) (\(written.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: written.count).joined(separator: ", ") + ")"
        width = columns.count
        stamps = stamped.count
    }

    var count: Int { values.count / width }

    /// Adds a row: a value for each column, in order.
    mutating func append(_ row: StatementArguments) {
        precondition(row.count == width, "a staged row gives every column")
        values += row
    }

    /// Inserts the rows in order and forgets them; `time` (``Database/now()``, read once for every table written
    /// together) goes to the stamped columns.
    mutating func write(to db: Database, at time: String) throws {
        let statement = try db.cachedStatement(insert)
        if stamps > 0 {
            // Bound once: bindings outlast `reset()`, which binding needs first.
            statement.reset()
            for index in width..<width + stamps { try statement.bind(time, at: index + 1) }
        }
        for first in stride(from: 0, to: values.count, by: width) {
            statement.reset()
            for index in 0..<width { try statement.bind(values[first + index], at: index + 1) }
            while try statement.step() {}
        }
        values.removeAll(keepingCapacity: true)
    }
}
