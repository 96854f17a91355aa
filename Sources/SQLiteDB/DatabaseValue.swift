public import Foundation
@_exported public import SQLInterface

/// One SQLite value: the five storage classes (https://sqlite.org/datatype3.html). The type lives in SQLInterface
/// (as `SQLValue`), below both database drivers, so a statement's parameters and a row's values are one type on
/// SQLite and PostgreSQL.
public typealias DatabaseValue = SQLValue

/// A Swift type that can be bound to a statement parameter and read back from a column.
///
/// The package's conversions:
///
/// | Swift | SQLite |
/// |---|---|
/// | `Int`, `Int64`, `Int32`, `Bool` | INTEGER (`Bool` as 0 / 1) |
/// | `Double` | REAL (infinities included; NaN binds as NULL, as SQLite stores it) |
/// | `String` | TEXT (UTF-8) |
/// | `Data` | BLOB (zero bytes kept; empty `Data` stays an empty BLOB, not NULL) |
/// | `UUID` | TEXT, lowercase (`"6ba7b810-9dad-11d1-80b4-00c04fd430c8"`) |
/// | `Date` | TEXT, ISO 8601 in UTC with milliseconds (`"2026-11-29T22:19:38.123Z"`), the format `strftime('%Y-%m-%dT%H:%M:%fZ')` writes, so SQL triggers and Swift agree and the text sorts in time order. Reading also accepts `YYYY-MM-DD[ HH:MM[:SS[.fff]]]` and a number of seconds since 1970. |
///
/// Reading is strict about storage classes: a TEXT column never silently becomes `0`.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }

    /// Converts a stored value, or returns `nil` when it has another storage class.
    init?(databaseValue: DatabaseValue)

    /// Reads column `index` of `row`, or `nil` for NULL or a value of another storage class.
    ///
    /// The default goes through ``DatabaseValue``; the built-in types read the column directly.
    static func read(from row: Row, at index: Int) -> Self?
}

extension DatabaseValueConvertible {
    public static func read(from row: Row, at index: Int) -> Self? {
        Self(databaseValue: row.databaseValue(at: index))
    }
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }

    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .integer(let value): self = value
        case .real(let value): self.init(exactly: value)
        default: return nil
        }
    }

    public static func read(from row: Row, at index: Int) -> Int64? { row.int64(at: index) }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    public init?(databaseValue: DatabaseValue) {
        guard let value = Int64(databaseValue: databaseValue) else { return nil }
        self.init(exactly: value)
    }

    public static func read(from row: Row, at index: Int) -> Int? { row.int64(at: index).flatMap(Int.init(exactly:)) }
}

extension Int32: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    public init?(databaseValue: DatabaseValue) {
        guard let value = Int64(databaseValue: databaseValue) else { return nil }
        self.init(exactly: value)
    }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    public init?(databaseValue: DatabaseValue) {
        guard let value = Int64(databaseValue: databaseValue) else { return nil }
        self = value != 0
    }

    public static func read(from row: Row, at index: Int) -> Bool? { row.int64(at: index).map { $0 != 0 } }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { isNaN ? .null : .real(self) }

    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }

    public static func read(from row: Row, at index: Int) -> Double? { row.double(at: index) }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }

    public init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self = value
    }

    public static func read(from row: Row, at index: Int) -> String? { row.string(at: index) }
}

extension Data: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob(self) }

    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .blob(let value): self = value
        case .text(let value): self = Data(value.utf8)
        default: return nil
        }
    }
}

extension UUID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(lowercased) }

    public init?(databaseValue: DatabaseValue) {
        guard case .text(let text) = databaseValue else { return nil }
        self.init(uuidString: text)
    }
}

extension Date: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue {
        SQLDialect.sqlite.time(self)
    }

    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .text(let text):
            guard let date = ISO8601Timestamp.parse(text) else { return nil }
            self = date
        case .integer(let seconds): self.init(timeIntervalSince1970: Double(seconds))
        case .real(let seconds): self.init(timeIntervalSince1970: seconds)
        default: return nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    public init?(databaseValue: DatabaseValue) {
        if case .null = databaseValue {
            self = .none
        } else if let value = Wrapped(databaseValue: databaseValue) {
            self = .some(value)
        } else {
            return nil
        }
    }

    public static func read(from row: Row, at index: Int) -> Wrapped?? {
        row.isNull(at: index) ? .some(.none) : Wrapped.read(from: row, at: index).map { .some($0) }
    }
}
