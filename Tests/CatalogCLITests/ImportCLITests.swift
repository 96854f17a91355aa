import Foundation
import TestSupport
import Testing

/// `catalog import` as a user runs it: exit statuses, messages, the errors file (ImportCrashTests kills it).
@Suite struct ImportCLITests {
    static func fixture(_ name: String) -> String {
        TestSupport.importFixture(name)
    }

    @Test func allRowsImportedExitsZeroAndTwiceIsUnchanged() throws {
        let cli = try CatalogCLI()
        let first = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try first.json()["inserted"] as? Int == 2)
        let second = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        let summary = try second.json()
        #expect(summary["unchanged"] as? Int == 2)
        #expect(summary["inserted"] as? Int == 0 && summary["updated"] as? Int == 0)
    }

    @Test func rejectedRowsExitTwoWithTheirPlaceOnStderrAndInTheErrorsFile() throws {
        let cli = try CatalogCLI()
        let errors = cli.path("errors.csv")
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--errors", errors)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("2 inserted") && result.standardOutput.contains("1 duplicates"))
        #expect(result.standardOutput.contains("2 rejected"))
        #expect(result.standardError.contains("books_mixed.csv:6: column year, value \"19x0\""))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    @Test func strictRollsBackTheFile() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--strict")
        #expect(result.status == 2)
        #expect(result.standardError.contains("nothing of the file was imported"))
        try expectNothingWritten(cli)
    }

    @Test func unusableFilesExit65WithWhatToDo() throws {
        let cli = try CatalogCLI()
        let encoding = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands")
        #expect(encoding.status == 65)
        #expect(encoding.standardError.contains("byte offset 47") && encoding.standardError.contains("--encoding"))
        let column = try cli.run("import", Self.fixture("missing_title.csv"))
        #expect(column.status == 65)
        #expect(column.standardError.contains("'title'") && column.standardError.contains("'writer'"))
        let fixed = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands", "--encoding", "cp1252")
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(try cli.run("search", "motorhead").standardOutput.contains("Motörhead"))
    }

    @Test func aDirectoryIsSaidToBeOne() throws {
        let cli = try CatalogCLI()
        for arguments in [[cli.directory.path], [cli.directory.path, "--format", "csv"]] {
            let result = try cli.run(["import"] + arguments)
            #expect(result.status == 1)
            #expect(result.standardError == "error: \(cli.directory.path): cannot open the file: it is a directory.\n")
        }
    }

    @Test func otherFailuresExitOneAndBadOptionsSixtyFour() throws {
        let cli = try CatalogCLI()
        #expect(try cli.run("import", cli.path("absent.csv")).status == 1)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--map", "colour=x").status == 64)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--profile", "nope").status == 64)
    }

    @Test func dryRunPrintsTheSummaryAndWritesNothing() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", Self.fixture("bom_crlf.csv"), "--dry-run")
        #expect(result.standardOutput.contains("dry run") && result.standardOutput.contains("2 inserted"))
        try expectNothingWritten(cli)
    }

    /// No book, no author, and a change log with no change (only the trailer line).
    func expectNothingWritten(_ cli: CatalogCLI) throws {
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
        #expect(try cli.run("list", "authors", "--json").json()["total"] as? Int == 0)
        let changes = try cli.run("changes", "--since", "0").standardOutput.split(separator: "\n")
        #expect(changes.count == 1 && changes[0].contains("\"last_seq\":0"), "\(changes)")
    }

    /// The library says what is wrong; the command line says which flag fixes it, word for word as documented.
    @Test(arguments: [
        (
            ["--entity", "bands"], "bands_cp1252.csv", 65,
            "bands_cp1252.csv: not valid UTF-8: byte 0xF6 at byte offset 47 (line 2). If the file uses another "
                + "encoding, pass it with --encoding latin1 or --encoding cp1252.\n"
        ),
        (
            [], "missing_title.csv", 65,
            "missing_title.csv: no column for the required field 'title'. Columns in the file: 'name', 'writer', "
                + "'published'. Name a column 'title' or pass --map title=COLUMN.\n"
        ),
        (
            ["--map", "title=Heading"], "bom_crlf.csv", 65,
            "bom_crlf.csv: --map title=Heading: the file has no column 'Heading'. Columns in the file: 'title', "
                + "'authors', 'year'.\n"
        ),
        (
            ["--split", "title=;"], "bom_crlf.csv", 64,
            "error: --split title: 'title' holds one value; multi-valued fields: authors, contributors, genres.\n"
        ),
        (["--map", "nonsense"], "bom_crlf.csv", 64, "error: --map nonsense: expected FIELD=VALUE.\n"),
        (["--source", ""], "bom_crlf.csv", 64, "error: --source: a source name must not be empty.\n"),
    ])
    func refusalsNameTheFlagThatFixesThem(options: [String], file: String, status: Int32, message: String) throws {
        let result = try CatalogCLI().run(["import", Self.fixture(file)] + options)
        #expect(result.status == status)
        #expect(result.standardError.hasSuffix(message), "\(result.standardError)")
    }

    @Test func aFileOfUnknownFormatNamesTheFormatFlag() throws {
        let cli = try CatalogCLI()
        let path = cli.path("books.dat")
        try Data("title\nDune\n".utf8).write(to: URL(filePath: path))
        let result = try cli.run("import", path)
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: \(path): cannot tell the format from the file name; pass --format json, csv, tsv or "
                + "openlibrary.\n")
    }
}
