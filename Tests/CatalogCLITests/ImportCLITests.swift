import Foundation
import TestSupport
import Testing

/// `catalog import` as a user runs it: exit statuses, messages, the errors file (ImportCrashTests kills it).
@Suite struct ImportCLITests {
    static func fixture(_ name: String) -> String {
        TestSupport.importFixture(name)
    }

    @Test func allRowsImportedExitsZeroAndTwiceIsUnchanged() throws {
        let cli = try CLI()
        let first = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        #expect(first.status == 0, "\(first.error)")
        #expect(try first.json()["inserted"] as? Int == 2)
        let second = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        let summary = try second.json()
        #expect(summary["unchanged"] as? Int == 2)
        #expect(summary["inserted"] as? Int == 0 && summary["updated"] as? Int == 0)
    }

    @Test func rejectedRowsExitTwoWithTheirPlaceOnStderrAndInTheErrorsFile() throws {
        let cli = try CLI()
        let errors = cli.directory.appending(path: "errors.csv").path
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--errors", errors)
        #expect(result.status == 2)
        #expect(result.output.contains("2 inserted") && result.output.contains("1 duplicates"))
        #expect(result.output.contains("2 rejected"))
        #expect(result.error.contains("books_mixed.csv:6: column year, value \"19x0\""))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    @Test func strictRollsBackTheFile() throws {
        let cli = try CLI()
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--strict")
        #expect(result.status == 2)
        #expect(result.error.contains("nothing of the file was imported"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func unusableFilesExit65WithWhatToDo() throws {
        let cli = try CLI()
        let encoding = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands")
        #expect(encoding.status == 65)
        #expect(encoding.error.contains("byte offset 47") && encoding.error.contains("--encoding"))
        let column = try cli.run("import", Self.fixture("missing_title.csv"))
        #expect(column.status == 65)
        #expect(column.error.contains("'title'") && column.error.contains("'writer'"))
        let fixed = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands", "--encoding", "cp1252")
        #expect(fixed.status == 0, "\(fixed.error)")
        #expect(try cli.run("search", "motorhead").output.contains("Motörhead"))
    }

    @Test func otherFailuresExitOneAndBadOptionsSixtyFour() throws {
        let cli = try CLI()
        #expect(try cli.run("import", cli.directory.appending(path: "absent.csv").path).status == 1)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--map", "colour=x").status == 64)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--profile", "nope").status == 64)
    }

    @Test func dryRunPrintsTheSummaryAndWritesNothing() throws {
        let cli = try CLI()
        let result = try cli.run("import", Self.fixture("bom_crlf.csv"), "--dry-run")
        #expect(result.output.contains("dry run") && result.output.contains("2 inserted"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
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
        let result = try CLI().run(["import", Self.fixture(file)] + options)
        #expect(result.status == status)
        #expect(result.error.hasSuffix(message), "\(result.error)")
    }

    @Test func aFileOfUnknownFormatNamesTheFormatFlag() throws {
        let cli = try CLI()
        let path = cli.directory.appending(path: "books.dat").path
        try Data("title\nDune\n".utf8).write(to: URL(filePath: path))
        let result = try cli.run("import", path)
        #expect(result.status == 64)
        #expect(
            result.error
                == "error: \(path): cannot tell the format from the file name; pass --format json, csv, tsv or "
                + "openlibrary.\n")
    }
}
