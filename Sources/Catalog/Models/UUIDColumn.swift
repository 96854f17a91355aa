import Foundation

/// Parses uuid columns without Foundation's `UUID(uuidString:)`, which parses with `sscanf` on Linux and cost
/// more than the rest of a row together in the browsing benchmark.
enum UUIDColumn {
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
