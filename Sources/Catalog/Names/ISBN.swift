/// ISBN normalization: any ISBN-10 or ISBN-13 spelling to a verified 13-digit ISBN.
package enum ISBN {
    /// The shortest digit string read as an ISBN-10 that lost leading zeros (spreadsheets drop them:
    /// goodbooks-10k has `7203116` for 0007203116). Anything shorter is refused as too short.
    package static let minimumPaddedLength = 7

    /// Normalizes an ISBN to its 13 digits.
    ///
    /// Hyphens and spaces are ignored, as is an `ISBN` prefix. Up to 10 characters is an ISBN-10:
    /// left-padded with zeros to 10, checksum verified (`X` = 10, last position only), then given
    /// the `978` prefix and a recomputed check digit. 13 digits is an ISBN-13: prefix `978`/`979`
    /// and checksum verified.
    ///
    /// - Parameter text: The ISBN as written.
    /// - Returns: The ISBN-13, or why the text is not an ISBN.
    package static func normalize(_ text: String) -> Result<String, InvalidISBN> {
        var characters = Array(text.utf8).filter {
            $0 != UInt8(ascii: "-") && $0 != 0x20 && !(0x09...0x0D).contains($0)
        }
        if characters.count >= 4, String(decoding: characters.prefix(4), as: UTF8.self).uppercased() == "ISBN" {
            characters = Array(characters.dropFirst(4).drop { $0 == UInt8(ascii: ":") })
        }
        var digits: [Int] = []
        digits.reserveCapacity(characters.count)
        for (offset, byte) in characters.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(Int(byte) - 48)
            case UInt8(ascii: "X") where offset == characters.count - 1 && offset < 10: digits.append(10)
            case UInt8(ascii: "x") where offset == characters.count - 1 && offset < 10: digits.append(10)
            default:
                let bad = String(decoding: characters, as: UTF8.self).uppercased().filter {
                    !($0.isASCII && $0.isNumber)
                }
                return .failure(InvalidISBN(reason: "contains '\(bad.first ?? "?")', which is not allowed in an ISBN"))
            }
        }
        switch digits.count {
        case 13: return isbn13(digits)
        case minimumPaddedLength...10: return isbn10(Array(repeating: 0, count: 10 - digits.count) + digits)
        case 0: return .failure(InvalidISBN(reason: "is empty"))
        default:
            return .failure(InvalidISBN(reason: "has \(digits.count) characters; an ISBN has 10 or 13"))
        }
    }

    /// Why a value is not an ISBN.
    package struct InvalidISBN: Error, Sendable, Hashable {
        /// A sentence fragment: "checksum fails (check digit 5, expected 7)".
        package var reason: String
    }

    private static func isbn10(_ digits: [Int]) -> Result<String, InvalidISBN> {
        let sum = digits.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
        guard sum % 11 == 0 else {
            let partial = digits.prefix(9).enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
            let expected = (11 - partial % 11) % 11
            return .failure(
                InvalidISBN(
                    reason: "is not a valid ISBN-10: checksum fails (check digit \(symbol(digits[9])), "
                        + "expected \(symbol(expected)))"))
        }
        let body = [9, 7, 8] + digits.prefix(9)
        return .success(string(body + [isbn13CheckDigit(body)]))
    }

    private static func isbn13(_ digits: [Int]) -> Result<String, InvalidISBN> {
        guard digits.starts(with: [9, 7, 8]) || digits.starts(with: [9, 7, 9]) else {
            return .failure(InvalidISBN(reason: "is not a valid ISBN-13: it must start with 978 or 979"))
        }
        let expected = isbn13CheckDigit(Array(digits.prefix(12)))
        guard digits[12] == expected else {
            return .failure(
                InvalidISBN(
                    reason: "is not a valid ISBN-13: checksum fails (check digit \(digits[12]), expected \(expected))"))
        }
        return .success(string(digits))
    }

    private static func isbn13CheckDigit(_ twelve: [Int]) -> Int {
        let sum = twelve.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * $1.element }
        return (10 - sum % 10) % 10
    }

    private static func string(_ digits: [Int]) -> String {
        String(decoding: digits.map { UInt8(truncatingIfNeeded: $0 + 48) }, as: UTF8.self)
    }

    private static func symbol(_ digit: Int) -> String {
        digit == 10 ? "X" : String(digit)
    }
}
