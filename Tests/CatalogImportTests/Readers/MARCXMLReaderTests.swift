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
        return try rows(bytes, name: name, chunkSize: chunkSize)
    }

    /// Every row of MARCXML `bytes`, read `chunkSize` bytes at a time.
    static func rows(_ bytes: [UInt8], name: String, chunkSize: Int = 64 * 1024) throws(ReaderError) -> [ImportRow] {
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
            guard case ReaderError.malformedXML(_, _, let offset, let reason)? = error as? ReaderError else {
                return false
            }
            return offset > 0 && reason.contains("</record> does not close <leader>")
        }
    }

    /// ruby-marc's `three-records-second-bad.xml`: U+0007 as a subfield code. XML 1.0 allows no control character
    /// but tab, line feed and carriage return, written or referenced, so the file is not XML.
    @Test(arguments: [("\u{7}", "U+0007"), ("&#7;", "&#7;"), ("&#x1F;", "&#x1F;"), ("\u{1B}", "U+001B")])
    func aControlCharacterIsRefusedWithItsLineAndByteOffset(code: String, named: String) throws {
        func record(_ key: String, code: String) -> String {
            """
              <record>
                <leader>00000nam a2200000 i 4500</leader>
                <controlfield tag="001">\(key)</controlfield>
                <datafield tag="245" ind1="0" ind2="0">
                  <subfield code="\(code)">Title \(key)</subfield>
                </datafield>
              </record>

            """
        }
        let xml =
            "<collection>\n" + record("one", code: "a") + record("two", code: code) + record("three", code: "a")
            + "</collection>\n"
        let bytes = Array(xml.utf8)
        let place = Int64(try #require(bytes.firstRange(of: Array(code.utf8))).lowerBound)
        for chunkSize in [1, 3, 64 * 1024] {
            #expect {
                _ = try Self.rows(bytes, name: "three.xml", chunkSize: chunkSize)
            } throws: { error in
                guard case ReaderError.malformedXML(_, let line, let offset, let reason)? = error as? ReaderError
                else { return false }
                // The character's own offset, or its tag's for a reference.
                return line == 13 && offset <= place && offset > place - 40 && reason.contains(named)
            }
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
