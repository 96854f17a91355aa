package import SQLiteDB

/// Drops secondary indexes for the length of a bulk write transaction and builds them again before the commit.
///
/// A row written into a table with an index whose order is not the table's (authors → books, genre → books, an
/// entity's source keys) lands on a random page of that index; once the index outgrows the page cache, every row
/// costs a page read and a page written back. Building the index again from the whole table sorts it once, which is
/// cheaper when the transaction adds about as many rows as the table held. Dropping and creating are transactional:
/// other connections see the indexes throughout, and a rollback or a crash restores them.
package final class DeferredIndexes {
    /// An index of `sqlite_schema` and the SQL that creates it.
    private typealias StoredIndex = (name: String, sql: String)

    /// The catalog's tables whose secondary indexes a bulk write drops (the genres are too few to matter).
    package static let catalogTables = [
        "books", "authors", "bands", "book_authors", "book_genres", "band_genres", "source_records",
    ]

    /// The page cache a bulk write of the catalog runs with, in KiB: with the secondary indexes dropped it needs no
    /// more, and each of the threads sorting an index when they are built again takes as much again.
    package static let pageCacheKiB = 32 * 1024

    private let db: Database
    private var indexes: [StoredIndex]

    /// Drops the indexes of `tables` other than those that enforce a constraint (`UNIQUE` and `PRIMARY KEY`
    /// constraints, `CREATE UNIQUE INDEX`), so every constraint is checked row by row as before; call inside the
    /// transaction.
    package init(db: Database, tables: [String]) throws {
        self.db = db
        let listed = tables.map { "'\($0)'" }.joined(separator: ", ")
        indexes = try db.fetchAll(
            """
            SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
            AND sql NOT LIKE 'CREATE UNIQUE%' AND tbl_name IN (\(listed))
            """, as: String.self, String.self)
        for index in indexes { try db.execute("DROP INDEX main.\(index.name)") }
    }

    /// The names of the indexes dropped.
    package var names: [String] { indexes.map(\.name) }

    /// Creates the dropped index `name` again now, for a writer about to read by it; nothing when it was not
    /// dropped or is back already.
    package func restore(_ name: String) throws {
        guard let position = indexes.firstIndex(where: { $0.name == name }) else { return }
        try db.execute(indexes[position].sql)
        indexes.remove(at: position)
    }

    /// Creates the dropped indexes again from their stored SQL; call before the commit.
    ///
    /// Building them is mostly sorting, so SQLite's sorter takes a helper thread meanwhile (`PRAGMA threads`). Each
    /// of its two threads sorts in memory as much as the page cache holds, so the cache is halved meanwhile: the
    /// builds ask no more memory than with one thread.
    package func finish() throws {
        let threads = try db.fetchOne(Int.self, "PRAGMA threads") ?? 0
        let cache = try db.fetchOne(Int.self, "PRAGMA cache_size") ?? -2000
        try db.execute("PRAGMA threads = \(max(threads, 1)); PRAGMA cache_size = \(cache / 2)")
        defer { try? db.execute("PRAGMA threads = \(threads); PRAGMA cache_size = \(cache)") }
        for index in indexes { try db.execute(index.sql) }
        indexes = []
    }
}

// Holds one connection.
@available(*, unavailable)
extension DeferredIndexes: Sendable {}
