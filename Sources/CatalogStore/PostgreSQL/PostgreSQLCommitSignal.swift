import Foundation
import PostgreSQLCatalog
import PostgreSQLDB

/// The commits to a PostgreSQL catalog database, from any process, for a ``CommitWatcher``: a connection of its own
/// listens on ``PostgreSQLCatalogSchema/commitChannel``, on which every transaction that changes the change log or the
/// navigation state notifies when it commits (`0003_commit_notifications.sql`).
///
/// A waiting watcher uses no CPU: it sleeps on the connection's socket until a notification or the timeout.
///
/// ```swift
/// let watcher = CommitWatcher(signal: try PostgreSQLCommitSignal(uri: uri), interval: .milliseconds(20))
/// ```
package final class PostgreSQLCommitSignal: CommitSignal {
    private let uri: String
    /// The listening connection; `nil` once lost, until a call opens another.
    private var connection: PostgreSQLConnection?
    /// No new connection is tried before this after one failed, so a server that is down is not asked for one at
    /// every call.
    private var nextAttempt = ContinuousClock.now
    private static let retryDelay = Duration.seconds(1)

    /// Opens a connection to the database at `uri` and listens on ``PostgreSQLCatalogSchema/commitChannel``.
    ///
    /// - Parameter uri: a libpq connection URI or `key=value` string of a database migrated by
    ///   ``PostgreSQLCatalogSchema/migrator`` (without `0003_commit_notifications.sql` no commit is ever signalled).
    /// - Throws: ``PostgreSQLError`` when the connection cannot be opened or `LISTEN` fails.
    package init(uri: String) throws {
        self.uri = uri
        connection = try Self.listeningConnection(uri)
    }

    /// Waits for a notification at most `timeout`: `true` when one came, and also when the connection was lost or
    /// is being opened again, since commits go unseen meanwhile and every waiter must check again.
    ///
    /// A connection lost in one call is opened again in the next (at most once a second while that fails). Opening
    /// one waits as libpq does: a server that does not answer holds the call up to the URI's `connect_timeout`.
    package func waitForCommit(upTo timeout: Duration) -> Bool {
        guard let connection else {
            reconnect(or: timeout)
            return true
        }
        do {
            guard try connection.nextNotification(timeout: timeout) != nil else { return false }
            // The commits notified meanwhile need no wake of their own: woken waiters read after all of them.
            while try connection.nextNotification(timeout: .zero) != nil {}
            return true
        } catch {
            self.connection = nil
            return true
        }
    }

    package func close() {
        connection = nil
    }

    /// Opens and listens on a new connection, or sleeps `timeout` when it is too early to try or the try fails.
    private func reconnect(or timeout: Duration) {
        let now = ContinuousClock.now
        if now >= nextAttempt {
            connection = try? Self.listeningConnection(uri)
            if connection != nil { return }
            nextAttempt = now + Self.retryDelay
        }
        Thread.sleep(forTimeInterval: timeout / .seconds(1))
    }

    private static func listeningConnection(_ uri: String) throws -> PostgreSQLConnection {
        let connection = try PostgreSQLConnection(uri: uri)
        try connection.listen(PostgreSQLCatalogSchema.commitChannel)
        return connection
    }
}
