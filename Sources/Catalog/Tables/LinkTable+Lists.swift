package import SQLiteDB

extension LinkTable {
    /// Inserts rows of one owner with one statement (``insertFromOwner(rows:)``); nothing when there are none.
    ///
    /// - Parameter rows: each row's ``columns``, references as row ids.
    /// - Throws: `DatabaseError` when a row is refused (a reference to no row, the same row twice): none is
    ///   inserted then.
    package func insert(_ rows: [[DatabaseValue]], of ownerID: Int64, in db: Database) throws {
        guard !rows.isEmpty else { return }
        try db.execute(insertFromOwner(rows: rows.count), rows.flatMap { $0 } + [.integer(ownerID)])
    }

    /// Inserts the owner's list of references (a book's or a band's genres), positions in list order.
    ///
    /// - Precondition: the table's columns are the reference, then `position`.
    package func insert(_ references: [Int64], of ownerID: Int64, in db: Database) throws {
        try insert(rows(references), of: ownerID, in: db)
    }

    /// The rows of the owner's list of references: each reference and its position in list order.
    ///
    /// - Precondition: the table's columns are the reference, then `position`.
    func rows(_ references: [Int64]) -> [[DatabaseValue]] {
        precondition(columns.count == 2 && columns[1].name == "position", "\(name) is not a list of references")
        return references.enumerated().map { [.integer($1), .integer(Int64($0))] }
    }
}
