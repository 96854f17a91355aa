import Foundation
import TestSupport
import Testing

/// `catalog add`, `edit`, `delete`, `merge`, `history` and `undo`, run as a user runs them: what each prints, the exit
/// status of a refused edit (1) and of a wrong command line (64).
@Suite struct EditCLITests {
    private func uuid(_ result: TestSupport.ProcessResult) throws -> String {
        try #require(try result.json()["uuid"] as? String)
    }

    private func twain(_ cli: CatalogCLI) throws -> String {
        let found = try cli.run("search", "mark twain", "--json")
        let data = try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8))
        let items = (data as? [[String: Any]]) ?? ((data as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return try #require(items.first { $0["kind"] as? String == "author" }?["uuid"] as? String)
    }

    @Test func addEditAndARefusedStaleEdit() throws {
        let cli = try CatalogCLI("edit")
        try cli.importSamples()
        let added = try cli.run(
            "add", "book", "--title", "Roughing It", "--year", "1872", "--add-author", "Mark Twain", "--add-genre",
            "Travel", "--by", "ada", "--json")
        #expect(added.status == 0)
        let book = try uuid(added)
        let revision = try #require(try added.json()["revision"] as? Int)

        let edited = try cli.run("edit", "book", book, "--pages", "591", "--if-revision", "\(revision)")
        #expect(edited.status == 0)
        #expect(edited.standardOutput.hasPrefix("updated book \(book) (revision "))
        let stale = try cli.run("edit", "book", book, "--pages", "1", "--if-revision", "\(revision)")
        #expect(stale.status == 1)
        #expect(stale.standardError.contains("changed since revision \(revision)"))
        let shown = try cli.run("show", "book", book, "--json").json()
        #expect(shown["pages"] as? Int == 591 && shown["year"] as? Int == 1872)

        let badISBN = try cli.run("edit", "book", book, "--isbn", "978-0-14-043025-1")
        #expect(badISBN.status == 1)
        #expect(badISBN.standardError.contains("checksum fails"))
        #expect(try cli.run("edit", "book", book).status == 64)
        #expect(try cli.run("edit", "book", book, "--country", "GB").status == 64)
        #expect(try cli.run("merge", "book", book).status == 64)

        let history = try cli.run("history", "book", book)
        #expect(history.standardOutput.contains("create by ada"))
        #expect(history.standardOutput.contains("pages: – → 591"))
    }

    @Test func mergeHistoryAndUndo() throws {
        let cli = try CatalogCLI("merge")
        try cli.importSamples()
        let twain = try twain(cli)
        let duplicate = try uuid(try cli.run("add", "author", "--name", "Twain, Mark", "--json"))
        let book = try uuid(
            try cli.run("add", "book", "--title", "Life on the Mississippi", "--add-author", duplicate, "--json"))

        let refused = try cli.run("delete", "author", duplicate)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("merge the author into another"))
        let acrossKinds = try cli.run("merge", "author", duplicate, "--into", book)
        #expect(acrossKinds.status == 1)
        #expect(acrossKinds.standardError.contains("cannot be merged into a book"))

        #expect(try cli.run("nav", "select-sidebar", "authors", "--user", "grace").status == 0)
        #expect(try cli.run("nav", "select-content", "author/\(duplicate)", "--user", "grace").status == 0)
        let merged = try cli.run("merge", "author", duplicate, "--into", twain, "--by", "ada")
        #expect(merged.status == 0)
        // Grace's saved view follows the merge, and the repair line says so by the names the entries had.
        let restored = try cli.run("nav", "show", "--user", "grace").standardOutput
        #expect(restored.contains("content  Mark Twain  [author/\(twain)]"), "\(restored)")
        #expect(
            restored.contains(
                "repaired: content selection Twain, Mark was merged into Mark Twain [author/\(duplicate) → author/\(twain)]"
            ), "\(restored)")
        #expect(merged.standardOutput.hasPrefix("merged author \(duplicate) into author \(twain)"))
        let credits = try cli.run("show", "book", book).standardOutput
        #expect(credits.contains("Mark Twain (author)  \(twain)"))
        // The merged author's uuid shows the one it was merged into, and says so.
        let shown = try cli.run("show", "author", duplicate)
        #expect(shown.status == 0)
        #expect(shown.standardOutput.hasPrefix("Mark Twain\n"))
        #expect(shown.standardError == "note: author \(duplicate) was merged into \(twain); showing that one\n")
        #expect(try cli.run("show", "author", UUID().uuidString).status == 1)
        let history = try cli.run("history", "author", twain).standardOutput
        #expect(history.contains("merge by ada"))
        #expect(history.contains("merged: Twain, Mark → Mark Twain"))

        let undone = try cli.run("undo", "author", duplicate)
        #expect(undone.status == 0)
        #expect(try cli.run("show", "book", book).standardOutput.contains("Twain, Mark (author)  \(duplicate)"))
        let again = try cli.run("undo", "author", duplicate)
        #expect(again.status == 1)
    }
}
