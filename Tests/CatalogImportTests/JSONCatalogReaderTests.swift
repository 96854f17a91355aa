import Catalog
import CatalogImport
import Foundation
import TestSupport
import Testing

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
