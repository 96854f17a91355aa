internal import CLibPQ

/// The rows a statement returned, in text format. It owns libpq's result and frees it when the last row that
/// refers to it goes.
final class PostgreSQLResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { clibpq_clear(handle) }

    var rowCount: Int { Int(clibpq_ntuples(handle)) }
    var columnCount: Int { Int(clibpq_nfields(handle)) }
}

/// One row of a result, read by column index with typed getters.
///
/// ```swift
/// for row in try connection.execute("SELECT id, title, year FROM books WHERE year < $1", [1900]) {
///     let id: Int64 = try row.value(at: 0)
///     let year: Int? = try row.value(at: 2)  // NULL reads as nil
/// }
/// ```
public struct PostgreSQLRow {
    let result: PostgreSQLResult
    let index: Int32

    /// The number of columns.
    public var count: Int { result.columnCount }

    /// The name of column `index` as the query spelled it.
    public func columnName(at index: Int) -> String {
        clibpq_fname(result.handle, Int32(index)).map { String(cString: $0) } ?? "column \(index)"
    }

    /// The type of column `index` as the server's catalog numbers it (`pg_type.oid`: 20 `bigint`, 23 `integer`,
    /// 25 `text` …), so a reader can tell a number from text although every value arrives as text.
    public func typeOID(at index: Int) -> UInt32 {
        clibpq_ftype(result.handle, Int32(index))
    }

    /// Whether column `index` is NULL.
    public func isNull(at index: Int) -> Bool {
        clibpq_getisnull(result.handle, self.index, Int32(index)) == 1
    }

    /// Column `index` as PostgreSQL printed it, `nil` for NULL.
    public func text(at index: Int) -> String? {
        guard !isNull(at: index), let value = clibpq_getvalue(result.handle, self.index, Int32(index)) else {
            return nil
        }
        return String(cString: value)
    }

    /// Column `index` as a `T`, or `nil` when it is NULL or its text is not a `T`.
    public subscript<T: PostgreSQLValueConvertible>(index: Int) -> T? {
        T.read(from: self, at: index)
    }

    /// Column `index` as a `T`; a nullable column reads as `T?`.
    ///
    /// - Throws: ``PostgreSQLError`` naming the column when it is NULL (and `T` is not optional) or its text is
    ///   not a `T`.
    public func value<T: PostgreSQLValueConvertible>(at index: Int, as type: T.Type = T.self) throws -> T {
        guard let value = T.read(from: self, at: index) else {
            let found = text(at: index).map { "\"\($0.prefix(40))\"" } ?? "NULL"
            throw PostgreSQLError(
                kind: .decoding,
                message: "column \(index) (\(columnName(at: index))) holds \(found), not a \(T.self)")
        }
        return value
    }
}

/// A type that reads itself from a row, for `PostgreSQLConnection.fetchAll(_:_:_:)`.
public protocol PostgreSQLRowDecodable {
    /// Reads the row; throws when a column is missing or of the wrong type.
    init(row: PostgreSQLRow) throws
}
