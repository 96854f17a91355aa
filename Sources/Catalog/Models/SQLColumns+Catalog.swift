import Foundation
import SQLInterface
import SQLiteDB

// The catalog's columns as the models read them, on either database.

extension SQLColumns {
    /// Column `index` as an integer that must be there.
    func requiredInt64(at index: Int) throws -> Int64 {
        try required(int64(at: index), at: index)
    }

    /// Column `index` as text that must be there.
    func requiredString(at index: Int) throws -> String {
        try required(string(at: index), at: index)
    }

    /// Column `index` as a uuid, read without Foundation's parser (see ``UUIDColumn``).
    ///
    /// - Throws: the driver's decoding error when the column is not text, ``CatalogError`` when the text is not a
    ///   uuid.
    func uuid(at index: Int) throws -> UUID {
        let text = try requiredString(at: index)
        guard let uuid = UUIDColumn.parse(text) else {
            throw CatalogError.invalidValue(
                field: columnName(at: index), value: text, reason: "the database holds a malformed uuid")
        }
        return uuid
    }

    /// Column `index` as a time the catalog stored: ISO 8601 text in UTC on both databases, or, for a year outside
    /// 0000–9999, seconds since 1970, which SQLite holds as a number and PostgreSQL's TEXT column as its text.
    ///
    /// - Throws: the driver's decoding error when the column holds no time.
    func time(at index: Int) throws -> Date {
        let value = value(at: index)
        if let date = Date(databaseValue: value) { return date }
        guard case .text(let text) = value, let seconds = Double(text) else {
            throw decodingError(at: index, expected: "Date")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
