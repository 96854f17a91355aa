import CatalogServer
import CatalogStore
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Long-polls woken by one commit share one read per question.
@Suite struct SharedAnswersTests {
    @Test func oneReadPerQuestionAndCommit() throws {
        let cli = try CatalogCLI("shared-answers")
        try cli.importSamples()
        let watcher = try CommitWatcher(path: cli.database)
        defer { watcher.stop() }
        let answers = SharedAnswers<FeedQuery, FeedAnswer>()
        var reads = 0
        func read(_ text: String) -> FeedAnswer {
            reads += 1
            return (HTTPResponse(status: 200, contentType: "text/plain", text: text), true)
        }
        let question = FeedQuery(since: 5, limit: 10, until: nil)
        let other = FeedQuery(since: 6, limit: 10, until: nil)
        let before = watcher.token
        for _ in 0..<3 {
            #expect(try answers.answer(question, at: before) { read("first") }.response.body == Data("first".utf8))
        }
        #expect(reads == 1)
        _ = try answers.answer(other, at: before) { read("other") }
        #expect(reads == 2)
        // A commit from another process: the next token reads again, and the old answers go.
        let book = cli.path("book.json")
        try Data(#"{"format":"catalog","version":1,"source":"shared","books":[{"key":"s","title":"Shared"}]}"#.utf8)
            .write(to: URL(filePath: book))
        #expect(try cli.run("import", book).status == 0)
        let committed = Self.waitForCommit(watcher, after: before)
        #expect(committed > before)
        #expect(try answers.answer(question, at: committed) { read("second") }.response.body == Data("second".utf8))
        #expect(reads == 3)
        // An answer read at an older token does not replace the newer one.
        _ = try answers.answer(question, at: before) { read("stale") }
        #expect(try answers.answer(question, at: committed) { read("third") }.response.body == Data("second".utf8))
        #expect(reads == 4)
    }

    /// The watcher's token once it has seen a commit after `token` (bounded).
    private static func waitForCommit(_ watcher: CommitWatcher, after token: CommitWatcher.Token) -> CommitWatcher.Token
    {
        let woken = DispatchSemaphore(value: 0)
        watcher.waitForCommit(after: token, until: .now + .seconds(30)) { _ in woken.signal() }
        woken.wait()
        return watcher.token
    }
}
