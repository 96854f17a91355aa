import SQLInterface
package import SQLiteDB

/// The SQL of one keyset-paginated list, built once: a first-page statement and a next-page statement that
/// continues after the sort key of the last row (`WHERE (k1, k2) > (?, ?)`, which the database answers from the
/// list's index), never an OFFSET. The statements use only SQL that SQLite and PostgreSQL read alike (row values,
/// `LIMIT ?`), so a PostgreSQL catalog pages with the same statements and the same cursors.
package struct KeysetQuery<Item: SelectableRecord>: Sendable {
    /// Names the list inside its cursors.
    package let list: String
    let keyCount: Int
    private let firstSQL: String
    private let nextSQL: String

    /// - Parameters:
    ///   - columns: the item's columns, then nothing else: the keys are appended.
    ///   - from: the FROM clause with its joins.
    ///   - filter: a condition with the list's own parameters (`ba.author_id = ?`), or `nil`.
    ///   - keys: the sort columns, ending with a unique one, in the order of an index.
    ///   - distinct: whether a join can repeat a row (an author credited twice on one book).
    init(list: String, columns: String, from: String, filter: String?, keys: [String], distinct: Bool = false) {
        self.list = list
        keyCount = keys.count
        let keyList = keys.joined(separator: ", ")
        let select = "SELECT \(distinct ? "DISTINCT " : "")\(columns), \(keyList) FROM \(from)"
        let after = "(\(keyList)) > (\(keys.map { _ in "?" }.joined(separator: ", ")))"
        let order = "ORDER BY \(keyList) LIMIT ?"
        firstSQL = "\(select)\(filter.map { " WHERE \($0)" } ?? "") \(order)"
        nextSQL = "\(select) WHERE \(filter.map { "\($0) AND " } ?? "")\(after) \(order)"
    }

    /// The page after `cursor` (or the first page), of at most `limit` items.
    func page(
        in connection: some SQLConnection, arguments: [DatabaseValue] = [], after cursor: PageCursor?, limit: Int
    ) throws -> Page<Item> {
        let (sql, extra) = try statement(after: cursor, limit: limit)
        let rows = try connection.fetch(sql, with: arguments + extra) { try KeyedRow<Item>(columns: $0) }
        return try page(of: rows, limit: limit)
    }

    /// The statement of the page after `cursor` and the parameters it takes after the list's own: the cursor's
    /// keys, then the row limit (one more than `limit`, see ``page(of:limit:)``).
    ///
    /// - Throws: ``CatalogError/invalidLimit(_:)``; ``CatalogError/invalidCursor(reason:)`` for a cursor that is
    ///   not one of this list's.
    package func statement(after cursor: PageCursor?, limit: Int) throws -> (sql: String, arguments: [DatabaseValue]) {
        guard (1...Page<Item>.maximumLimit).contains(limit) else { throw CatalogError.invalidLimit(limit) }
        let more = DatabaseValue.integer(Int64(limit) + 1)
        guard let cursor else { return (firstSQL, [more]) }
        let keys = try cursor.keys(forList: list, count: keyCount)
        return (nextSQL, keys.map(\.value) + [more])
    }

    /// The page made of `rows`, the answer of a ``statement(after:limit:)``: one row more than asked tells whether
    /// a next page exists without a second query, and the last row kept gives the next page's cursor.
    func page(of rows: [KeyedRow<Item>], limit: Int) throws -> Page<Item> {
        var rows = rows
        var next: PageCursor?
        if rows.count > limit {
            rows.removeLast(rows.count - limit)
            if let last = rows.last {
                next = PageCursor(list: list, keys: try last.keys.map(PageCursor.Key.init))
            }
        }
        return Page(items: rows.map(\.item), next: next)
    }
}

/// An item followed by the sort-key columns of its list (integers or text).
struct KeyedRow<Item: SelectableRecord> {
    let item: Item
    let keys: [DatabaseValue]

    init(columns row: some SQLColumns) throws {
        item = try Item(columns: row)
        keys = (Item.columnCount..<row.count).map(row.value(at:))
    }
}
