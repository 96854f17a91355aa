import Foundation
import SQLiteDB

/// Reads uuid columns without Foundation's `UUID(uuidString:)`, which parses with `sscanf` on Linux and cost
/// more than the rest of a row together in the browsing benchmark.
enum UUIDColumn {
    /// Column `index` of `row` as a uuid.
    ///
    /// - Throws: ``RowDecodingError`` when the column is not text, ``CatalogError`` when the text is not a uuid.
    static func read(_ row: Row, at index: Int) throws -> UUID {
        let text: String = try row.value(at: index)
        guard let uuid = parse(text) else {
            throw CatalogError.invalidValue(
                field: row.columnName(at: index), value: text, reason: "the database holds a malformed uuid")
        }
        return uuid
    }

    /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either case.
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { utf8 -> UUID? in
            guard utf8.count == 36 else { return nil }
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
                var offset = 0
                for index in 0..<16 {
                    if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                        guard utf8[offset] == UInt8(ascii: "-") else { return false }
                        offset += 1
                    }
                    guard let high = hexValue(utf8[offset]), let low = hexValue(utf8[offset + 1]) else { return false }
                    output[index] = high << 4 | low
                    offset += 2
                }
                return true
            }
            return parsed ? UUID(uuid: bytes) : nil
        }
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
