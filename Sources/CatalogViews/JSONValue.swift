package import Foundation

/// A JSON value built by hand, so the documented output shapes keep their `null`s (Codable synthesis drops
/// nil optionals) and never depend on Swift property names.
package enum JSONValue: Sendable, Encodable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    package static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    package static func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    package static func uuid(_ value: UUID) -> JSONValue { .string(value.uuidString.lowercased()) }
    package static func date(_ value: Date) -> JSONValue { .string(timestampFormatter.string(from: value)) }

    /// Merges the keys of `other` into an object.
    package func merging(_ other: [String: JSONValue]) -> JSONValue {
        guard case .object(let fields) = self else { return self }
        return .object(fields.merging(other) { _, new in new })
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    private static var timestampFormatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
