import Catalog
import Foundation
import TestSupport
import Testing

@testable import CatalogImport

/// The MARCXML reader over the hand-made files of `Fixtures/MARC` (`make_fixtures.py`).
@Suite struct MARCXMLReaderTests {
    /// Every row of a MARCXML file, read `chunkSize` bytes at a time.
    static func rows(_ name: String, chunkSize: Int = 64 * 1024) throws(ReaderError) -> [ImportRow] {
        let bytes = (try? [UInt8](Data(contentsOf: URL(filePath: ISO2709ReaderTests.path(name))))) ?? []
        let input = TextInput(source: MemoryByteSource(bytes, name: name), chunkSize: chunkSize)
        var rows: [ImportRow] = []
        let reader = MARCImportReader(MARCXMLReader(input: input))
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    @Test func readsTheSameBooksAsTheISO2709File() throws {
        let xml = try Self.rows("books.xml")
        let binary = try ISO2709ReaderTests.rows("books.mrc")
        #expect(xml.map(\.book) == binary.map(\.book))
        #expect(xml.count == 4)
    }

    @Test func prefixesReferencesAndCDATAAreRead() throws {
        let rows = try Self.rows("prefixed.xml")
        #expect(rows.map { $0.book?.title } == ["Café & bar <b>"])
    }

    @Test func recordsBrokenAgainstTheSchemaAreRejectedAlone() throws {
        let rows = try Self.rows("broken.xml")
        #expect(rows.map { $0.book?.key } == ["cong003", nil, nil, nil, nil, "hob001"])
        let reasons = rows.compactMap(\.rejected).map(\.reason)
        #expect(
            reasons == [
                "field 245 has the ind2 '!'; an indicator is a digit, a lowercase letter or a blank", "has no leader",
                "a subfield outside a data field", "has a leader of 8 bytes; a leader has 24",
            ])
        #expect(rows[1].rejected?.record.hasPrefix("record 2 (byte offset ") == true)
    }

    @Test func aFileThatIsNotWellFormedIsRefusedWithTheByteOffset() throws {
        #expect {
            _ = try Self.rows("malformed.xml")
        } throws: { error in
            guard case ReaderError.malformedXML(_, let offset, let reason)? = error as? ReaderError else {
                return false
            }
            return offset > 0 && reason.contains("</record> does not close <leader>")
        }
    }

    @Test(arguments: [1, 2, 5, 64])
    func theRowsDoNotDependOnTheReadCuts(chunkSize: Int) throws {
        for file in ["books.xml", "prefixed.xml", "broken.xml"] {
            #expect(try Self.rows(file, chunkSize: chunkSize) == Self.rows(file), "\(file)")
        }
    }

    @Test func anXMLFileIsMARCXMLWhenItsRootIsACollectionOrARecord() {
        let guess = { (text: String) in ImportFormat.guess(path: "f.xml", firstBytes: Array(text.utf8)) }
        #expect(guess("<?xml version=\"1.0\"?>\n<!-- x -->\n<marc:collection xmlns:marc=\"…\">") == .marcxml)
        #expect(guess("\u{FEFF}<record>") == .marcxml)
        #expect(guess("<rss version=\"2.0\">") == nil)
    }
}
