import Catalog
import Testing

@testable import CatalogImport

@Suite struct TextInputTests {
    private func decode(_ bytes: [UInt8], encoding: InputEncoding = .utf8, chunkSize: Int = 64) throws -> String {
        let input = Fixture.memory(bytes, encoding: encoding, chunkSize: chunkSize)
        var output: [UInt8] = []
        while let chunk = try input.nextChunk() { output += chunk }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func skipsUTF8ByteOrderMark() throws {
        let input = Fixture.memory([0xEF, 0xBB, 0xBF] + Array("a,b".utf8), chunkSize: 1)
        var output: [UInt8] = []
        while let chunk = try input.nextChunk() { output += chunk }
        #expect(output == Array("a,b".utf8))
        #expect(input.hadByteOrderMark)
        #expect(input.bytesRead == 6)
    }

    @Test(arguments: 1...7)
    func multiByteCharactersSurviveAnyChunkSize(chunkSize: Int) throws {
        let text = "Motörhead — 東京 🎸 Ωmega"
        #expect(try decode(Array(text.utf8), chunkSize: chunkSize) == text)
    }

    @Test(
        arguments: [
            // (bytes, offset of the first bad byte, its line)
            ([0x61, 0xF6, 0x72], 1, 1),  // latin1 ö
            ([0x61, 0x0A, 0x62, 0xC3, 0x28], 3, 2),  // lead byte then ASCII
            ([0xC0, 0xAF], 0, 1),  // overlong "/"
            ([0x61, 0xED, 0xA0, 0x80], 1, 1),  // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0, 1),  // above U+10FFFF
            ([0x61, 0x62, 0xE2, 0x82], 2, 1),  // truncated at the end
            ([0x80], 0, 1),  // lone continuation byte
        ] as [([UInt8], Int, Int)])
    func invalidUTF8ReportsOffsetOfFirstBadByte(bytes: [UInt8], offset: Int, line: Int) {
        for chunkSize in [1, 2, 64] {
            #expect(
                throws: ReaderError.invalidUTF8(
                    path: "test.csv", byteOffset: Int64(offset), line: line, byte: bytes[offset])
            ) {
                try decode(bytes, chunkSize: chunkSize)
            }
        }
    }

    @Test func invalidUTF8FixtureNamesTheOffset() throws {
        let path = Fixture.path("invalid_utf8.csv")
        let error = #expect(throws: ReaderError.self) {
            let reader = try CSVReader(input: TextInput(path: path))
            _ = try Fixture.rows(reader)
        }
        #expect(error == .invalidUTF8(path: path, byteOffset: 52, line: 4, byte: 0xF6))
        #expect(error?.description.contains("byte offset 52") == true)
        // The library says what is wrong; the command line adds which flag fixes it.
        #expect(error?.description.contains("--") == false)
    }

    @Test func offsetCountsTheByteOrderMark() {
        #expect(throws: ReaderError.invalidUTF8(path: "test.csv", byteOffset: 4, line: 1, byte: 0xFF)) {
            try decode([0xEF, 0xBB, 0xBF, 0x61, 0xFF])
        }
    }

    @Test(arguments: [
        (InputEncoding.latin1, [0x4D, 0x6F, 0x74, 0xF6, 0x72] as [UInt8], "Motör"),
        (.cp1252, [0x4D, 0x6F, 0x74, 0xF6, 0x72], "Motör"),
        (.cp1252, [0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x92, 0x20, 0x97], "€ “q” ’ —"),
        (.latin1, [0x80, 0x93], "\u{80}\u{93}"),
        (.cp1252, [0x81, 0x8D], "\u{81}\u{8D}"),
    ])
    func singleByteEncodingsTranscode(encoding: InputEncoding, bytes: [UInt8], expected: String) throws {
        #expect(try decode(bytes, encoding: encoding, chunkSize: 2) == expected)
    }

    @Test func encodingNamesParse() {
        #expect(InputEncoding(name: "UTF8") == .utf8)
        #expect(InputEncoding(name: "windows-1252") == .cp1252)
        #expect(InputEncoding(name: "ISO-8859-1") == .latin1)
        #expect(InputEncoding(name: "ebcdic") == nil)
    }

    @Test func progressReachesTheFileSize() throws {
        let path = Fixture.path("bom_crlf.csv")
        let input = try TextInput(path: path, chunkSize: 16)
        while try input.nextChunk() != nil {}
        #expect(input.totalBytes == 73)
        #expect(input.bytesRead == 73)
    }

    @Test func missingFileCannotBeOpened() {
        #expect(throws: ReaderError.file(.cannotOpen(path: "/nonexistent/x.csv", reason: "no such file"))) {
            try TextInput(path: "/nonexistent/x.csv")
        }
    }
}
