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
}
