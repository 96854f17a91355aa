import Foundation
import SQLiteDB
import TestSupport
import Testing

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

    @Test func exitStatuses() throws {
        let cli = try CatalogCLI()
        _ = try cli.importSamples()
        let missing = try cli.run("show", "book", "00000000-0000-4000-8000-000000000000")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no book with uuid 00000000-0000-4000-8000-000000000000"))
        #expect(try cli.run("list", "books", "--author", "00000000-0000-4000-8000-000000000000").status == 1)
        #expect(try cli.run("show", "book", "not-a-uuid").status == 64)
        #expect(try cli.run("list", "genres", "--author", "00000000-0000-4000-8000-000000000000").status == 64)
        #expect(
            try cli.run("list", "books", "--author", "00000000-0000-4000-8000-000000000000", "--genre", "x").status
                == 64)
        #expect(try cli.run("list", "books", "--after", "garbage").status == 1)
        #expect(try cli.run("list", "shelves").status == 64)
        #expect(try cli.run("import", "/nonexistent.json").status == 1)
        #expect(try cli.run("search", "\"((NEAR*", "--json").status == 0)
    }
}
