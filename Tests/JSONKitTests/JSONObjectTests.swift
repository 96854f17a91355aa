import Testing

@testable import JSONKit

/// Typed member access, its errors naming the member's path.
@Suite struct JSONObjectTests {
    static let book = #"""
        {"title": "Dune", "year": 1965, "draft": false, "ratio": 1.5, "note": null,
         "credits": [{"name": "Frank Herbert", "role": "author"}, {"name": "x", "role": 7}, 3]}
        """#

    static func object() throws -> JSONObject {
        try JSONObject(try JSONReader.document(Array(book.utf8)))
    }

    @Test func membersAreReadByType() throws {
        let book = try Self.object()
        #expect(try book.string("title") == "Dune")
        #expect(try book.integer("year") == 1965)
        #expect(try book.bool("draft") == false)
        #expect(book.has("note"))
        #expect(book.optional("note") == nil)
        #expect(try book.array("credits").count == 3)
        #expect(try book.optionalObject("note") == nil)
    }

    @Test func errorsNameThePath() throws {
        let book = try Self.object()
        func message(_ read: (JSONObject) throws -> Any) -> String {
            do {
                _ = try read(book)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(message { try $0.integer("title") } == "title: expected an integer, found a string")
        #expect(
            message { try $0.integer("ratio") } == "ratio: expected an integer, found a number that is not an integer")
        #expect(message { try $0.string("note") } == "note: missing or null")
        #expect(message { try $0.string("absent") } == "absent: missing or null")
        #expect(
            message { try $0.optionalObject("year") as Any } == "year: expected an object or null, found an integer")
        #expect(message { try $0.objects("credits") } == "credits[2]: expected an object, found an integer")
        let credits = try book.array("credits").prefix(2).enumerated().map { index, node in
            try JSONObject(node, path: book.path.member("credits").element(index))
        }
        #expect(
            message { _ in try credits[1].string("role") } == "credits[1].role: expected a string, found an integer")
        #expect(throws: JSONAccessError.self) { try JSONObject(try JSONReader.document(Array("[]".utf8))) }
        #expect(JSONPath.root.description == "$")
    }

    @Test func anErrorKeepsThePositionOfTheValue() throws {
        let book = try Self.object()
        #expect {
            try book.string("year")
        } throws: { error in
            (error as? JSONAccessError)?.position == JSONPosition(line: 1, column: 27, byteOffset: 26)
        }
    }
}
