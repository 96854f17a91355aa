import Foundation
package import SQLiteDB

/// Where a page of a browsing list starts: an opaque string to hand back to get the next page.
///
/// A cursor holds the sort key of the last row seen, never an offset, so paging stays fast at any depth and
/// stays right while rows are inserted or deleted: each row that was there all along comes exactly once.
/// A cursor only works with the list that made it.
public struct PageCursor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The cursor as text (URL-safe base64), for a command line or a URL.
    public let rawValue: String

    /// A cursor from its text. Whether it is valid is checked when a list uses it.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The cursor's text.
    public var description: String { rawValue }

    enum Key: Hashable {
        case integer(Int64)
        case text(String)

        init(_ value: DatabaseValue) throws {
            switch value {
            case .integer(let integer): self = .integer(integer)
            case .text(let text): self = .text(text)
            default: throw CatalogError.invalidCursor(reason: "a sort key is neither a number nor text")
            }
        }

        var value: DatabaseValue {
            switch self {
            case .integer(let integer): .integer(integer)
            case .text(let text): .text(text)
            }
        }
    }

    // The payload is `<list>` then each key as `i<integer>;` or `t<byte count>:<text>`, in URL-safe base64.
    // Hand-rolled rather than JSON: a cursor is made and read on every page, and Foundation's JSON coders
    // cost more than the page query itself.

    init(list: String, keys: [Key]) {
        var payload = list + "|"
        for key in keys {
            switch key {
            case .integer(let integer): payload += "i\(integer);"
            case .text(let text): payload += "t\(text.utf8.count):\(text)"
            }
        }
        rawValue = Data(payload.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The key values, checked against the list that reads them.
    func keys(forList list: String, count: Int) throws -> [Key] {
        var base64 = rawValue.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), var reader = PayloadReader(Array(data)) else {
            throw CatalogError.invalidCursor(reason: "'\(rawValue.prefix(40))' is not a cursor this program made")
        }
        guard reader.list == list else {
            throw CatalogError.invalidCursor(reason: "it belongs to another list")
        }
        var keys: [Key] = []
        while !reader.isAtEnd {
            guard let key = reader.nextKey() else {
                throw CatalogError.invalidCursor(reason: "'\(rawValue.prefix(40))' is damaged")
            }
            keys.append(key)
        }
        guard keys.count == count else {
            throw CatalogError.invalidCursor(reason: "it holds \(keys.count) keys, the list sorts by \(count)")
        }
        return keys
    }
}

/// Reads the payload of a cursor: the list name, then the keys one by one.
private struct PayloadReader {
    let list: String
    private let bytes: [UInt8]
    private var position: Int

    init?(_ bytes: [UInt8]) {
        guard let bar = bytes.firstIndex(of: UInt8(ascii: "|")) else { return nil }
        list = String(decoding: bytes[..<bar], as: UTF8.self)
        self.bytes = bytes
        position = bar + 1
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func nextKey() -> PageCursor.Key? {
        let tag = bytes[position]
        position += 1
        switch tag {
        case UInt8(ascii: "i"):
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ";")),
                let integer = Int64(String(decoding: bytes[position..<end], as: UTF8.self))
            else { return nil }
            position = end + 1
            return .integer(integer)
        case UInt8(ascii: "t"):
            guard let colon = bytes[position...].firstIndex(of: UInt8(ascii: ":")),
                let count = Int(String(decoding: bytes[position..<colon], as: UTF8.self)),
                // Compared as what is left, not as `colon + 1 + count`: a huge count must not overflow.
                count >= 0, count <= bytes.count - (colon + 1)
            else { return nil }
            position = colon + 1 + count
            return .text(String(decoding: bytes[(colon + 1)..<position], as: UTF8.self))
        default:
            return nil
        }
    }
}

extension PageCursor {
    /// Decodes the cursor's keys as a list sorting by `count` keys would, for fuzzing and tests.
    ///
    /// - Parameters:
    ///   - list: the list name the cursor must belong to.
    ///   - count: how many sort keys the list uses.
    /// - Returns: the keys, as text or integers.
    /// - Throws: ``CatalogError/invalidCursor(reason:)`` for anything this program did not make.
    package func decodedKeys(forList list: String, count: Int) throws -> [DatabaseValue] {
        try keys(forList: list, count: count).map(\.value)
    }

    /// A cursor for `list` holding `keys` (integers or text), for fuzzing and tests.
    ///
    /// - Parameters:
    ///   - list: the list name.
    ///   - keys: the sort keys of the last row seen.
    /// - Throws: ``CatalogError/invalidCursor(reason:)`` for a key that is neither an integer nor text.
    package init(list: String, keyValues keys: [DatabaseValue]) throws {
        self.init(list: list, keys: try keys.map(Key.init))
    }
}
