internal import CSQLite
import Foundation

/// The current row of a statement, read by column index.
///
/// A `Row` is a view on its statement: it is valid only while the statement stays on that row,
/// that is inside ``RowDecodable/init(row:)`` or the closure that received it. Copy values out;
/// do not keep the row.
public struct Row {
    let statement: OpaquePointer

    /// The number of columns.
    public var count: Int { Int(sqlite3_column_count(statement)) }

    /// The name of column `index` as the query spelled it.
    public func columnName(at index: Int) -> String {
        sqlite3_column_name(statement, Int32(index)).map { String(cString: $0) } ?? "column \(index)"
    }

    /// Whether column `index` is NULL.
    public func isNull(at index: Int) -> Bool {
        sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
    }

    /// Column `index` as a value of type `T`, or `nil` when it is NULL or of another storage class.
    ///
    /// ```swift
    /// let year: Int? = row[3]
    /// ```
    @inlinable
    public subscript<T: DatabaseValueConvertible>(index: Int) -> T? {
        T.read(from: self, at: index)
    }

    /// Column `index` as a non-optional `T`.
    ///
    /// - Throws: ``RowDecodingError`` naming the column when it is NULL or holds another storage class.
    // Inlinable so callers get a version specialized for T: no generic metadata lookups per column.
    @inlinable
    public func value<T: DatabaseValueConvertible>(at index: Int, as type: T.Type = T.self) throws -> T {
        guard let value = T.read(from: self, at: index) else {
            throw rowDecodingError(at: index, expected: "\(T.self)")
        }
        return value
    }

    /// The first columns as a tuple, one type a column, each non-optional.
    ///
    /// ```swift
    /// let (name, sql) = try row.values(String.self, String.self)
    /// ```
    ///
    /// - Throws: ``RowDecodingError`` naming the first column that is NULL or holds another storage class.
    @inlinable
    public func values<each Value: DatabaseValueConvertible>(_ types: repeat (each Value).Type) throws
        -> (repeat each Value)
    {
        var index = 0
        func next<Column: DatabaseValueConvertible>(_ type: Column.Type) throws -> Column {
            defer { index += 1 }
            return try value(at: index)
        }
        return (repeat try next(each types))
    }

    @usableFromInline
    func rowDecodingError(at index: Int, expected: String) -> RowDecodingError {
        RowDecodingError(
            column: columnName(at: index), index: index, expected: expected, found: databaseValue(at: index))
    }

    /// Column `index` as a ``DatabaseValue``.
    public func databaseValue(at index: Int) -> DatabaseValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return .text(text(at: column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    // Direct reads for the built-in types: no `DatabaseValue` in between on the hot path.

    package func int64(at index: Int) -> Int64? {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement, column)
        case SQLITE_FLOAT: return Int64(exactly: sqlite3_column_double(statement, column))
        default: return nil
        }
    }

    func double(at index: Int) -> Double? {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_FLOAT, SQLITE_INTEGER: return sqlite3_column_double(statement, column)
        default: return nil
        }
    }

    package func string(at index: Int) -> String? {
        let column = Int32(index)
        return sqlite3_column_type(statement, column) == SQLITE_TEXT ? text(at: column) : nil
    }

    private func text(at column: Int32) -> String {
        // Ask for the bytes after the pointer: sqlite3_column_bytes reports the length of the text form.
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}

@available(*, unavailable, message: "A row is a view on a statement that belongs to one connection")
extension Row: Sendable {}

/// A type built from one row, by column index.
///
/// Reading by index (not by name, not through `Codable`) keeps decoding close to the C API's speed.
///
/// ```swift
/// struct Book: RowDecodable {
///     var id: Int64, title: String, year: Int?
///     init(row: Row) throws {
///         id = try row.value(at: 0)
///         title = try row.value(at: 1)
///         year = row[2]
///     }
/// }
/// let books = try db.fetchAll(Book.self, "SELECT id, title, year FROM books")
/// ```
public protocol RowDecodable {
    /// Reads one row.
    ///
    /// - Throws: ``RowDecodingError`` when a column holds a value the type cannot take.
    init(row: Row) throws
}

/// A column that does not hold what the decoding type expects.
public struct RowDecodingError: Error, Sendable, CustomStringConvertible {
    public let column: String
    public let index: Int
    public let expected: String
    public let found: DatabaseValue

    public var description: String {
        let kind: String
        switch found {
        case .null: kind = "NULL"
        case .integer: kind = "an INTEGER"
        case .real: kind = "a REAL"
        case .text: kind = "TEXT"
        case .blob: kind = "a BLOB"
        }
        return "column \(index) (\(column)) holds \(kind) where \(expected) was expected; check the query's columns"
    }
}
