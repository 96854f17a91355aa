import Foundation
import TestSupport
import Testing

/// `catalog import` of a Calibre library as a user runs it: the folder or its metadata.db, again, dry, strict.
@Suite struct CalibreImportCLITests {
    /// A library whose second book has lost its title, so one book is rejected.
    static let untitledSecondBook = "DROP TRIGGER books_update_trg; UPDATE books SET title = '' WHERE id = 2"

    @Test func aLibraryFolderImportsAndImportsAgainUnchanged() throws {
        let cli = try CatalogCLI()
        let library = try TestSupport.calibreLibrary(in: cli.directory)
        let first = try cli.run("import", library, "--json")
        #expect(first.status == 0, "\(first.standardError)")
        let summary = try first.json()
        #expect(summary["inserted"] as? Int == 5)
        let file = try #require((summary["files"] as? [[String: Any]])?.first)
        #expect(file["source"] as? String == "calibre" && file["warnings"] as? Int == 1)
        let changes = try cli.run("changes", "--since", "0").standardOutput
        let again = try cli.run("import", library + "/metadata.db", "--format", "calibre", "--json")
        #expect(try again.json()["unchanged"] as? Int == 5)
        #expect(try again.json()["inserted"] as? Int == 0 && again.json()["updated"] as? Int == 0)
        #expect(try cli.run("changes", "--since", "0").standardOutput == changes, "importing again logs no change")
        let found = try cli.run("search", "soledad").standardOutput
        #expect(found.contains("Cien años de soledad"), "\(found)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: library) == ["metadata.db"])
    }

    @Test func aDryRunWritesNothing() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", try TestSupport.calibreLibrary(in: cli.directory), "--dry-run")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("dry run, rolled back: 5 rows: 5 inserted"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func aRejectedBookExitsTwoAndGoesToTheErrorsFile() throws {
        let cli = try CatalogCLI()
        let library = try TestSupport.calibreLibrary(in: cli.directory, editedBy: Self.untitledSecondBook)
        let errors = cli.path("errors.csv")
        let result = try cli.run("import", library, "--errors", errors)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("4 inserted") && result.standardOutput.contains("1 rejected"))
        #expect(
            result.standardError.contains(
                "metadata.db: Calibre book 2: column title: is empty; every book needs a title"),
            "\(result.standardError)")
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasSuffix(",error_source,calibre_id,source_key,title,authors") == true)
        #expect(
            lines.last?.hasSuffix(",calibre,2,a19e1594-eb9a-455c-8404-5263d8c5e475,,Terry Pratchett|Neil Gaiman")
                == true)
    }

    @Test func strictRollsBackTheWholeLibrary() throws {
        let cli = try CatalogCLI()
        let library = try TestSupport.calibreLibrary(in: cli.directory, editedBy: Self.untitledSecondBook)
        let result = try cli.run("import", library, "--strict")
        #expect(result.status == 2)
        #expect(result.standardError.contains("nothing of the file was imported"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func somethingElseNamedMetadataDBExits65() throws {
        let cli = try CatalogCLI()
        let folder = cli.path("notalibrary")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/metadata.db"
        try Data("title\nDune\n".utf8).write(to: URL(filePath: file))
        let result = try cli.run("import", folder)
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "error: \(file): cannot read it as a Calibre library: it is not a SQLite database.\n")
    }

    @Test func helpListsTheFormat() throws {
        let help = try CatalogCLI().run("import", "--help").standardOutput
        #expect(help.contains("json, csv, tsv, openlibrary, marc, marcxml or calibre"))
        #expect(help.contains("metadata.db"))
    }
}
