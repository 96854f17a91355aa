import Catalog
import Foundation
import TestSupport
import Testing

@testable import CatalogImport

@Suite struct JSONCatalogReaderTests {
    @Test func readsTheSamples() throws {
        let library = try JSONCatalogReader().read(contentsOf: TestSupport.sampleData.appending(path: "library.json"))
        #expect(library.source == "sample-library")
        #expect(library.rejections.isEmpty)
        let books = library.records.compactMap { if case .book(let book) = $0 { book } else { nil } }
        #expect(books.count >= 30)
        #expect(books.contains { $0.contributors.contains { $0.author.name == "J. R. R. Tolkien" } })
        #expect(books.contains { $0.contributors.contains { $0.role == .translator } })
        #expect(books.contains { $0.contributors.contains { $0.role == .illustrator } })
        let music = try JSONCatalogReader().read(contentsOf: TestSupport.sampleData.appending(path: "music.json"))
        let bands = music.records.compactMap { if case .band(let band) = $0 { band } else { nil } }
        #expect(bands.count >= 40)
        #expect(bands.contains { $0.name == "Motörhead" && $0.genres.count > 1 })
    }

    /// Genres and authors are kept in memory while books and bands are read: a file with more than the limit of
    /// either is refused whole, naming the member, the limit and the line of the first entry past it.
    @Test(arguments: ["genres", "authors"])
    func moreKeptEntriesThanTheLimitRefuseTheFile(member: String) throws {
        func file(entries: Int) -> [UInt8] {
            let items = (0..<entries).map { #"{"key": "k\#($0)", "name": "Name \#($0)"}"# }
            return Array(#"{"format": "catalog", "\#(member)": [\#n\#(items.joined(separator: ",\n"))]}"#.utf8)
        }
        let atTheLimit = try JSONCatalogReader().read(
            file(entries: 3), file: "f.json", defaultSource: "f", keptEntries: 3)
        #expect(atTheLimit.records.count == 3 && atTheLimit.rejections.isEmpty)
        #expect(throws: JSONCatalogError.tooManyEntries(file: "f.json", member: member, limit: 3, line: 5)) {
            try JSONCatalogReader().read(file(entries: 4), file: "f.json", defaultSource: "f", keptEntries: 3)
        }
    }

    @Test func theKeptEntryLimitIsNamedWithWhatToDo() {
        #expect(JSONCatalogRowReader.keptEntryLimit == 100_000)
        let error = JSONCatalogError.tooManyEntries(
            file: "big.json", member: "authors", limit: JSONCatalogRowReader.keptEntryLimit, line: 100_003)
        #expect(
            error.description
                == "big.json:100003: more than 100000 authors; a catalog JSON file may hold at most 100000 genres and "
                + "100000 authors, kept in memory while its books and bands are read. Split it into files that each "
                + "hold the authors and genres their own books and bands name.")
        #expect(ReaderError.catalogJSON(error).category == .unusableFile)
    }

    @Test func parentsComeBeforeChildren() throws {
        let json = """
            {"genres": [{"key": "metal", "name": "Metal", "parent": "rock"}, {"key": "rock", "name": "Rock"}]}
            """
        let document = try JSONCatalogReader().read(Data(json.utf8), defaultSource: "test")
        #expect(document.source == "test")
        #expect(document.records.map(\.label) == ["genre 'genre/rock' (Rock)", "genre 'genre/metal' (Metal)"])
    }

    /// Found by the json-reader fuzz target: a genre under a rejected genre was kept, and the importer then
    /// created the rejected parent by its name.
    @Test func aGenreUnderARejectedGenreIsRejected() throws {
        let json = """
            {"genres": [{"key": "a", "name": "A", "parent": "missing"}, {"key": "b", "name": "B", "parent": "a"},
                        {"key": "c", "name": "C", "parent": "b"}, {"key": "d", "name": "D"}]}
            """
        let document = try JSONCatalogReader().read(Data(json.utf8), defaultSource: "test")
        #expect(document.records.map(\.label) == ["genre 'genre/d' (D)"])
        #expect(
            document.rejections.map(\.description) == [
                "genre 'a': its parent 'missing' is not a genre key of this file",
                "genre 'b': its parent 'a' is rejected", "genre 'c': its parent 'b' is rejected",
            ])
    }

    @Test func badEntriesBecomeRejections() throws {
        let json = """
            {"format": "catalog", "version": 1,
             "authors": [{"key": "a", "name": "A"}, {"name": "No key"}],
             "books": [{"key": "b1", "title": "Fine", "authors": ["a", {"author": "a", "role": "editor"}]},
                       {"key": "b2", "title": "Bad", "authors": ["nobody"]},
                       {"key": "b3", "title": "Bad genre", "genres": ["none"]},
                       {"key": "b1", "title": "Duplicate"},
                       {"key": "b4"}],
             "bands": [{"key": "x", "name": "X", "status": "reunited"}]}
            """
        let document = try JSONCatalogReader().read(Data(json.utf8), defaultSource: "test")
        #expect(document.records.count == 2)
        #expect(document.rejections.count == 6)
        let catalog = try makeCatalog()
        let summary = try catalog.importer.importRecords(document.records, source: document.source)
        #expect(summary.inserted == 2)
    }

    @Test(arguments: [
        "not json", "[]", "{\"books\": {}}", "{\"books\": [{\"key\": \"k\", \"title\": \"t\", \"year\": \"1937\"}]}",
        "{\"format\": \"catalog\", \"version\": 2}", "{\"format\": \"other\"}",
    ])
    func malformedFilesFailClearly(json: String) {
        #expect(throws: JSONCatalogError.self) { try JSONCatalogReader().read(Data(json.utf8), defaultSource: "x") }
    }

    @Test func missingFilesFailClearly() {
        #expect(throws: JSONCatalogError.self) {
            try JSONCatalogReader().read(contentsOf: URL(filePath: "/nonexistent/catalog.json"))
        }
    }
}
