import SQLiteDB

/// The SQL of one keyset-paginated list, built once: a first-page statement and a next-page statement that
/// continues after the sort key of the last row (`WHERE (k1, k2) > (?, ?)`, which SQLite answers from the
/// list's index), never an OFFSET.
struct KeysetQuery<Item: SelectableRecord> {
    /// Names the list inside its cursors.
    let list: String
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
        in db: Database, arguments: StatementArguments = [], after cursor: PageCursor?, limit: Int
    ) throws -> Page<Item> {
        guard (1...Page<Item>.maximumLimit).contains(limit) else { throw CatalogError.invalidLimit(limit) }
        var rows: [KeyedRow<Item>]
        if let cursor {
            let keys = try cursor.keys(forList: list, count: keyCount)
            rows = try db.fetchAll(
                KeyedRow<Item>.self, nextSQL, arguments + keys.map(\.argument) + [limit + 1])
        } else {
            rows = try db.fetchAll(KeyedRow<Item>.self, firstSQL, arguments + [limit + 1])
        }
        // One row more than asked tells whether a next page exists without a second query.
        var next: PageCursor?
        if rows.count > limit {
            rows.removeLast()
            if let last = rows.last {
                next = PageCursor(list: list, keys: try last.keys.map(PageCursor.Key.init))
            }
        }
        return Page(items: rows.map(\.item), next: next)
    }
}

/// An item followed by the sort-key columns of its list.
private struct KeyedRow<Item: SelectableRecord>: RowDecodable {
    let item: Item
    let keys: [DatabaseValue]

    init(row: Row) throws {
        item = try Item(row: row)
        keys = (Item.columnCount..<row.count).map(row.databaseValue(at:))
    }
}
