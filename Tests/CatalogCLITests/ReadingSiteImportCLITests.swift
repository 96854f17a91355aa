import Foundation
import TestSupport
import Testing

/// `catalog import --profile goodreads-export|storygraph` as a user runs it.
@Suite struct ReadingSiteImportCLITests {
    /// Each fixture, its profile, and what its first import does: books inserted, the one row rejected and why.
    static let exports = [
        (
            "goodreads_library_export.csv", "goodreads-export", 5,
            "goodreads_library_export.csv:7: column Number of Pages"
        ),
        ("storygraph_export.csv", "storygraph", 4, "storygraph_export.csv:6: column Title"),
    ]

    @Test(arguments: exports)
    func importsOnceThenChangesNothing(file: String, profile: String, inserted: Int, rejection: String) throws {
        let cli = try CatalogCLI()
        let path = TestSupport.importFixture(file)
        let errors = cli.path("errors.csv")
        let first = try cli.run("import", path, "--profile", profile, "--errors", errors, "--json")
        #expect(first.status == 2, "one row is rejected: \(first.standardError)")
        let summary = try first.json()
        #expect(summary["inserted"] as? Int == inserted && summary["rejected"] as? Int == 1)
        #expect(first.standardError.contains(rejection), "\(first.standardError)")
        let files = try #require(summary["files"] as? [[String: Any]])
        #expect(files.first?["source"] as? String == profile)
        #expect(try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n").count == 2)

        let changes = try cli.run("changes", "--since", "0").standardOutput
        let again = try cli.run("import", path, "--profile", profile, "--json").json()
        #expect(
            again["unchanged"] as? Int == inserted && again["inserted"] as? Int == 0 && again["updated"] as? Int == 0)
        #expect(try cli.run("changes", "--since", "0").standardOutput == changes, "importing again logs no change")
    }

    @Test(arguments: exports)
    func dryRunAndStrictWriteNothing(file: String, profile: String, inserted: Int, rejection: String) throws {
        let cli = try CatalogCLI()
        let path = TestSupport.importFixture(file)
        let dry = try cli.run("import", path, "--profile", profile, "--dry-run")
        #expect(dry.status == 2)
        #expect(
            dry.standardOutput.contains("dry run, rolled back") && dry.standardOutput.contains("\(inserted) inserted"))
        let strict = try cli.run("import", path, "--profile", profile, "--strict")
        #expect(strict.status == 2)
        #expect(strict.standardError.contains("--strict: stopped at the first rejected row"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func goodreadsShelvesAreGenresWithoutReadingStatus() throws {
        let cli = try CatalogCLI()
        _ = try cli.run(
            "import", TestSupport.importFixture("goodreads_library_export.csv"), "--profile", "goodreads-export")
        let genres = try #require(try cli.run("list", "genres", "--json").json()["items"] as? [[String: Any]])
        #expect(
            Set(genres.compactMap { $0["name"] as? String }) == [
                "classics", "dystopia", "fantasy", "favorites", "young-adult",
            ])
    }

    @Test func helpListsTheProfiles() throws {
        let help = try CatalogCLI().run("import", "--help").standardOutput
        #expect(help.contains("goodbooks, goodreads-export or storygraph"), "\(help)")
    }
}
