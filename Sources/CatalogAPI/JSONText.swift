import Foundation

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
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(value, indent: 0, to: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `JSONEncoder`'s pretty printing: two spaces a level, `"key" : value`, an empty array or object as its
    /// brackets around an empty line, keys in the order of their bytes.
    private static func write(_ value: JSONValue, indent: Int, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .double(let number):
            // Rare in the answers; the encoder's own number format (`1e+20`, `-0`) is kept as it is.
            output.append(contentsOf: (try? encoder.encode(number)) ?? Data("null".utf8))
        case .string(let text): writeString(text, to: &output)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, indent: indent, to: &output) { index, output in
                write(items[index], indent: indent + 2, to: &output)
            }
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            writeContainer(open: "{", close: "}", count: keys.count, indent: indent, to: &output) { index, output in
                writeString(keys[index], to: &output)
                output.append(contentsOf: " : ".utf8)
                write(members[keys[index]] ?? .null, indent: indent + 2, to: &output)
            }
        }
    }

    private static func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, indent: Int, to output: inout [UInt8],
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        output.append(UInt8(ascii: "\n"))
        for index in 0..<count {
            if index > 0 { output.append(contentsOf: ",\n".utf8) }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            element(index, &output)
        }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        output.append(UInt8(ascii: close))
    }

    /// A string in quotes: `"` and `\` escaped, control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`;
    /// everything else (slashes, non-ASCII) as it is.
    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x08: output.append(contentsOf: "\\b".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0C: output.append(contentsOf: "\\f".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: "\\u00".utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
