package import Foundation

// Times in the TEXT columns of the users' tables (users, navigation, tokens): one form on both databases, the text
// SQLite's `strftime('%Y-%m-%dT%H:%M:%fZ')` writes, which sorts as text in time order.

extension SQLDialect {
    /// `date` as a parameter for a time column: ISO 8601 in UTC with milliseconds (`2026-11-29T22:19:38.123Z`). A
    /// year outside 0000–9999 has no such text: SQLite stores the seconds since 1970 as a REAL, PostgreSQL, whose
    /// columns are TEXT, as their text.
    package func time(_ date: Date) -> SQLValue {
        if let text = ISO8601Timestamp.format(date) { return .text(text) }
        let seconds = date.timeIntervalSince1970
        return self == .sqlite ? .real(seconds) : .text(String(seconds))
    }

    /// `date` as ``time(_:)`` gives it, NULL for `nil`.
    package func time(_ date: Date?) -> SQLValue {
        date.map(time) ?? .null
    }

    /// What follows a text column in `ORDER BY` or a comparison to compare it byte by byte: nothing on SQLite,
    /// whose text compares that way, ` COLLATE "C"` on PostgreSQL, whatever the database's locale.
    package var inByteOrder: String {
        self == .sqlite ? "" : #" COLLATE "C""#
    }
}

extension SQLColumns {
    /// Column `index` as a time: ISO 8601 text (see ``SQLDialect/time(_:)``), or seconds since 1970 as a number or
    /// its text; `nil` when it is NULL or neither.
    package func date(at index: Int) -> Date? {
        switch value(at: index) {
        case .text(let text):
            ISO8601Timestamp.parse(text) ?? Double(text).map(Date.init(timeIntervalSince1970:))
        case .integer(let seconds): Date(timeIntervalSince1970: Double(seconds))
        case .real(let seconds): Date(timeIntervalSince1970: seconds)
        case .null, .blob: nil
        }
    }
}
