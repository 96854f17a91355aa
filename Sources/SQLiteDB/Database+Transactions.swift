internal import CSQLite

/// How a transaction takes its locks (https://sqlite.org/lang_transaction.html).
public enum TransactionKind: String, Sendable {
    /// Locks on first read or write. Read-only work.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, waiting up to the busy timeout. Use it for any transaction that
    /// writes: a deferred one that upgrades to a write can fail with `SQLITE_BUSY` without waiting.
    case immediate = "IMMEDIATE"
    /// Like `immediate`; in WAL mode the same.
    case exclusive = "EXCLUSIVE"

    /// The statement that begins such a transaction.
    var beginSQL: String {
        switch self {
        case .deferred: "BEGIN DEFERRED TRANSACTION"
        case .immediate: "BEGIN IMMEDIATE TRANSACTION"
        case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
        }
    }
}

extension Database {
    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Inside another transaction it becomes a savepoint, so functions that need atomicity compose.
    ///
    /// ```swift
    /// try db.transaction(.immediate) {
    ///     try db.execute("INSERT INTO authors(name) VALUES (?)", ["Ursula K. Le Guin"])
    ///     try db.execute("INSERT INTO book_authors(book_id, author_id) VALUES (?, ?)", [bookID, db.lastInsertedRowID])
    /// }
    /// ```
    /// - Throws: what `body` throws (after rolling back), or ``DatabaseError`` when BEGIN or COMMIT fails.
    @discardableResult
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        if isInTransaction {
            return try savepoint(body)
        }
        // Cached: a short read or save is a few statements, and parsing BEGIN and COMMIT each time costs more
        // than a small SELECT does.
        try cachedStatement(kind.beginSQL).execute()
        let result: T
        do {
            result = try body()
            try cachedStatement("COMMIT TRANSACTION").execute()
        } catch {
            rollbackIfActive()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back when it throws, leaving the
    /// enclosing transaction (if any) as it was before the savepoint.
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        try inSavepoint(body)
    }

    private func rollbackIfActive() {
        if isInTransaction {
            try? execute("ROLLBACK TRANSACTION")
        }
    }
}
