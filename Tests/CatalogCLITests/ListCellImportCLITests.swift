import Foundation
import TestSupport
import Testing

/// `catalog import --split FIELD=list` as a user runs it.
@Suite struct ListCellImportCLITests {
    static let file = TestSupport.importFixture("list_cells.csv")
    static let options = ["--split", "genres=list", "--split", "authors=list"]

    @Test func listCellsImportOnceAndAMalformedOneIsRejectedWithItsColumn() throws {
        let cli = try CatalogCLI()
        let first = try cli.run(["import", Self.file, "--json"] + Self.options)
        #expect(first.status == 2)
        #expect(try first.json()["inserted"] as? Int == 2 && first.json()["rejected"] as? Int == 1)
        #expect(
            first.standardError.contains(
                "list_cells.csv:4: column genres, value \"['Fantasy' 'Classics']\": is not a valid list: expected , or ] "
                    + "after item 1 (character 12)"),
            "\(first.standardError)")
        let genres = try #require(try cli.run("list", "genres", "--json").json()["items"] as? [[String: Any]])
        #expect(
            Set(genres.compactMap { $0["name"] as? String }) == [
                "Children's", "Classics", "Fantasy", "Science Fiction",
            ])
        #expect(try cli.run("search", "O'Neil").standardOutput.contains("Anne O'Neil"))

        let changes = try cli.run("changes", "--since", "0").standardOutput
        let again = try cli.run(["import", Self.file, "--json"] + Self.options).json()
        #expect(again["unchanged"] as? Int == 2 && again["inserted"] as? Int == 0 && again["updated"] as? Int == 0)
        #expect(try cli.run("changes", "--since", "0").standardOutput == changes)
    }

    @Test func strictAndDryRunWriteNothing() throws {
        let cli = try CatalogCLI()
        #expect(try cli.run(["import", Self.file, "--strict"] + Self.options).status == 2)
        let dry = try cli.run(["import", Self.file, "--dry-run"] + Self.options)
        #expect(dry.status == 2 && dry.standardOutput.contains("dry run, rolled back"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func helpSaysHowListsAreWritten() throws {
        let help = try CatalogCLI().run("import", "--help").standardOutput
        #expect(help.contains("list reads ['a', 'b']"), "\(help)")
    }
}
