import Foundation
import SQLiteDB
import TestSupport
import Testing

/// A uuid no catalog row has.
private let unknownUUID = "00000000-0000-4000-8000-000000000000"

/// Command lines the CLI refuses: the arguments, the exit status, and what standard error must contain.
private let refusals: [(arguments: [String], status: Int32, message: String)] = [
    (["show", "book", unknownUUID], 1, "error: no book with uuid \(unknownUUID)\n"),
    (["list", "books", "--author", unknownUUID], 1, "error: no author with uuid \(unknownUUID)\n"),
    (["show", "book", "not-a-uuid"], 64, "got 'not-a-uuid'\nhint: see 'catalog show --help'\n"),
    (["list", "genres", "--author", unknownUUID], 64, "error: 'list genres' does not take --author\n"),
    (["list", "books", "--author", unknownUUID, "--genre", "x"], 64, "give at most one of --author, --genre"),
    (["list", "books", "--after", "garbage"], 64, "error: --after: invalid cursor: 'garbage' is not a cursor"),
    (["list", "shelves"], 64, "error: unknown kind 'shelves'\nhint: one of book, author, genre, band\n"),
    (["import", "/nonexistent.json"], 1, "error: /nonexistent.json: cannot open the file: no such file.\n"),
]

@Suite struct CatalogCLITests {
    @Test func importListShowSearch() throws {
        let cli = try CatalogCLI()
        let imported = try cli.importSamples()
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("0 rejected"))

        let genres = try cli.run("list", "genres", "--json").json()
        #expect((genres["items"] as? [[String: Any]])?.count == genres["total"] as? Int)
        #expect(genres["next"] is NSNull)

        let search = try cli.run("search", "tolk", "--json").json()
        let hits = try #require(search["items"] as? [[String: Any]])
        let tolkien = try #require(hits.first { $0["kind"] as? String == "author" })
        #expect(tolkien["name"] as? String == "J. R. R. Tolkien")
        let uuid = try #require(tolkien["uuid"] as? String)

        let shown = try cli.run("show", "author", uuid, "--json").json()
        #expect(shown["sortName"] as? String == "Tolkien, J. R. R.")
        #expect(
            (shown["books"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.contains("The Hobbit") == true)

        let text = try cli.run("list", "books", "--author", uuid)
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("The Hobbit (1937)"))
    }

    @Test func pagingThroughTheCLIVisitsEveryBook() throws {
        let cli = try CatalogCLI()
        _ = try cli.importSamples()
        var titles: [String] = []
        var cursor: String?
        repeat {
            var arguments = ["list", "books", "--limit", "10", "--json"]
            if let cursor { arguments += ["--after", cursor] }
            let page = try cli.run(arguments).json()
            titles += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            cursor = page["next"] as? String
        } while cursor != nil
        #expect(titles.count == 36)
        #expect(Set(titles).count == 36)
    }

    /// Importing the same file twice reports every record unchanged and writes nothing: no row, no timestamp,
    /// no change for clients to sync.
    @Test func secondImportChangesNothing() throws {
        let cli = try CatalogCLI()
        let library = TestSupport.sampleData.appending(path: "library.json").path
        let first = try cli.run("import", library, "--json").json()
        let records = try #require(first["inserted"] as? Int)
        #expect(records > 30 && first["unchanged"] as? Int == 0)
        let written = try TestSupport.canonicalDump(Database(path: cli.database))
        let changes = try Database(path: cli.database).fetchOne(Int.self, "SELECT count(*) FROM change_log")

        let again = try cli.run("import", library, "--json")
        #expect(again.status == 0, "\(again.standardError)")
        let summary = try again.json()
        #expect(summary["inserted"] as? Int == 0)
        #expect(summary["updated"] as? Int == 0)
        #expect(summary["rejected"] as? Int == 0)
        #expect(summary["unchanged"] as? Int == records)
        #expect(try TestSupport.canonicalDump(Database(path: cli.database)) == written)
        #expect(try Database(path: cli.database).fetchOne(Int.self, "SELECT count(*) FROM change_log") == changes)
    }

    /// A cursor comes only from the command line: one mistyped or taken from another list is a usage error that
    /// names the option, and nothing is listed.
    @Test func aCursorThatIsNotThisListsIsAUsageError() throws {
        let cli = try CatalogCLI()
        _ = try cli.importSamples()
        let hint =
            "hint: pass the 'next:' cursor that 'catalog list' printed for the same list, or leave --after "
            + "out to start at the beginning\n"
        let garbage = try cli.run("list", "books", "--after", "garbage")
        #expect(garbage.status == 64)
        #expect(
            garbage.standardError
                == "error: --after: invalid cursor: 'garbage' is not a cursor this program made\n" + hint)
        #expect(garbage.standardOutput.isEmpty)
        let authors = try cli.run("list", "authors", "--limit", "1", "--json").json()
        let cursor = try #require(authors["next"] as? String)
        let another = try cli.run("list", "books", "--after", cursor)
        #expect(another.status == 64)
        #expect(another.standardError == "error: --after: invalid cursor: it belongs to another list\n" + hint)
        #expect(try cli.run("list", "authors", "--after", cursor).status == 0)
    }

    /// Each refusal exits with its status and says what was wrong on standard error, with nothing on standard
    /// output.
    @Test(arguments: refusals)
    func refusalsExitWithTheirStatusAndSayWhy(arguments: [String], status: Int32, message: String) throws {
        let cli = try CatalogCLI()
        _ = try cli.importSamples()
        let result = try cli.run(arguments)
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    /// Search text that is not valid FTS5 syntax is no error: it finds nothing.
    @Test func aSearchThatIsNotFTS5SyntaxFindsNothing() throws {
        let cli = try CatalogCLI()
        _ = try cli.importSamples()
        let search = try cli.run("search", "\"((NEAR*", "--json")
        #expect(search.status == 0, "\(search.standardError)")
        #expect((try search.json()["items"] as? [Any])?.isEmpty == true)
    }
}
