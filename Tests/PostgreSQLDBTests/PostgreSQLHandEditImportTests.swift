import Catalog
import CatalogImport
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import TestSupport
import Testing

/// An import into a catalog on PostgreSQL keeps what was edited by hand since it last imported the record, as an
/// import into a SQLite catalog does, and `overwriteEdits` gives the file the last word there too.
@Suite struct PostgreSQLHandEditImportTests {
    /// A migrated database holding `emma` as imported, the book's uuid, and the directory of the test's files.
    private static func imported(_ label: String) throws -> (PostgreSQLConnection, UUID, URL) {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase(label))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        let directory = try TestSupport.temporaryDirectory(label)
        try PostgreSQLImporter(connection).importFile(atPath: try file(year: 1815, in: directory))
        let uuid = try #require(
            try connection.fetchOne(String.self, "SELECT uuid FROM books WHERE title = 'Emma'").flatMap(
                UUID.init(uuidString:)))
        return (connection, uuid, directory)
    }

    /// A catalog file of one book, Emma, published in `year`.
    private static func file(year: Int, in directory: URL) throws -> String {
        let url = directory.appending(path: "emma-\(year).json")
        try Data(
            """
            {"format": "catalog", "version": 1, "source": "test",
             "authors": [{"key": "austen", "name": "Jane Austen"}],
             "books": [{"key": "emma", "title": "Emma", "year": \(year), "authors": ["austen"]}]}
            """.utf8
        ).write(to: url)
        return url.path
    }

    private static func book(_ connection: PostgreSQLConnection, _ uuid: UUID) throws -> (String?, Int?) {
        let title = try connection.fetchOne(
            String.self, "SELECT title FROM books WHERE uuid = $1", [uuid.uuidString.lowercased()])
        let year = try connection.fetchOne(
            Int.self, "SELECT year FROM books WHERE uuid = $1", [uuid.uuidString.lowercased()])
        return (title, year)
    }

    @Test func aTitleEditedByHandIsKeptAndReported() throws {
        let (connection, uuid, directory) = try Self.imported("pg-hand-edit-kept")
        try CatalogEditor(postgreSQL: connection, actor: "ada").update(
            .book, uuid: uuid, EntityEdit(fields: ["title": "Emma (annotated)"]))
        let again = try PostgreSQLImporter(connection).importFile(atPath: try Self.file(year: 1816, in: directory))
        #expect(again.updated == 1 && again.keptEdits == 1)
        #expect(again.keptEditDetails.map(\.field) == ["title"])
        #expect(again.keptEditDetails.first?.uuid == uuid)
        #expect(try Self.book(connection, uuid) == ("Emma (annotated)", 1816))
        // Kept again at the next import: keeping it did not make it part of the import.
        let later = try PostgreSQLImporter(connection).importFile(atPath: try Self.file(year: 1817, in: directory))
        #expect(later.keptEdits == 1)
        #expect(try Self.book(connection, uuid) == ("Emma (annotated)", 1817))
    }

    @Test func overwriteEditsTakesTheFilesValue() throws {
        let (connection, uuid, directory) = try Self.imported("pg-hand-edit-overwrite")
        try CatalogEditor(postgreSQL: connection, actor: "ada").update(
            .book, uuid: uuid, EntityEdit(fields: ["title": "Emma (annotated)"]))
        var options = ImportOptions()
        options.overwriteEdits = true
        let file = try Self.file(year: 1815, in: directory)
        let again = try PostgreSQLImporter(connection).importFile(atPath: file, options: options)
        #expect(again.updated == 1 && again.keptEdits == 0)
        #expect(try Self.book(connection, uuid) == ("Emma", 1815))
        // Overwritten, the edit no longer counts: a plain import finds nothing to keep.
        let plain = try PostgreSQLImporter(connection).importFile(atPath: try Self.file(year: 1816, in: directory))
        #expect(plain.updated == 1 && plain.keptEdits == 0)
        #expect(try Self.book(connection, uuid) == ("Emma", 1816))
    }
}
