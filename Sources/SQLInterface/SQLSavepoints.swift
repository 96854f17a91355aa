/// A connection that nests a transaction inside an open one as a savepoint: the one savepoint routine both drivers'
/// `savepoint(_:)` run.
package protocol SQLSavepoints: SQLConnection, AnyObject {
    /// How many savepoints are open on the connection, which names the next one.
    var savepointDepth: Int { get set }

    /// Whether a transaction is open on the connection (on PostgreSQL also one that failed and awaits its rollback).
    var isInTransaction: Bool { get }
}

extension SQLSavepoints {
    /// Runs `body` inside a savepoint: released when it returns, rolled back to when it throws, leaving the enclosing
    /// transaction (if any) as it was before the savepoint.
    ///
    /// - Throws: what `body` throws (after rolling back to the savepoint), or the driver's error.
    package func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        let name = "savepoint\(savepointDepth)"
        try execute("SAVEPOINT \(name)", with: [])
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let result: T
        do {
            result = try body()
            try execute("RELEASE SAVEPOINT \(name)", with: [])
        } catch {
            // After an I/O error SQLite may already have rolled back the whole transaction, and a PostgreSQL
            // connection that lost its server has none left either: then there is no savepoint to go back to.
            if isInTransaction {
                try? execute("ROLLBACK TO SAVEPOINT \(name)", with: [])
                try? execute("RELEASE SAVEPOINT \(name)", with: [])
            }
            throw error
        }
        return result
    }
}
