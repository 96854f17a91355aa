import Foundation
import PostgreSQLDB
import SQLiteDB

/// A time in a TEXT column of the users' tables, in the form SQLiteDB writes a `Date` (ISO 8601 in UTC with
/// milliseconds, e.g. `2026-11-29T22:19:38.123Z`): one form on both backends, which sorts as text in time order.
struct StoredTime: PostgreSQLValueConvertible {
    let date: Date

    init(_ date: Date) {
        self.date = date
    }

    var postgreSQLValue: PostgreSQLValue {
        switch date.databaseValue {
        case .text(let text): .text(text)
        // A year outside 0000–9999, which SQLite stores as seconds since 1970.
        default: .text(String(date.timeIntervalSince1970))
        }
    }

    static func read(from row: PostgreSQLRow, at index: Int) -> StoredTime? {
        guard let text = row.text(at: index) else { return nil }
        return (Date(databaseValue: .text(text)) ?? Double(text).map(Date.init(timeIntervalSince1970:))).map(Self.init)
    }
}

extension PostgreSQLRow {
    /// Column `index` as a ``StoredTime``'s date, `nil` for NULL.
    ///
    /// - Throws: `PostgreSQLError` when the column holds text that is not a time.
    func date(at index: Int) throws -> Date? {
        try value(at: index, as: StoredTime?.self)?.date
    }
}
