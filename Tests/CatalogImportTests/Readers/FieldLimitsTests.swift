import Catalog
import Foundation
import Testing

@testable import CatalogImport

/// The limits on imported values, and every reader applying them: an over-long value or a control character
/// rejects its row with its place and the limit, the reader keeps at most one field's limit of it, and reading
/// goes on correctly after it.
@Suite struct FieldLimitsTests {
    @Test(arguments: [
        ("Bad\0Title", FieldLimits.Kind.shortText, "control character U+0000 at byte 3"),
        ("Escape\u{1B}[31m", .shortText, "control character U+001B at byte 6"),
        ("Vertical\u{0B}tab", .longText, "control character U+000B at byte 8"),
        ("C1 \u{98} control", .shortText, "control character U+0098 at byte 3"),
        ("Delete\u{7F}", .shortText, "control character U+007F at byte 6"),
        ("Summary\0", .longText, "control character U+0000 at byte 7"),
        (String(repeating: "x", count: 4097), .shortText, "is 4097 bytes of UTF-8, over the limit of 4096 bytes"),
        ("a" + String(repeating: "\u{301}", count: 200_000), .shortText, "is 400001 bytes of UTF-8"),
        (String(repeating: "x", count: 65_537), .longText, "over the limit of 65536 bytes (64 KiB) for a summary"),
    ])
    func refusedValues(text: String, kind: FieldLimits.Kind, reason: String) throws {
        let violation = try #require(FieldLimits.violation(text, kind))
        #expect(violation.contains(reason), "\(violation)")
    }

    @Test(arguments: [
        ("  Surrounding whitespace\t\r\n", FieldLimits.Kind.shortText),
        ("Tab\tinside", .shortText), ("Line\nbreak", .shortText), ("Once upon \r\na time", .shortText),
        ("Paragraphs\n\nand\ttabs\r\n", .longText),
        (String(repeating: "é", count: 2048), .shortText),
        ("Motörhead — ünïcödé 書名", .shortText),
    ])
    func allowedValues(text: String, kind: FieldLimits.Kind) {
        #expect(FieldLimits.violation(text, kind) == nil)
    }

    @Test(arguments: [
        ("Once upon \na time", FieldLimits.Kind.shortText, "Once upon  a time"),
        ("Once upon \r\na\ttime", .shortText, "Once upon   a time"),
        ("Paragraphs\n\nkept", .longText, "Paragraphs\n\nkept"),
        ("Plain", .shortText, "Plain"),
    ])
    func shortTextHasItsTabsAndLineBreaksFoldedToSpaces(text: String, kind: FieldLimits.Kind, folded: String) {
        #expect(FieldLimits.folded(text, kind) == folded)
    }

    /// csv-spectrum's `newlines.csv` and `newlines_crlf.csv`: a quoted cell holding a line break is one title on one
    /// line, as a spreadsheet shows it; the summary keeps its breaks.
    @Test(arguments: ["\n", "\r\n"])
    func aLineBreakInsideAQuotedTitleBecomesASpace(lineEnd: String) throws {
        let text = [
            "title,authors,summary", "\"Once upon \(lineEnd)a time\",\"Ann\(lineEnd)Author\",\"One\(lineEnd)Two\"", "",
        ]
        .joined(separator: lineEnd)
        let rows = try Fixture.rows(Fixture.books(text))
        let book = try #require(rows.first?.book, "\(rows)")
        #expect(book.title == "Once upon a time")
        #expect(book.contributors.map(\.author.name) == ["Ann Author"])
        #expect(book.summary == "One\(lineEnd)Two")
    }

    // MARK: CSV

    @Test(arguments: [1, 7, 64 * 1024])
    func anOversizedCSVFieldIsCutRejectedAndReadingGoesOn(chunkSize: Int) throws {
        let big = String(repeating: "A", count: FieldLimits.fieldBytes + 10)
        let text = "title,authors,summary\n\"\(big)\",Someone,\"multi\nline\"\nFine,Other,\"x,\"\"y\"\"\"\n"
        let input = Fixture.memory(Array(text.utf8), chunkSize: chunkSize)
        let rows = try Fixture.rows(CSVImportReader<BookRowMapper>(input: input, options: CSVImportOptions()))
        #expect(rows.count == 2)
        let rejected = try #require(rows.first?.rejected)
        #expect(rejected.line == 2)
        #expect(rejected.issues.map(\.column) == ["title"])
        #expect(rejected.reason.contains("is 65546 bytes of UTF-8, over the limit of 65536 bytes (64 KiB) for a field"))
        #expect(rejected.rawValues[0].utf8.count == FieldLimits.fieldBytes)
        #expect(rejected.rawValues[1...] == ["Someone", "multi\nline"])
        let book = try #require(rows.last?.book)
        #expect(book.title == "Fine" && book.summary == "x,\"y\"")
    }

    @Test func csvValuesOverTheirLimitOrWithControlCharactersRejectTheRow() throws {
        let longTitle = String(repeating: "t", count: FieldLimits.shortTextBytes + 1)
        let text = """
            title,authors,summary
            \(longTitle),Someone,ok
            "Bad\u{0}Title",Someone,ok
            Title,"Some\u{1}one",ok
            Title,Someone,"Tabs\tand
            lines are fine in a summary"

            """
        let rows = try Fixture.rows(Fixture.books(text))
        #expect(rows.count == 4)
        let first = try #require(rows[0].rejected)
        #expect(first.issues.map(\.column) == ["title"])
        #expect(first.reason.contains("is 4097 bytes of UTF-8, over the limit of 4096 bytes (4 KiB)"))
        #expect(first.issues[0].value?.hasSuffix("…") == true)
        let second = try #require(rows[1].rejected)
        #expect(second.issues.count == 1)
        #expect(second.line == 3)
        #expect(second.issues[0].reason.contains("control character U+0000"))
        #expect(try #require(rows[2].rejected).issues.map(\.column) == ["authors"])
        #expect(rows[3].book?.summary == "Tabs\tand\nlines are fine in a summary")
    }

    @Test func aCSVRowOverTheRowLimitIsCutAndRejected() throws {
        let field = String(repeating: "f", count: 60 * 1024)
        let columns = (1...20).map { "c\($0)" }
        let text =
            "title," + columns.joined(separator: ",") + "\nT,"
            + Array(repeating: field, count: 20).joined(separator: ",")
            + "\nFine" + String(repeating: ",", count: 20) + "\n"
        let rows = try Fixture.rows(Fixture.books(text))
        #expect(rows.count == 2)
        let rejected = try #require(rows[0].rejected)
        // 1 MiB holds the title, 17 fields of 60 KiB and the beginning of the 18th; the rest are cut.
        #expect(rejected.issues.map(\.column) == ["c18", "c19", "c20"])
        #expect(rejected.issues[0].reason.contains("is cut: its row is over the limit of 1048576 bytes (1 MiB)"))
        #expect(rows[1].book?.title == "Fine")
    }

    @Test func aCSVRowOfTooManyFieldsIsRejected() throws {
        let text = "title\n" + String(repeating: ",", count: FieldLimits.rowFields + 5) + "\nFine\n"
        let rows = try Fixture.rows(Fixture.books(text))
        #expect(rows.count == 2)
        #expect(try #require(rows[0].rejected).reason.contains("more than 65536 fields"))
        #expect(rows[1].book?.title == "Fine")
    }

    // MARK: Open Library

    @Test func anOverlongDumpLineIsRejectedAndReadingResynchronises() throws {
        let work = { (key: String, title: String) in
            "/type/work\t/works/\(key)\t1\t2020-01-01\t{\"title\": \"\(title)\"}\n"
        }
        let text =
            work("OL1W", String(repeating: "A", count: FieldLimits.lineBytes)) + work("OL2W", "Fine")
            + work("OL3W", "Bad\\u0000Title")
            + work(
                "OL4W",
                String(repeating: "t", count: 3000) + "\", \"subtitle\": \"" + String(repeating: "s", count: 2000))
        let input = TextInput(source: MemoryByteSource(Array(text.utf8), name: "dump.txt"), chunkSize: 4096)
        let rows = try Fixture.rows(OpenLibraryDumpReader(input: input))
        #expect(rows.count == 4)
        let long = try #require(rows[0].rejected)
        #expect(long.line == 1)
        #expect(
            long.reason.contains("is 4194353 bytes of UTF-8, over the limit of 4194304 bytes (4 MiB) for a dump line"))
        #expect(rows[1].book?.title == "Fine")
        let control = try #require(rows[2].rejected)
        #expect(control.line == 3 && control.issues.map(\.column) == ["title"])
        #expect(control.reason.contains("control character U+0000"))
        // The title stored is "title: subtitle", and that is what the limit applies to.
        let joined = try #require(rows[3].rejected)
        #expect(joined.issues.map(\.column) == ["title"])
        #expect(joined.reason.contains("is 5002 bytes of UTF-8, over the limit of 4096 bytes (4 KiB)"))
    }

    // MARK: JSON

    private func document(_ json: String, chunkSize: Int = TextInput.defaultChunkSize) throws -> JSONCatalogDocument {
        try JSONCatalogReader().read(Array(json.utf8), file: "test.json", defaultSource: "test", chunkSize: chunkSize)
    }

    @Test func jsonValuesOverTheirLimitOrWithControlCharactersRejectTheirEntry() throws {
        let long = String(repeating: "x", count: FieldLimits.fieldBytes + 1)
        let json = """
            {"authors": [{"key": "a", "name": "A\\u0000B"}],
             "books": [
               {"key": "b1", "title": "\(long)"},
               {"key": "b2", "title": "Fine", "summary": "Para\\n\\nGraph"},
               {"key": "b3", "title": "T", "genres": ["Bad\\u0007Genre"]}]}
            """
        let document = try document(json)
        #expect(document.records.map(\.label) == ["book 'book/b2' (Fine)"])
        #expect(document.rejections.map(\.line) == [1, 3, 5])
        #expect(
            document.rejections.map { $0.issues.map(\.column) } == [
                ["authors[0].name"], ["books[0].title"], ["books[2].genres[0]"],
            ])
        #expect(document.rejections[0].reason.contains("control character U+0000"))
        #expect(document.rejections[1].reason.contains("is 65537 bytes of UTF-8, over the limit of 4096 bytes (4 KiB)"))
    }

    @Test func aJSONRecordOverTheRowLimitIsRejectedAndReadingGoesOn() throws {
        let many = Array(repeating: "\"\(String(repeating: "g", count: 1000))\"", count: 1100).joined(separator: ",")
        let json = """
            {"books": [{"key": "big", "title": "Big", "genres": [\(many)]},
                       {"key": "b", "title": "Fine"}]}
            """
        let document = try document(json)
        #expect(document.records.map(\.label) == ["book 'book/b' (Fine)"])
        #expect(document.rejections.map(\.record) == ["book #1"])
        #expect(document.rejections[0].reason.contains("is more than 1048576 bytes (1 MiB) of JSON"))
    }

    @Test(arguments: [
        (
            "{\"books\": [{\"key\": \"k\", \"title\": \"t\",}]}",
            "line 1, column 38, byte offset 37: expected a member name"
        ),
        (
            "{\"books\": [\n  {\"key\": \"k\", \"year\": 19x}]}",
            "line 2, column 26, byte offset 37: unexpected character 'x'"
        ),
        (
            "{\"books\": [{\"key\": \"k\", \"title\": \"t\", \"year\": \"1937\"}]}",
            "at books[0].year (line 1, column 47, byte offset 46): expected a whole number"
        ),
        ("{\"books\": \"none\"}", "expected an array, found a string"),
        ("[]", "expected the catalog object"),
        ("{\"source\": \"a\\u0001b\"}", "at source (line 1): holds the control character U+0001"),
        ("{\"books\": []} {}", "unexpected text after the end of the JSON value"),
        ("{\"books\": [\"unterminated]}", "unexpected end of file inside a string"),
        (
            "{\"x\": " + String(repeating: "[", count: 100),
            "line 1, column 70, byte offset 69: arrays and objects nest deeper than 64 levels"
        ),
        ("\u{FEFF}{\"books\": [1]}", "at books[0] (line 1, column 12, byte offset 14): expected an object"),
    ])
    func malformedJSONNamesThePlace(json: String, message: String) {
        #expect {
            _ = try document(json)
        } throws: { error in
            "\(error)".contains(message)
                || {
                    print("\(error)")
                    return false
                }()
        }
    }

    @Test func membersMayComeInAnyOrderAndChunksCutAnywhere() throws {
        let json = """
            {"books": [{"key": "b", "title": "Tïtle \\ud83d\\ude00", "authors": [{"author": "a", "role": "editor"}],
                        "genres": ["g"], "year": 1.937e3}],
             "bands": null, "extra": {"nested": [1, 2.5, -3e-2, true, false, null]},
             "authors": [{"key": "a", "name": "A"}], "genres": [{"key": "g", "name": "G"}],
             "source": "late", "version": 1, "format": "catalog"}
            """
        let whole = try document(json)
        #expect(whole.source == "late")
        #expect(
            whole.records.map(\.label) == ["genre 'genre/g' (G)", "author 'author/a' (A)", "book 'book/b' (Tïtle 😀)"])
        guard case .book(let book) = whole.records[2] else { return }
        #expect(book.year == 1937 && book.contributors.first?.role == .editor)
        for chunkSize in [1, 2, 3, 5, 17] {
            #expect(try document(json, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
    }
}
