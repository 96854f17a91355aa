import Foundation
import SQLiteDB

/// The commits to a SQLite database file, from this process or any other, seen by polling
/// [`PRAGMA data_version`](https://sqlite.org/pragma.html#pragma_data_version) on a read-only connection of its own:
/// the value changes whenever another connection commits.
package final class SQLiteCommitSignal: CommitSignal {
    private let database: Database
    /// The value of the last read, `nil` when it failed.
    private var version: Int64?

    /// Opens the database at `path` read-only and reads its version.
    ///
    /// - Throws: `DatabaseError` when the file cannot be opened.
    package init(path: String) throws {
        var configuration = Database.Configuration()
        configuration.readOnly = true
        database = try Database(path: path, configuration: configuration)
        version = try? database.fetchOne(Int64.self, "PRAGMA data_version")
    }

    /// Sleeps `timeout`, then reads the version again: a commit happened when it changed, or when it cannot be read.
    package func waitForCommit(upTo timeout: Duration) -> Bool {
        Thread.sleep(forTimeInterval: timeout / .seconds(1))
        let now = try? database.fetchOne(Int64.self, "PRAGMA data_version")
        defer { version = now }
        return now == nil || now != version
    }

    package func close() {
        try? database.close()
    }
}
