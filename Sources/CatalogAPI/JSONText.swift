import Foundation

/// The one JSON text format of the command's `--json` output and the HTTP API's bodies: pretty-printed, keys
/// sorted, slashes unescaped, a final newline.
package enum JSONText {
    /// `value` as JSON text.
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
