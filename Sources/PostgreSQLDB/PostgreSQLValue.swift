public import Foundation
import SQLInterface

/// A value sent to PostgreSQL as a statement parameter or a `COPY` field.
///
/// | case | PostgreSQL | sent as |
/// |---|---|---|
/// | `null` | NULL | no value; the server infers the type |
/// | `integer` | `bigint` | decimal text |
/// | `double` | `double precision` | the shortest text that reads back exactly; `Infinity`, `-Infinity`, `NaN` |
/// | `text` | unknown, so the server takes the column's type (`text`, `timestamptz`, `uuid` …) | UTF-8 text |
/// | `bool` | `boolean` | `t` / `f` |
/// | `bytes` | `bytea` | the bytes as they are (binary format) |
public enum PostgreSQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case double(Double)
    case text(String)
    case bool(Bool)
    case bytes(Data)

    /// The value in PostgreSQL's text format, `nil` for NULL; `bytes` in the `bytea` hex form (`\x0102`).
    var textFormat: String? {
        switch self {
        case .null: return nil
        case .integer(let value): return String(value)
        case .double(let value):
            if value.isNaN { return "NaN" }
            if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
            return "\(value)"
        case .text(let value): return value
        case .bool(let value): return value ? "t" : "f"
        case .bytes(let value): return "\\x" + value.map { hexDigits[Int($0 >> 4)] + hexDigits[Int($0 & 15)] }.joined()
        }
    }
}

private let hexDigits = (0..<16).map { String($0, radix: 16) }

/// A Swift type that can be sent as a parameter (``PostgreSQLValue``) and read from a column of a
/// ``PostgreSQLRow``.
public protocol PostgreSQLValueConvertible: Sendable {
    /// The value to send.
    var postgreSQLValue: PostgreSQLValue { get }

    /// Reads column `index` of `row`; `nil` when it is NULL or its text is not a value of this type.
    static func read(from row: PostgreSQLRow, at index: Int) -> Self?
}

extension PostgreSQLValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Int64: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .integer(self) }
    public static func read(from row: PostgreSQLRow, at index: Int) -> Int64? {
        row.text(at: index).flatMap(Int64.init)
    }
}

extension Int: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .integer(Int64(self)) }
    public static func read(from row: PostgreSQLRow, at index: Int) -> Int? { row.text(at: index).flatMap(Int.init) }
}

extension Int32: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .integer(Int64(self)) }
    public static func read(from row: PostgreSQLRow, at index: Int) -> Int32? {
        row.text(at: index).flatMap(Int32.init)
    }
}

extension Double: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .double(self) }

    public static func read(from row: PostgreSQLRow, at index: Int) -> Double? {
        switch row.text(at: index) {
        case nil: return nil
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        case let text?: return Double(text)
        }
    }
}

extension String: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .text(self) }
    public static func read(from row: PostgreSQLRow, at index: Int) -> String? { row.text(at: index) }
}

extension Bool: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .bool(self) }

    public static func read(from row: PostgreSQLRow, at index: Int) -> Bool? {
        switch row.text(at: index) {
        case "t": return true
        case "f": return false
        default: return nil
        }
    }
}

extension Data: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { .bytes(self) }

    /// Reads a `bytea` column in the hex form PostgreSQL sends since 9.0 (`\x0102…`).
    public static func read(from row: PostgreSQLRow, at index: Int) -> Data? {
        guard let text = row.text(at: index), text.hasPrefix("\\x") else { return nil }
        var bytes = Data(capacity: (text.utf8.count - 2) / 2)
        var high: UInt8?
        for character in text.utf8.dropFirst(2) {
            guard let nibble = hexValue(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? bytes : nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension UUID: PostgreSQLValueConvertible {
    /// Lowercase text, the form the catalog stores and PostgreSQL's `uuid` type prints.
    public var postgreSQLValue: PostgreSQLValue { .text(lowercased) }
    public static func read(from row: PostgreSQLRow, at index: Int) -> UUID? { row.text(at: index).flatMap(UUID.init) }
}

extension PostgreSQLValue: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { self }

    /// The column's text as ``text(_:)``, or ``null``: a result in text format carries no other type.
    public static func read(from row: PostgreSQLRow, at index: Int) -> PostgreSQLValue? {
        row.text(at: index).map(PostgreSQLValue.text) ?? .null
    }
}

extension Optional: PostgreSQLValueConvertible where Wrapped: PostgreSQLValueConvertible {
    public var postgreSQLValue: PostgreSQLValue { self?.postgreSQLValue ?? .null }

    /// `.some(nil)` for NULL, so a nullable column reads as an optional without an error.
    public static func read(from row: PostgreSQLRow, at index: Int) -> Wrapped?? {
        row.isNull(at: index) ? .some(nil) : Wrapped.read(from: row, at: index).map { .some($0) }
    }
}
