import Catalog
import Foundation
import TestSupport
import Testing

@testable import CatalogImport

/// The ISO 2709 reader and the MARC mapping over the hand-made files of `Fixtures/MARC` (`make_fixtures.py`).
@Suite struct ISO2709ReaderTests {
    static func path(_ name: String) -> String {
        Fixture.path("MARC/\(name)")
    }

    /// Every row of a MARC file, read `chunkSize` bytes at a time.
    static func rows(_ name: String, encoding: MARCEncoding? = nil, chunkSize: Int = 64 * 1024) throws -> [ImportRow] {
        let bytes = [UInt8](try Data(contentsOf: URL(filePath: path(name))))
        let source = MemoryByteSource(bytes, name: name)
        return try Fixture.rows(
            MARCImportReader(ISO2709Reader(source: source, encoding: encoding, chunkSize: chunkSize)))
    }

    @Test func readsTheBooksOfAUTF8File() throws {
        let rows = try Self.rows("books.mrc")
        #expect(rows.count == 4)
        let hobbit = try #require(rows[0].book)
        #expect(
            hobbit
                == BookRecord(
                    key: "hob001", title: "The hobbit, or, There and back again",
                    sortTitle: "hobbit, or, There and back again",
                    isbn13: "9780261102217", year: 1937, pages: 310, language: "en",
                    summary: "Bilbo Baggins is swept into a quest.",
                    contributors: [
                        .init(
                            author: AuthorRecord(name: "J. R. R. Tolkien", sortName: "Tolkien, J. R. R."), role: .author
                        )
                    ],
                    genres: [GenreRecord(name: "Dragons"), GenreRecord(name: "Fantasy fiction")]))
        if case .accepted(let accepted) = rows[0] { #expect(accepted.sourceName == "DLC") }

        let solitude = try #require(rows[1].book)
        #expect(solitude.title == "Cent ans de solitude: roman")
        #expect(solitude.sortTitle == nil)
        #expect(solitude.year == 1967, "a reprint (008/06 r) is dated by its original, Date 2")
        #expect(solitude.language == "fr")
        #expect(solitude.pages == 437)
        #expect(solitude.isbn13 == "9782020238113")
        #expect(solitude.credits.map(\.name) == ["Gabriel García Márquez", "Claude Durand"])
        #expect(solitude.credits.map(\.name).allSatisfy { $0 == $0.precomposedStringWithCanonicalMapping })
        #expect(solitude.credits.map(\.role) == [.author, .translator])
        #expect(solitude.genres == [GenreRecord(name: "Families")])

        let congress = try #require(rows[2].book)
        #expect(congress.key == "cong003")
        #expect(congress.credits == [.init(author: AuthorRecord(name: "United States. Congress"), role: .author)])
        #expect(congress.year == 1999, "008 Date 1 uuuu: the year of 260 $c")
        #expect(congress.language == "en", "008 has no language: 041 $a")
        if case .accepted(let accepted) = rows[2] { #expect(accepted.sourceName == nil) }

        let pictures = try #require(rows[3].book)
        #expect(pictures.key == nil, "no 001: the importer derives a key")
        #expect(pictures.isbn13 == nil)
        #expect(pictures.sortTitle == "night kitchen")
        #expect(pictures.credits.map(\.role) == [.author, .illustrator, .editor])
        #expect(pictures.credits.map(\.name) == ["Maurice Sendak", "Jack Sendak", "Ursula"])
        guard case .accepted(let accepted) = rows[3] else { return }
        #expect(accepted.warnings.map(\.value) == ["0261102215"])
        #expect(accepted.warnings.first?.reason.contains("checksum fails") == true)
    }

    /// Each broken record is rejected alone with its number, byte offset and why; reading goes on after it.
    @Test func rejectsEachBrokenRecordAndReadsOn() throws {
        let rows = try Self.rows("broken.mrc")
        #expect(
            rows.map { $0.book?.title } == [
                "The hobbit, or, There and back again", nil, nil, nil, nil, nil, "Congressional record",
            ])
        let rejections = rows.compactMap(\.rejected)
        #expect(
            rejections.map { $0.record.prefix(9) } == ["record 2 ", "record 3 ", "record 4 ", "record 5 ", "record 6 "])
        let reasons = rejections.map(\.reason)
        #expect(reasons[0].contains("the leader says the record is"))
        #expect(reasons[1].contains("does not end with a field terminator (0x1E)"))
        #expect(reasons[2].contains("has the indicator '!'"))
        #expect(reasons[3].contains("not a whole number of 12-byte entries"))
        #expect(reasons[4].contains("base address of data (bytes 12–16) is '000xx'"))
        let bytes = [UInt8](try Data(contentsOf: URL(filePath: Self.path("broken.mrc"))))
        let firstEnd = Int64(try #require(bytes.firstIndex(of: 0x1D))) + 1
        #expect(rejections[0].record == "record 2 (byte offset \(firstEnd))")
        #expect(
            rejections[0].description.hasPrefix("broken.mrc: record 2 (byte offset \(firstEnd)): the leader says"))
    }

    @Test(arguments: [1, 3, 7, 64])
    func theRowsDoNotDependOnTheReadCuts(chunkSize: Int) throws {
        for file in ["books.mrc", "broken.mrc", "marc8.mrc"] {
            #expect(try Self.rows(file, chunkSize: chunkSize) == Self.rows(file), "\(file)")
        }
    }

    @Test func aLeaderThatSaysUTF8OverMARC8TextBreaksTheRecordUnlessTheEncodingIsGiven() throws {
        let rows = try Self.rows("lying_leader.mrc")
        let reason = try #require(rows.first?.rejected?.reason)
        #expect(reason.contains("field 245 $a is not valid UTF-8: byte 0xE2 at byte offset"))
        let given = try Self.rows("lying_leader.mrc", encoding: .marc8)
        #expect(given.first?.book?.title == "Café society")
    }

    /// Leader 9 blank: ANSEL diacritics before their letters become precomposed letters.
    @Test func readsMARC8Text() throws {
        let books = try Self.rows("marc8.mrc").map(\.book)
        #expect(books.map { $0?.title } == ["Cien años de soledad", "Ein Büch über Lärm"])
        #expect(books.map { $0?.credits.first?.name } == ["Gabriel García Márquez", "Lemmy Mötorhead"])
        #expect(books.map { $0?.language } == ["es", "de"])
        #expect(books.allSatisfy { $0?.title == $0?.title.precomposedStringWithCanonicalMapping })
    }

    /// What MARC-8 cannot convert is a warning naming the field and the byte offset, never mojibake.
    @Test func whatMARC8CannotConvertIsAWarning() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(filePath: Self.path("lying_leader.mrc"))))
        let cafe = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("Caf".utf8)) })
        bytes[cafe + 1] = 0x1B  // an escape sequence that designates nothing: ESC then 'f'
        let rows = try Fixture.rows(MARCImportReader(ISO2709Reader(source: MemoryByteSource(bytes), encoding: .marc8)))
        guard case .accepted(let accepted) = try #require(rows.first) else {
            Issue.record("rejected: \(rows)")
            return
        }
        #expect(accepted.warnings.count >= 1)
        #expect(accepted.warnings.first?.column == "record 1 (byte offset 0)")
        #expect(accepted.warnings.first?.reason.hasPrefix("field 245 $a (byte offset \(cafe)): byte 1") == true)
    }

    @Test func aFileEndingInsideARecordRejectsIt() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(filePath: Self.path("books.mrc"))))
        let cut = Array(bytes.dropLast(5))
        let rows = try Fixture.rows(MARCImportReader(ISO2709Reader(source: MemoryByteSource(cut, name: "cut.mrc"))))
        #expect(rows.count == 4)
        #expect(rows.last?.rejected?.reason == "the file ends without the record terminator (0x1D) of this record")
    }

    @Test func aRecordWithoutATerminatorWithinTheLargestRecordLengthIsSkippedToTheNextTerminator() throws {
        let good = [UInt8](try Data(contentsOf: URL(filePath: Self.path("lying_leader.mrc"))))
        let bytes = [UInt8](repeating: 0x41, count: 150_000) + [0x1D] + good
        let rows = try Fixture.rows(
            MARCImportReader(ISO2709Reader(source: MemoryByteSource(bytes, name: "long.mrc"), encoding: .marc8)))
        #expect(rows.count == 2)
        #expect(rows[0].rejected?.reason.hasPrefix("no record terminator (0x1D) within 99999 bytes") == true)
        #expect(rows[1].rejected?.record == nil && rows[1].book != nil)
        #expect(rows.last?.book?.key == "lie001")
    }

    @Test func deletedRecordsAreSkipped() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(filePath: Self.path("lying_leader.mrc"))))
        bytes[5] = UInt8(ascii: "d")
        let reader = MARCImportReader(ISO2709Reader(source: MemoryByteSource(bytes), encoding: .marc8))
        #expect(try Fixture.rows(reader).isEmpty)
        #expect(reader.skippedCount == 1)
    }

    @Test(arguments: [
        ("The hobbit, or, There and back again /", "The hobbit, or, There and back again"),
        ("Tolkien, J. R. R.,", "Tolkien, J. R. R."), ("Herbert, Frank.", "Herbert, Frank"),
        ("Wait for it...", "Wait for it..."), ("Cent ans de solitude :", "Cent ans de solitude"),
    ])
    func isbdPunctuationIsCut(text: String, expected: String) {
        #expect(MARCBookMapping.trimmingPunctuation(text) == expected)
    }
}
