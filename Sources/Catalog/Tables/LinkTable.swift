/// The description of one link table (`book_authors`, `book_genres`, `band_genres`): an ordered list of rows that
/// belongs to one entity, its owner, and that a change of the owner carries. Every link table has a `position`
/// column, the order of the list.
package struct LinkTable: Sendable {
    /// A column the database fills from the owner row (a copy of its sort key …), so the browsing lists page
    /// straight off the link table's index.
    package struct Copy: Sendable {
        /// The column's name: `book_sort_key`.
        package let name: String
        /// What it holds, as SQL over the owner row: `sort_key`, `coalesce(year, 10000)`.
        package let source: String

        package init(_ name: String, from source: String) {
            self.name = name
            self.source = source
        }
    }

    /// The table's name: `book_authors`.
    package let name: String
    /// The alias the derived SQL gives the table: `ba`.
    package let alias: String
    /// The key of the list in the owner's change payload: `authors`.
    package let key: String
    /// The column holding the owner's row id: `book_id`.
    package let owner: TableColumn
    /// The columns a change carries, in order: `author_id` (as the author's uuid), `role`, `position`.
    package let columns: [TableColumn]
    /// The columns copied from the owner row.
    package let copies: [Copy]
    /// The trigger (migration 0001) that fills the copies of an inserted row that leaves them `NULL`.
    package var copiesTrigger: String { "\(name)_fill_sort_keys" }

    /// The reference columns among ``columns``: position and the table each points at.
    package let references: [(position: Int, table: String)]
    private let insertsFromOwner: SQLByRowCount
    private let inserts: SQLByRowCount
    /// Deletes the rows of the owner whose row id is the parameter.
    package let deleteOfOwner: String
    /// Inserts the rows of many owners at once, from a JSON array (the parameter) of rows, each an array of the
    /// owner's row id and ``columns`` with references as uuids; a row whose reference names no row is left out. For
    /// a writer of many owners' lists (a client catching up): one statement a batch where ``insertFromOwner(rows:)``
    /// takes one an owner. The rows go in the array's order (`CROSS JOIN` keeps SQLite from reading another table
    /// first).
    package let insertFromJSON: String
    /// The rows of the owner whose uuid is the parameter, ``columns`` with references as uuids, in list order.
    package let selectPayload: String
    /// Every column, the owner and references as uuids: what tells two copies of a catalog apart.
    package let everyColumn: UUIDSelection

    /// Inserts `count` rows of one owner: ``columns`` of each row (references as row ids), the rows one after
    /// the other, then the owner's id, whose row gives the copies.
    ///
    /// One statement for an owner's whole list opens one statement journal, where a statement per row opens one
    /// per row (triggers and foreign keys make every insert into a link table a statement SQLite must be able to
    /// undo alone).
    package func insertFromOwner(rows count: Int) -> String { insertsFromOwner[count] }

    /// Inserts `count` rows, each the owner's id, ``columns`` (references as row ids) and the copies: for a writer
    /// that knows the copies already (an import). Plain `VALUES` cost an import's statements 8% fewer instructions
    /// than ``insertFromOwner(rows:)``, whose rows SQLite joins with the owner's row first.
    package func insert(rows count: Int) -> String { inserts[count] }

    /// Describes a link table and derives its SQL.
    ///
    /// - Parameters:
    ///   - owner: the column holding the owner's row id, in `ownerTable`.
    ///   - columns: the columns a change carries; one of them is `position`.
    package init(
        _ name: String, alias: String, key: String, owner: String, of ownerTable: String, columns: [TableColumn],
        copies: [Copy]
    ) {
        precondition(columns.contains { $0.name == "position" }, "a link table is ordered by its position column")
        self.name = name
        self.alias = alias
        self.key = key
        self.owner = .reference(owner, key: owner, to: ownerTable, required: true)
        self.columns = columns
        self.copies = copies
        references = columns.enumerated().compactMap { position, column in column.references.map { (position, $0) } }

        let names = [owner] + columns.map(\.name) + copies.map(\.name)
        let into = "INSERT INTO \(name) (\(names.joined(separator: ", ")))"
        let fromOwner =
            (["o.id"] + columns.indices.map { "v.column\($0 + 1)" } + copies.map(\.source))
            .joined(separator: ", ")
        insertsFromOwner = SQLByRowCount(width: columns.count) { rows in
            "\(into) SELECT \(fromOwner) FROM (VALUES \(rows)) AS v, \(ownerTable) AS o WHERE o.id = ?"
        }
        inserts = SQLByRowCount(width: names.count) { rows in "\(into) VALUES \(rows)" }
        var listed = ["j.value ->> 0 AS owner"]
        var joins = ""
        for (position, column) in columns.enumerated() {
            let value = "j.value ->> \(position + 1)"
            if let table = column.references {
                joins += " CROSS JOIN \(table) AS r\(position) ON r\(position).uuid = \(value)"
                listed.append("r\(position).id AS column\(position + 1)")
            } else {
                listed.append("\(value) AS column\(position + 1)")
            }
        }
        insertFromJSON = """
            \(into) SELECT \(fromOwner) \
            FROM (SELECT \(listed.joined(separator: ", ")) FROM json_each(?) AS j\(joins)) AS v \
            CROSS JOIN \(ownerTable) AS o ON o.id = v.owner
            """
        deleteOfOwner = "DELETE FROM \(name) WHERE \(owner) = ?"
        let payload = UUIDSelection(columns, of: name, alias: alias)
        // Positions can tie in rows written by another client (book_genres defaults them to 0): the uuids decide.
        let order = ["\(alias).position"] + references.map { payload.expressions[$0.position] }
        selectPayload = """
            SELECT \(payload.list) FROM \(payload.from) \
            WHERE \(alias).\(owner) = (SELECT id FROM \(ownerTable) WHERE uuid = ?) \
            ORDER BY \(order.joined(separator: ", "))
            """
        var every = UUIDSelection([self.owner] + columns, of: name, alias: alias)
        every.expressions += copies.map { "\(alias).\($0.name)" }
        everyColumn = every
    }
}

/// A statement over a number of rows of parameters, made once for the counts most lists have.
private struct SQLByRowCount: Sendable {
    private let make: @Sendable (_ rows: String) -> String
    private let width: Int
    /// Index `n` holds the statement for `n + 1` rows.
    private let common: [String]

    /// - Parameters:
    ///   - width: the parameters of a row.
    ///   - make: the statement, given its rows: `(?, ?), (?, ?)`.
    init(width: Int, _ make: @escaping @Sendable (_ rows: String) -> String) {
        self.make = make
        self.width = width
        common = (1...8).map { Self.statement(make, width: width, rows: $0) }
    }

    subscript(rows: Int) -> String {
        precondition(rows > 0, "a statement inserts at least one row")
        return common.indices.contains(rows - 1) ? common[rows - 1] : Self.statement(make, width: width, rows: rows)
    }

    private static func statement(_ make: (String) -> String, width: Int, rows: Int) -> String {
        make(Array(repeating: "(\(EntityTable.parameters(width)))", count: rows).joined(separator: ", "))
    }
}
