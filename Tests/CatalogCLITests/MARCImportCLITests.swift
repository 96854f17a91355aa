import Foundation
import TestSupport
import Testing

/// `catalog import` of MARC files as a user runs it: the same options and exit statuses as for other formats.
@Suite struct MARCImportCLITests {
    static func fixture(_ name: String) -> String {
        TestSupport.importFixture("MARC/\(name)")
    }

    @Test func importsAMARCFileAndAgainChangesNothing() throws {
        let cli = try CatalogCLI()
        let first = try cli.run("import", Self.fixture("books.mrc"), "--json")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try first.json()["inserted"] as? Int == 4)
        let second = try cli.run("import", Self.fixture("books.mrc"), "--batch", "2", "--json").json()
        #expect(second["unchanged"] as? Int == 4 && second["inserted"] as? Int == 0 && second["updated"] as? Int == 0)
        let books = try cli.run("list", "books", "--json").json()
        #expect(books["total"] as? Int == 4)
    }

    @Test func brokenRecordsAreRejectedWithTheirByteOffsetsAndTheRestImported() throws {
        let cli = try CatalogCLI()
        let errors = cli.path("errors.csv")
        let result = try cli.run("import", Self.fixture("broken.mrc"), "--errors", errors)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("7 rows: 2 inserted"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("5 rejected"))
        #expect(result.standardError.contains("broken.mrc: record 2 (byte offset "))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[1].contains("record 2 (byte offset"))
    }

    @Test func strictStopsAtTheFirstBrokenRecordAndDryRunWritesNothing() throws {
        let cli = try CatalogCLI()
        let strict = try cli.run("import", Self.fixture("broken.mrc"), "--strict")
        #expect(strict.status == 2)
        #expect(strict.standardError.contains("nothing of the file was imported"))
        let dryRun = try cli.run("import", Self.fixture("books.mrc"), "--dry-run", "--json")
        #expect(dryRun.status == 0)
        #expect(try dryRun.json()["inserted"] as? Int == 4)
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func theEncodingOverridesWhatTheLeaderSays() throws {
        let cli = try CatalogCLI()
        let lying = try cli.run("import", Self.fixture("lying_leader.mrc"))
        #expect(lying.status == 2)
        #expect(lying.standardError.contains("is not valid UTF-8: byte 0xE2"))
        let given = try cli.run("import", Self.fixture("lying_leader.mrc"), "--encoding", "marc8", "--json")
        #expect(given.status == 0, "\(given.standardError)")
        #expect(try given.json()["inserted"] as? Int == 1)
        let wrong = try cli.run("import", Self.fixture("books.mrc"), "--encoding", "latin1")
        #expect(wrong.status == 64)
        #expect(wrong.standardError.contains("--encoding: the encoding latin1 does not apply to marc files"))
    }

    @Test func helpListsTheMARCFormat() throws {
        let help = try CatalogCLI.run(["import", "--help"])
        #expect(help.standardOutput.contains("marc"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains(".mrc"))
    }
}
