import Foundation
import TestSupport
import Testing

/// `catalog import` after `catalog edit`, as a user runs them: the hand edit survives the next import of the file and
/// the summary says so; `--overwrite-edits` gives the file the last word; an undone edit no longer counts.
@Suite struct HandEditImportCLITests {
    /// A CSV file of one book under the CLI's directory, written again with `year`.
    private func writeBooks(_ cli: CatalogCLI, year: Int) throws -> String {
        let path = cli.path("books.csv")
        try "title,authors,year\nDune,Frank Herbert,\(year)\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func book(_ cli: CatalogCLI) throws -> String {
        let found = try cli.run("search", "dune", "--json")
        let data = try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8))
        let items = (data as? [[String: Any]]) ?? ((data as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return try #require(items.first { $0["kind"] as? String == "book" }?["uuid"] as? String)
    }

    private func shown(_ cli: CatalogCLI, _ book: String) throws -> [String: Any] {
        try cli.run("show", "book", book, "--json").json()
    }

    @Test func aTitleEditedByHandIsKeptUntilOverwritten() throws {
        let cli = try CatalogCLI("handedit")
        let file = try writeBooks(cli, year: 1965)
        #expect(try cli.run("import", file).status == 0)
        let book = try book(cli)
        #expect(try cli.run("edit", "book", book, "--title", "Dune (Ace, 1965)").status == 0)

        let again = try cli.run("import", file)
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("1 unchanged"))
        #expect(again.standardOutput.contains("kept 1 field edited by hand: book \(book): title (record "))
        #expect(try shown(cli, book)["title"] as? String == "Dune (Ace, 1965)")

        // A field not edited by hand still follows the file.
        _ = try writeBooks(cli, year: 1966)
        let revised = try cli.run("import", file, "--json").json()
        #expect(revised["updated"] as? Int == 1 && revised["kept"] as? Int == 1)
        let files = try #require(revised["files"] as? [[String: Any]])
        let kept = try #require(files.first?["kept_edits"] as? [[String: Any]])
        #expect(kept.first?["field"] as? String == "title" && kept.first?["uuid"] as? String == book)
        #expect(try shown(cli, book)["year"] as? Int == 1966)
        #expect(try shown(cli, book)["title"] as? String == "Dune (Ace, 1965)")

        let overwritten = try cli.run("import", file, "--overwrite-edits", "--json").json()
        #expect(overwritten["updated"] as? Int == 1 && overwritten["kept"] as? Int == 0)
        #expect(try shown(cli, book)["title"] as? String == "Dune")
        // Overwritten, the edit is part of the import: importing again changes nothing and keeps nothing.
        let idempotent = try cli.run("import", file)
        #expect(idempotent.standardOutput.contains("1 unchanged") && !idempotent.standardOutput.contains("kept"))
    }

    /// `catalog import --database URL`, as `catalog import --help` says: the same hand edit kept and reported on
    /// PostgreSQL, and `--overwrite-edits` taking the file's value there too.
    @Test func aTitleEditedByHandIsKeptOnPostgreSQL() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli-hand-edit")
        let cli = try CatalogCLI("handedit-postgresql")
        let file = try writeBooks(cli, year: 1965)
        let database = ["--database", uri]
        #expect(try CatalogCLI.run(database + ["import", file]).status == 0)
        let found = try CatalogCLI.run(database + ["search", "dune", "--json"]).json()
        let items = try #require(found["items"] as? [[String: Any]])
        let book = try #require(items.first { $0["kind"] as? String == "book" }?["uuid"] as? String)
        let edited = try CatalogCLI.run(database + ["edit", "book", book, "--title", "Dune (Ace, 1965)"])
        #expect(edited.status == 0, "\(edited.standardError)")

        _ = try writeBooks(cli, year: 1966)
        let again = try CatalogCLI.run(database + ["import", file])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("kept 1 field edited by hand: book \(book): title (record "))
        let shown = try CatalogCLI.run(database + ["show", "book", book, "--json"]).json()
        #expect(shown["title"] as? String == "Dune (Ace, 1965)" && shown["year"] as? Int == 1966)

        let overwritten = try CatalogCLI.run(database + ["import", file, "--overwrite-edits", "--json"]).json()
        #expect(overwritten["updated"] as? Int == 1 && overwritten["kept"] as? Int == 0)
        let after = try CatalogCLI.run(database + ["show", "book", book, "--json"]).json()
        #expect(after["title"] as? String == "Dune")
    }

    @Test func anUndoneEditNoLongerCounts() throws {
        let cli = try CatalogCLI("handundo")
        let file = try writeBooks(cli, year: 1965)
        #expect(try cli.run("import", file).status == 0)
        let book = try book(cli)
        #expect(try cli.run("edit", "book", book, "--title", "Dune (Ace, 1965)").status == 0)
        #expect(try cli.run("undo", "book", book).status == 0)
        _ = try writeBooks(cli, year: 1966)
        let again = try cli.run("import", file)
        #expect(again.standardOutput.contains("1 updated") && !again.standardOutput.contains("kept"))
        #expect(try shown(cli, book)["title"] as? String == "Dune")
        #expect(try shown(cli, book)["year"] as? Int == 1966)
    }
}
