/// What a ``CommitWatcher`` watches: a database that can say whether a transaction committed to it.
///
/// The watcher's thread calls ``waitForCommit(upTo:)`` over and over, and ``close()`` once when it stops; it alone
/// uses the signal once it has it, so an implementation needs no lock and may hold a connection of its own.
/// ``SQLiteCommitSignal`` polls a SQLite file; the `PostgreSQLCatalog` module's signal listens for PostgreSQL's
/// notifications.
package protocol CommitSignal: AnyObject {
    /// Waits at most about `timeout`, and says whether a transaction committed since the last call.
    ///
    /// It must return within about `timeout` even when nothing happens: the watcher checks its waiters' deadlines
    /// between calls.
    ///
    /// - Returns: `true` when a transaction committed, or when it cannot tell (the database could not be read): the
    ///   watcher then wakes every waiter to check again, rather than leave one waiting for a commit it missed.
    func waitForCommit(upTo timeout: Duration) -> Bool

    /// Closes what the signal holds open; no other call follows.
    func close()
}
