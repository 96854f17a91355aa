import Catalog
import Testing

@testable import CatalogImport

@Suite struct CSVReaderTests {
    private func read(_ text: String, dialect: CSVDialect = .csv, chunkSize: Int = 64) throws -> (CSVReader, [CSVRow]) {
        let reader = try CSVReader(input: Fixture.memory(Array(text.utf8), chunkSize: chunkSize), dialect: dialect)
        return (reader, try Fixture.rows(reader))
    }

    @Test func readsBOMAndCRLFFixture() throws {
        let reader = try CSVReader(input: TextInput(path: Fixture.path("bom_crlf.csv")))
        #expect(reader.header == ["title", "authors", "year"])
        let rows = try Fixture.rows(reader)
        #expect(rows.map(\.record.fields) == [["Dune", "Frank Herbert", "1965"], ["Emma", "Jane Austen", "1815"]])
        #expect(rows.map(\.record.line) == [2, 4])
    }

    @Test func readsQuotedCommasDoubledQuotesAndNewlines() throws {
        let reader = try CSVReader(input: TextInput(path: Fixture.path("quoted.csv")))
        let rows = try Fixture.rows(reader)
        #expect(
            rows.map(\.record.fields) == [
                ["Crime, and Punishment", "Fyodor Dostoevsky", "He said \"hello\""],
                ["Dune", "Frank Herbert", "Line one\nLine two"],
                ["", "Nobody", "-"],
            ])
        #expect(rows.map(\.record.line) == [2, 3, 5])
        #expect(rows[1].record.fieldLines == [3, 3, 3])
    }

    @Test func raggedRowsAreValuesAndReadingGoesOn() throws {
        let reader = try CSVReader(input: TextInput(path: Fixture.path("ragged.csv")))
        let rows = try Fixture.rows(reader)
        #expect(rows.count == 4)
        #expect(rows[0] == .record(CSVRecord(line: 3, fields: ["Dune", "Frank Herbert", "1965"])))
        #expect(rows[1] == .ragged(CSVRecord(line: 4, fields: ["Too Few", "Someone"]), expected: 3))
        #expect(rows[2] == .ragged(CSVRecord(line: 7, fields: ["Too Many", "A", "1999", "extra"]), expected: 3))
        #expect(rows[3] == .record(CSVRecord(line: 8, fields: ["Emma", "Jane Austen", "1815"])))
    }

    @Test func unterminatedQuoteNamesTheLineItOpened() {
        let path = Fixture.path("unterminated.csv")
        #expect(throws: ReaderError.unterminatedQuote(path: path, line: 3)) {
            _ = try Fixture.rows(CSVReader(input: TextInput(path: path)))
        }
    }

    /// A column name is short text: a header cell over 4 KiB (the sign of a file whose first line is not a header,
    /// or of a quote left open in it) refuses the file, naming the cell, instead of being cut without a word.
    @Test(arguments: [FieldLimits.shortTextBytes + 1, FieldLimits.fieldBytes + 10])
    func aHeaderCellOverTheLimitRefusesTheFile(byteCount: Int) {
        let text = "title,authors," + String(repeating: "x", count: byteCount) + "\nDune,Frank Herbert,1\n"
        #expect(
            throws: ReaderError.oversizedHeaderCell(path: "test.csv", line: 1, column: 3, byteCount: byteCount)
        ) { try read(text, chunkSize: 4096) }
    }

    @Test func aHeaderCellAtTheLimitIsKept() throws {
        let name = String(repeating: "x", count: FieldLimits.shortTextBytes)
        let (reader, rows) = try read("title," + name + "\nDune,1\n", chunkSize: 4096)
        #expect(reader.header == ["title", name])
        #expect(rows.count == 1)
    }

    @Test func aHeaderOfTooManyCellsRefusesTheFile() {
        let text = String(repeating: "a,", count: FieldLimits.rowFields) + "a\n1\n"
        #expect(throws: ReaderError.tooManyHeaderCells(path: "test.csv", line: 1)) { try read(text, chunkSize: 65536) }
    }

    @Test func anOversizedHeaderCellMessageNamesTheCellAndTheLimit() {
        let error = ReaderError.oversizedHeaderCell(path: "books.csv", line: 1, column: 3, byteCount: 5000)
        #expect(
            error.description
                == "books.csv:1: header cell 3 is 5000 bytes of UTF-8, over the limit of 4096 bytes (4 KiB) for a "
                + "column name; check that the first line is the header and that no quote in it is left open.")
        #expect(error.category == .unusableFile)
    }

    @Test func emptyFileHasNoHeader() {
        #expect(throws: ReaderError.missingHeader(path: "test.csv")) { try read("\n\r\n") }
    }

    @Test(arguments: [
        ("a,b\n1,2\n", [["1", "2"]]),
        ("a,b\r\n1,2\r\n", [["1", "2"]]),
        ("a,b\r1,2\r", [["1", "2"]]),
        ("a,b\n1,2", [["1", "2"]]),
        ("a,b\n\n\n1,2\n\n", [["1", "2"]]),
        ("a,b\n1,\n", [["1", ""]]),
        ("a,b\n,\n", [["", ""]]),
        ("a\n\"\"\n", [[""]]),
        ("a,b\n\"x\"\"\",\"\"\"y\"\n", [["x\"", "\"y"]]),
        ("a,b\n5\" disk,ok\n", [["5\" disk", "ok"]]),
        ("a,b\n\"q\"tail,ok\n", [["qtail", "ok"]]),
        ("a,b\n\"1\r\n2\",3\r\n", [["1\r\n2", "3"]]),
    ])
    func parsesEdgeCases(text: String, expected: [[String]]) throws {
        for chunkSize in [1, 2, 3, 64] {
            let (_, rows) = try read(text, chunkSize: chunkSize)
            #expect(rows.map(\.record.fields) == expected, "chunk size \(chunkSize)")
        }
    }

    @Test func tabSeparatedWithQuotesOptional() throws {
        let (reader, rows) = try read("a\tb\n\"x, y\"\tz\n", dialect: .tsv)
        #expect(reader.header == ["a", "b"])
        #expect(rows.map(\.record.fields) == [["x, y", "z"]])
        let (_, plain) = try read("a\tb\n\"x\t5\"\"\n", dialect: CSVDialect(separator: 0x09, quote: nil))
        #expect(plain.map(\.record.fields) == [["\"x", "5\"\""]])
    }

    @Test func separatorNamesParse() {
        #expect(CSVDialect(separator: "tab") == .tsv)
        #expect(CSVDialect(separator: ";")?.separator == UInt8(ascii: ";"))
        #expect(CSVDialect(separator: "ab") == nil)
        #expect(CSVDialect(separator: "\"") == nil)
    }

    @Test func lineNumbersCountPhysicalLines() throws {
        let (reader, rows) = try read("h1,h2\n\"multi\nline\",x\nnext,y\n")
        #expect(rows.map(\.record.line) == [2, 4])
        #expect(reader.progress.line == 5)
    }
}
