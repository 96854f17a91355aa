import CatalogViews
import Foundation
import Testing

/// The directly written JSON text is byte for byte what `JSONEncoder` writes in the same format.
@Suite struct JSONTextTests {
    static let samples: [JSONValue] = {
        let controls = String((0..<0x20).map { Character(UnicodeScalar(UInt8($0))) })
        let keys: JSONValue = ["sortTitle": 1, "sort_key": 2, "Sort": 3, "a10": 4, "a9": 5, "B": 6, "é": 7, "z": 8]
        let page: JSONValue = [
            "items": [["title": "<img src=x onerror=alert(1)>", "year": .null, "tags": ["a", "b"]]], "next": .null,
        ]
        let nested: JSONValue = [[], [:], [[:]]]
        return [
            .null, .bool(true), .int(0), .int(-42), .string(""), .string("plain"), .double(1.5), .double(1e20),
            .double(-0.0), .array([]), .object([:]), nested, keys, .string(controls + "\"\\/\u{7F}é😀\u{2028}"), page,
        ]
    }()

    @Test(arguments: samples)
    func matchesTheEncoder(value: JSONValue) throws {
        #expect(JSONText.encode(value) == (try Self.encoded(value)))
    }

    @Test func randomTreesMatchTheEncoder() throws {
        var seed: UInt64 = 0x5EED_1234
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func tree(depth: Int) -> JSONValue {
            switch next(depth > 3 ? 4 : 7) {
            case 0: return .null
            case 1: return .int(next(2_000_000) - 1_000_000)
            case 2: return .string(String((0..<next(12)).map { _ in Character(UnicodeScalar(UInt8(next(128)))) }))
            case 3: return .bool(next(2) == 0)
            case 4, 5: return .array((0..<next(5)).map { _ in tree(depth: depth + 1) })
            default:
                return .object(
                    Dictionary((0..<next(5)).map { _ in ("k\(next(30))", tree(depth: depth + 1)) }) { first, _ in first
                    })
            }
        }
        for round in 0..<500 {
            let value = tree(depth: 0)
            #expect(JSONText.encode(value) == (try Self.encoded(value)), "round \(round), seed 0x5EED1234")
        }
    }

    /// What `JSONEncoder` writes for `value` in the catalog's format.
    private static func encoded(_ value: JSONValue) throws -> String {
        try JSONText.encode(Wrapped(value))
    }

    /// Hides the value's type so the generic, `JSONEncoder` path is taken.
    private struct Wrapped: Encodable {
        let value: JSONValue
        init(_ value: JSONValue) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }
}
