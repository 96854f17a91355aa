package import CatalogStore
import Foundation

/// Answers shared by the long-polls one commit wakes: those asking the same question read it once between them
/// rather than once each (the change feed after a position, a scene's revision).
///
/// An answer is kept with the commit token taken before it was read, so it holds every commit up to that token;
/// a waiter that took the same token may use it. A newer token drops the older answers.
package final class SharedAnswers<Query: Hashable & Sendable, Answer>: @unchecked Sendable {
    // Invariant: `token` and `answers` are only read or written while `lock` is held.

    private let lock = NSLock()
    private var token: CommitWatcher.Token?
    private var answers: [Query: Answer] = [:]

    /// No answers yet.
    package init() {}

    /// The answer to `query` read at `token` (taken before reading): one already read at that token, else
    /// `read`'s, kept for the next waiter.
    package func answer(_ query: Query, at token: CommitWatcher.Token, read: () throws -> Answer) throws -> Answer {
        if let known = lock.withLock({ self.token == token ? answers[query] : nil }) { return known }
        let answer = try read()
        lock.withLock {
            if let current = self.token, current > token { return }
            if self.token != token {
                self.token = token
                answers = [:]
            }
            answers[query] = answer
        }
        return answer
    }
}
