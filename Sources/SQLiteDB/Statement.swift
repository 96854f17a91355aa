internal import CSQLite
import Foundation

/// Positional statement arguments: `[1, "Dune", nil]`.
public typealias StatementArguments = [(any DatabaseValueConvertible)?]

/// A prepared SQL statement (https://sqlite.org/c3ref/stmt.html).
///
/// Get one from ``Database/prepare(_:)`` or, for SQL that runs often, ``Database/cachedStatement(_:)``.
public final class Statement {
    let handle: OpaquePointer
    /// The SQL the statement was prepared from.
    public let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The number of `?` / `:name` parameters.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// The number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The names of the result columns.
    public var columnNames: [String] { (0..<columnCount).map { row.columnName(at: $0) } }

    /// The current row; see ``Row`` for how long it stays valid.
    public var row: Row { Row(statement: handle) }

    // MARK: Binding

    /// Binds `value` to the parameter at `index` (1-based, as in SQLite).
    public func bind(_ value: (any DatabaseValueConvertible)?, at index: Int) throws {
        try check(bindValue(value?.databaseValue ?? .null, at: Int32(index)))
    }

    /// Binds `value` to the parameter named `name` (`":title"`, `"$title"` or `"@title"`).
    public func bind(_ value: (any DatabaseValueConvertible)?, named name: String) throws {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw DatabaseError(extendedResultCode: .SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
        }
        try check(bindValue(value?.databaseValue ?? .null, at: index))
    }

    /// Resets the statement and binds `arguments` to the parameters in order.
    ///
    /// - Throws: ``DatabaseError`` (`SQLITE_RANGE`) when the count differs from ``parameterCount``.
    public func bind(_ arguments: StatementArguments) throws {
        reset()
        guard arguments.count == parameterCount else { throw argumentCountError(given: arguments.count) }
        for (offset, argument) in arguments.enumerated() {
            try bind(argument, at: offset + 1)
        }
    }

    /// Resets the statement and binds `arguments` by parameter name.
    public func bind(_ arguments: [String: (any DatabaseValueConvertible)?]) throws {
        reset()
        sqlite3_clear_bindings(handle)
        for (name, argument) in arguments {
            try bind(argument, named: name)
        }
    }

    private func bindValue(_ value: DatabaseValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(var text):
            return text.withUTF8 { bytes in
                // An empty buffer may have no address; SQLite would store NULL for a null pointer.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return csqlite_bind_text(handle, index, "", 0)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    csqlite_bind_text(handle, index, $0, Int32(bytes.count))
                }
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return csqlite_bind_blob(handle, index, base, Int32(bytes.count))
            }
        }
    }

    // MARK: Running

    /// Advances to the next row.
    ///
    /// - Returns: `true` when a row is available in ``row``, `false` when the statement is done.
    /// - Throws: ``DatabaseError`` with this statement's SQL.
    @discardableResult
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            // The error sticks to the statement until it is reset; reset now so the next use starts clean.
            let error = DatabaseError(code: code, connection: sqlite3_db_handle(handle), sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Binds `arguments` and runs the statement to completion.
    public func execute(_ arguments: StatementArguments = []) throws {
        try bind(arguments)
        while try step() {}
    }

    /// Binds `values` to the parameters in order and runs the statement to completion.
    ///
    /// The fast path for statements run in a loop: the values are bound without an array or existential
    /// boxes in between.
    ///
    /// ```swift
    /// let insert = try db.cachedStatement("INSERT INTO books (title, year) VALUES (?, ?)")
    /// for book in books { try insert.run(book.title, book.year) }
    /// ```
    // Inlinable so the loop is specialized for the caller's value types.
    @inlinable
    public func run<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws {
        try rebind(repeat each values)
        while try step() {}
    }

    /// Binds `values` to the parameters in order and steps to the first row: the fast path of a lookup run
    /// in a loop.
    ///
    /// ```swift
    /// let lookup = try db.cachedStatement("SELECT id FROM authors WHERE name_key = ? LIMIT 1")
    /// if try lookup.first(key) { id = try lookup.row.value(at: 0) }
    /// lookup.reset()
    /// ```
    ///
    /// - Returns: `true` when a row is available in ``row``; ``reset()`` the statement when done with it.
    /// - Throws: ``DatabaseError`` when a value cannot be bound or the statement fails.
    @inlinable
    public func first<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws -> Bool {
        try rebind(repeat each values)
        return try step()
    }

    /// Resets the statement and binds `values` to all of its parameters, in order.
    @inlinable
    func rebind<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws {
        reset()
        var index: Int32 = 0
        for value in repeat each values {
            index += 1
            try bind(value.databaseValue, at: index)
        }
        guard Int(index) == parameterCount else { throw argumentCountError(given: Int(index)) }
    }

    @usableFromInline
    func bind(_ value: DatabaseValue, at index: Int32) throws {
        try check(bindValue(value, at: index))
    }

    @usableFromInline
    func argumentCountError(given count: Int) -> DatabaseError {
        DatabaseError(
            extendedResultCode: .SQLITE_RANGE, message: "\(count) arguments given for \(parameterCount) parameters",
            sql: sql)
    }

    /// Binds `arguments` and decodes every row.
    @inlinable
    public func fetchAll<T: RowDecodable>(_ type: T.Type, _ arguments: StatementArguments = []) throws -> [T] {
        try bind(arguments)
        defer { reset() }
        var results: [T] = []
        while try step() {
            results.append(try T(row: row))
        }
        return results
    }

    /// Binds `arguments` and decodes the first row, if any.
    @inlinable
    public func fetchOne<T: RowDecodable>(_ type: T.Type, _ arguments: StatementArguments = []) throws -> T? {
        try bind(arguments)
        defer { reset() }
        return try step() ? T(row: row) : nil
    }

    /// Binds `arguments` and reads the first column of every row.
    @inlinable
    public func fetchAll<T: DatabaseValueConvertible>(_ type: T.Type, _ arguments: StatementArguments = []) throws
        -> [T]
    {
        try bind(arguments)
        defer { reset() }
        var results: [T] = []
        while try step() {
            results.append(try row.value(at: 0))
        }
        return results
    }

    /// Binds `arguments` and reads the first columns of every row as a tuple, one type a column (``Row/values(_:)``).
    @inlinable
    public func fetchAll<each Value: DatabaseValueConvertible>(
        _ arguments: StatementArguments = [], as types: repeat (each Value).Type
    ) throws -> [(repeat each Value)] {
        try bind(arguments)
        defer { reset() }
        var results: [(repeat each Value)] = []
        while try step() {
            results.append(try row.values(repeat each types))
        }
        return results
    }

    /// Binds `arguments` and reads the first column of the first row; `nil` when there is no row or it is NULL.
    @inlinable
    public func fetchOne<T: DatabaseValueConvertible>(_ type: T.Type, _ arguments: StatementArguments = []) throws
        -> T?
    {
        try bind(arguments)
        defer { reset() }
        return try step() ? row[0] : nil
    }

    /// Binds `arguments` and returns a cursor that decodes rows one at a time, for results too large to hold.
    public func cursor<T: RowDecodable>(_ type: T.Type, _ arguments: StatementArguments = []) throws -> RowCursor<T> {
        try bind(arguments)
        return RowCursor(statement: self)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: sqlite3_db_handle(handle), sql: sql)
        }
    }
}

// A statement belongs to its connection, which SQLite lets only one thread use at a time.
@available(*, unavailable)
extension Statement: Sendable {}

/// Rows decoded lazily: memory stays flat however many rows the query returns.
///
/// ```swift
/// let cursor = try db.cursor(Book.self, "SELECT id, title, year FROM books")
/// while let book = try cursor.next() { print(book.title) }
/// ```
public final class RowCursor<Element: RowDecodable> {
    private let statement: Statement
    private var isDone = false

    init(statement: Statement) {
        self.statement = statement
    }

    deinit {
        statement.reset()
    }

    /// The next row, or `nil` after the last one.
    public func next() throws -> Element? {
        guard !isDone else { return nil }
        guard try statement.step() else {
            isDone = true
            statement.reset()
            return nil
        }
        return try Element(row: statement.row)
    }

    /// Calls `body` with every remaining row.
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() {
            try body(element)
        }
    }
}

@available(*, unavailable)
extension RowCursor: Sendable {}
