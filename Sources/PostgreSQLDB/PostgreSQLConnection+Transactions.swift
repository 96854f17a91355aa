internal import CLibPQ
import SQLInterface

/// The isolation level of a transaction (https://www.postgresql.org/docs/current/transaction-iso.html).
public enum PostgreSQLIsolationLevel: String, Sendable, CaseIterable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// Every statement sees one snapshot taken at the first statement: a consistent read across many queries
    /// (e.g. a snapshot export). A write that conflicts with a concurrent commit fails with `40001`.
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after the other; conflicts fail with `40001`.
    case serializable = "SERIALIZABLE"
}

extension PostgreSQLConnection {
    /// Whether a transaction is open on this connection (also when it has failed and awaits its rollback).
    public var isInTransaction: Bool {
        let status = clibpq_transactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Inside another transaction it becomes a savepoint (the isolation level is the outer one's), so functions
    /// that need atomicity compose.
    ///
    /// ```swift
    /// try connection.transaction(isolation: .repeatableRead, readOnly: true) {
    ///     let books = try connection.execute("SELECT … FROM books")
    ///     let authors = try connection.execute("SELECT … FROM authors")  // the same snapshot
    /// }
    /// ```
    /// - Throws: what `body` throws (after rolling back), or ``PostgreSQLError`` when BEGIN or COMMIT fails (a
    ///   commit can fail with `40001` at ``PostgreSQLIsolationLevel/serializable``).
    @discardableResult
    public func transaction<T>(
        isolation: PostgreSQLIsolationLevel = .readCommitted, readOnly: Bool = false, _ body: () throws -> T
    ) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)\(readOnly ? " READ ONLY" : "")")
        let result: T
        do {
            result = try body()
            // A statement failed and `body` caught its error: PostgreSQL would answer COMMIT with a silent
            // ROLLBACK, so say it instead of returning as if the work were saved.
            guard clibpq_transactionStatus(handle) != PQTRANS_INERROR else {
                throw PostgreSQLError(
                    kind: .statement, sqlState: .inFailedSQLTransaction,
                    message: "a statement of the transaction failed and its error was caught, so the transaction "
                        + "was rolled back instead of committed",
                    hint: "let the error leave the transaction's closure, or run the failing statement in a "
                        + "nested transaction (a savepoint)",
                    target: target)
            }
            try execute("COMMIT")
        } catch {
            if isInTransaction { _ = try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint of the open transaction: released when it returns, rolled back to when it
    /// throws, leaving the transaction usable as it was before.
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        try inSavepoint(body)
    }
}
