import Foundation
import JSONKit

/// The one JSON text format of the command's `--json` output and the HTTP API's bodies: pretty-printed, keys
/// sorted, slashes unescaped, a final newline.
package enum JSONText {
    /// `value` as JSON text.
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// `value` as JSON text, written directly: the same bytes `JSONEncoder` writes with this format, at a
    /// fraction of its cost (encoding a page of books through `Encodable` took most of a server's time for it).
    package static func encode(_ value: JSONValue) -> String {
        var writer = JSONWriter(layout: .pretty, capacity: 4096)
        write(value, to: &writer)
        writer.raw("\n")
        return writer.text
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Keys in the order of their bytes, as `JSONEncoder`'s `.sortedKeys`.
    private static func write(_ value: JSONValue, to writer: inout JSONWriter) {
        switch value {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .int(let number): writer.integer(number)
        case .double(let number):
            // Rare in the answers; the encoder's own number format (`1e+20`, `-0`) is kept as it is.
            writer.raw((try? encoder.encode(number)).map { String(decoding: $0, as: UTF8.self) } ?? "null")
        case .string(let text): writer.string(text)
        case .array(let items):
            writer.beginArray()
            for item in items { write(item, to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.key(key)
                write(members[key] ?? .null, to: &writer)
            }
            writer.endObject()
        }
    }
}
