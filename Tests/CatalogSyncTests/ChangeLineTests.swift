import Catalog
import CatalogSync
import Foundation
import TestSupport
import Testing

/// `ChangeLine` reads the feed's JSON lines as `JSONDecoder` reads them through `Change`'s `Codable` form, and
/// refuses what is not JSON or not a change.
@Suite struct ChangeLineTests {
    private func decoded(_ text: String) throws -> ChangeLine {
        try ChangeLine(Data(text.utf8))
    }

    /// Every line of a feed with edits, deletes, links and non-ASCII names.
    @Test func everyLineOfAFeedReadsAsJSONDecoderReadsIt() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let catalog = fixture.catalog
        let author = try catalog.authors.create(AuthorDraft(name: "Émile \"Zola\" \\ 東野圭吾 😀"))
        let book = try catalog.books.create(BookDraft(title: "Tab\tand\nnewline", year: -450))
        try catalog.books.setCredits([BookCredit(authorID: author.id, role: .translator)], of: book.id)
        let doomed = try catalog.books.create(BookDraft(title: "Doomed"))
        try catalog.books.delete(id: doomed.id)
        var lines: [String] = []
        try fixture.feed.writeJSONLines(since: 0) { lines.append(String($0.dropLast())) }
        try #require(lines.count > 20)
        let decoder = JSONDecoder()
        for line in lines.dropLast() {
            #expect(try decoded(line) == .change(try decoder.decode(Change.self, from: Data(line.utf8))))
        }
        let trailer = try decoder.decode(ChangeBatch.Trailer.self, from: Data(lines.last!.utf8))
        #expect(try decoded(lines.last!) == .trailer(trailer))
        let deleted = try lines.compactMap { line -> Change? in
            guard case .change(let change) = try decoded(line), change.entity == nil else { return nil }
            return change
        }
        #expect(deleted.map(\.uuid) == [doomed.uuid.uuidString.lowercased()])
    }

    /// The text is what `JSONEncoder` writes with sorted keys and unescaped slashes, byte for byte, so the lines
    /// of `catalog changes` and `GET /v1/changes` did not change when they stopped going through it.
    @Test func theTextIsJSONEncodersWithSortedKeys() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let catalog = fixture.catalog
        let controls = (1..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let author = try catalog.authors.create(AuthorDraft(name: "A/B \"q\" \\ \(controls)\u{7F} é 😀 \u{2028}"))
        let book = try catalog.books.create(BookDraft(title: "T", isbn13: "9780807083697", year: -450, pages: 12))
        try catalog.books.setCredits([BookCredit(authorID: author.id, role: .editor)], of: book.id)
        try catalog.books.delete(id: try #require(try catalog.books.page(after: nil, limit: 1).items.first).id)
        let twin = try catalog.authors.create(AuthorDraft(name: "Twin"))
        try CatalogEditor(fixture.server, actor: "test").merge(.author, uuid: twin.uuid, into: author.uuid)
        var changes: [Change] = []
        var batch = try fixture.feed.changes(since: 0)
        changes += batch.changes
        while batch.hasMore {
            batch = try fixture.feed.changes(since: batch.lastSequence)
            changes += batch.changes
        }
        try #require(changes.contains { $0.entity == nil })
        let merge = try #require(changes.first { $0.operation == .merge })
        #expect(merge.uuid == twin.uuid.uuidString.lowercased())
        #expect(merge.mergedInto == author.uuid.uuidString.lowercased())
        #expect(ChangeLine.change(merge).text.contains(#""entity":null,"into":"\#(merge.mergedInto ?? "")","kind""#))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for change in changes {
            #expect(ChangeLine.change(change).text == String(decoding: try encoder.encode(change), as: UTF8.self))
            #expect(try ChangeLine(Data(ChangeLine.change(change).text.utf8)) == .change(change))
        }
        let trailer = batch.trailer
        #expect(ChangeLine.trailer(trailer).text == String(decoding: try encoder.encode(trailer), as: UTF8.self))
    }

    @Test func escapesSpacesOrderAndUnknownKeys() throws {
        let line = #"""
             { "uuid" : "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00" , "extra": [1, 2.5e3, {"x": [true, false, null]}],
            "op":"delete", "kind":"band", "at":"2026-01-01T00:00:00.000Z", "entity":null, "seq": 9223372036854775807 }
            """#
        guard case .change(let change) = try decoded(line.replacingOccurrences(of: "\n", with: " ")) else {
            Issue.record("not a change")
            return
        }
        #expect(change.uuid == "a\"b\\c/d\u{8}\u{C}\n\r\té😀")
        #expect(change.sequence == Int64.max)
        #expect(change.kind == .band)
        #expect(change.operation == .delete)
        #expect(change.entity == nil)
    }

    @Test(arguments: [
        ("", "unexpected end of file, expected a value at column 1"),
        ("[]", "a line must be a JSON object"),
        (#"{"seq": 1"#, "unexpected end of file inside an object at column 10"),
        (#"{"seq": 01}"#, "invalid number: it must not start with 0"),
        (#"{"seq": -}"#, "invalid number: no digit after '-'"),
        (#"{"seq": 1.}"#, "invalid number: no digit after the decimal point"),
        (#"{"seq": 1} x"#, "unexpected text after the end of the JSON value at column 12"),
        (#"{seq: 1}"#, "expected a member name in double quotes at column 2"),
        (#"{"seq" 1}"#, "expected ':' after a member name"),
        (#"{"seq": tru}"#, "invalid literal, expected 'true'"),
        (#"{"uuid": "a\qb"}"#, "invalid escape '\\q' inside a string"),
        (#"{"uuid": "\ud83d"}"#, "a lone surrogate"),
        (#"{"uuid": "\ude00"}"#, "a lone surrogate"),
        (#"{"uuid": "\u12g4"}"#, "invalid \\u escape: expected 4 hexadecimal digits"),
        ("{\"uuid\": \"a\tb\"}", "a control character"),
        (#"{"uuid": "open"#, "unexpected end of file inside a string"),
        (String(repeating: "[", count: 40), "arrays and objects nest deeper than 32 levels"),
        (
            #"{"seq": "1", "kind": "book", "uuid": "u", "op": "insert", "at": "t", "entity": null}"#,
            "seq: expected an integer, found a string"
        ),
        (
            #"{"seq": 1.5, "kind": "book", "uuid": "u", "op": "insert", "at": "t", "entity": null}"#,
            "seq: expected an integer, found a number that is not an integer"
        ),
        (
            #"{"seq": 1, "kind": "shelf", "uuid": "u", "op": "insert", "at": "t", "entity": null}"#,
            "kind: 'shelf' is not book, author, genre or band"
        ),
        (#"{"seq": 1, "kind": "book", "op": "insert", "at": "t", "entity": null}"#, "uuid: missing or null"),
        (
            #"{"seq": 1, "kind": "book", "uuid": "u", "op": "merge", "at": "t", "entity": null}"#,
            "into: a merge names the entity it went into"
        ),
        (
            #"{"seq": 1, "kind": "book", "uuid": "u", "op": "delete", "into": "v", "at": "t", "entity": null}"#,
            "into: a merge names the entity it went into, and only a merge does"
        ),
        (#"{"seq": 1, "kind": "book", "uuid": "u", "op": "insert", "at": "t"}"#, "entity: missing"),
        (
            #"{"seq": 1, "kind": "genre", "uuid": "u", "op": "insert", "at": "t", "entity": {"uuid": "u", "name": "x"}}"#,
            "entity.nameKey: missing or null"
        ),
        (
            #"{"since": 0, "last_seq": 5, "more": "no", "database": "d", "pruned_before": 0}"#,
            "more: expected a boolean, found a string"
        ),
    ])
    func whatIsNotJSONOrNotAChangeIsRefused(line: String, reason: String) throws {
        do {
            let decoded = try decoded(line)
            Issue.record("accepted: \(decoded)")
        } catch let error as ChangeLineError {
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let line = Data(#"{"uuid": "a"#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        #expect(throws: ChangeLineError.self) { try ChangeLine(line) }
    }

    /// A link row of the wrong shape names where it is.
    @Test func aBadLinkRowIsNamedByItsPlace() throws {
        let line = #"""
            {"seq": 1, "kind": "book", "uuid": "u", "op": "insert", "at": "t", "entity": {"uuid": "u", "title": "T",
            "sortTitle": "T", "sortKey": "t", "createdAt": "c", "updatedAt": "c",
            "authors": [{"author": "a", "role": "author", "position": 0}, 7], "genres": []}}
            """#
        #expect {
            try decoded(line.replacingOccurrences(of: "\n", with: " "))
        } throws: { error in
            "\(error)".contains("entity.authors[1]: expected an object, found an integer")
        }
    }
}
