/// The columns of one result row, read by position with typed getters: what a row decoder written once needs of
/// a SQLite row and of a PostgreSQL row alike.
///
/// A row may be a view on a running statement (SQLite's is): read it inside the closure that receives it, copy the
/// values out, never keep it.
///
/// ```swift
/// init(columns row: some SQLColumns) throws {
///     id = try row.required(row.int64(at: 0), at: 0)
///     year = row.int(at: 2)
/// }
/// ```
package protocol SQLColumns {
    /// The number of columns.
    var count: Int { get }
    /// The name of column `index` as the query spelled it.
    func columnName(at index: Int) -> String
    /// Whether column `index` is NULL.
    func isNull(at index: Int) -> Bool
    /// Column `index` as an integer, or `nil` when it is NULL or not an integer.
    func int64(at index: Int) -> Int64?
    /// Column `index` as text, or `nil` when it is NULL or not text.
    func string(at index: Int) -> String?
    /// Column `index` as a ``SQLValue``: an integer for the database's integer types, text for text.
    func value(at index: Int) -> SQLValue
    /// The error a decoder throws when column `index` holds no `expected` (a type's name): the driver's own, so
    /// a decoding failure reads the same whoever decodes.
    func decodingError(at index: Int, expected: String) -> any Error
}

extension SQLColumns {
    /// Column `index` as an `Int`, or `nil` when it is NULL, not an integer or out of range.
    package func int(at index: Int) -> Int? {
        int64(at: index).flatMap(Int.init(exactly:))
    }

    /// `value`, read from column `index`, when it is there.
    ///
    /// - Throws: ``decodingError(at:expected:)`` naming `T` when `value` is `nil`.
    package func required<T>(_ value: T?, at index: Int) throws -> T {
        guard let value else { throw decodingError(at: index, expected: "\(T.self)") }
        return value
    }
}
