import Foundation
import SQLiteDB

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

    /// The JSON inside: the list's name and the key values of the last row.
    private struct Payload: Codable {
        var list: String
        var keys: [Key]

        enum CodingKeys: String, CodingKey {
            case list = "l"
            case keys = "k"
        }
    }

    enum Key: Codable, Hashable {
        case integer(Int64)
        case text(String)

        init(_ value: DatabaseValue) throws {
            switch value {
            case .integer(let integer): self = .integer(integer)
            case .text(let text): self = .text(text)
            default: throw CatalogError.invalidCursor(reason: "a sort key is neither a number nor text")
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let integer = try? container.decode(Int64.self) {
                self = .integer(integer)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .integer(let integer): try container.encode(integer)
            case .text(let text): try container.encode(text)
            }
        }

        var argument: any DatabaseValueConvertible {
            switch self {
            case .integer(let integer): integer
            case .text(let text): text
            }
        }
    }

    init(list: String, keys: [Key]) throws {
        let data = try JSONEncoder().encode(Payload(list: list, keys: keys))
        rawValue = data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The key values, checked against the list that reads them.
    func keys(forList list: String, count: Int) throws -> [Key] {
        var base64 = rawValue.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let payload = try? JSONDecoder().decode(Payload.self, from: data)
        else {
            throw CatalogError.invalidCursor(reason: "'\(rawValue.prefix(40))' is not a cursor this program made")
        }
        guard payload.list == list else {
            throw CatalogError.invalidCursor(reason: "it belongs to another list")
        }
        guard payload.keys.count == count else {
            throw CatalogError.invalidCursor(reason: "it holds \(payload.keys.count) keys, the list sorts by \(count)")
        }
        return payload.keys
    }
}
