import Catalog
import CatalogSync
public import Foundation
import PostgreSQLDB
public import SQLiteDB

/// A SQLite copy of a PostgreSQL catalog that the library's SQLite writers (the importer, with its identity rules,
/// validation and reports) write as they write any catalog file, and whose writes ``push()`` then sends to the server
/// in one transaction, through `COPY`.
///
/// The copy is a snapshot (``PostgreSQLChangeFeed/snapshot(to:server:)``): rows keep the server's ids and its import
/// identities, so the writers decide exactly as they would on the server. What they change is read back from the
/// copy's own change log (one row per entity) and from its `source_records`, and written to the server by uuid:
/// entities are upserted, links made equal to the copy's, deleted entities deleted, import identities upserted or
/// removed. Every step is one set-based statement per table, whatever the number of rows: the search entries,
/// change-log rows and sort-key copies of what it wrote too, while the server's row triggers that would write them
/// one row at a time stand aside for the push's transaction (migration 0010). Deletes go through the triggers.
///
/// A push holds the change log's lock and refuses to write when another writer changed the catalog since the copy
/// was made (``PostgreSQLPushError/serverMoved(expected:found:)``) or changed its import identities
/// (``PostgreSQLPushError/identitiesChanged``): the copy's decisions were made on that older state. A process killed
/// before the push commits leaves the server as it was.
///
/// A copy made for one run lives in a directory of its own and goes with this value. A copy kept between runs
/// (``kept(in:for:)``) serves the next import again while the server is as the copy left it, so a second import of
/// a large file need not copy the catalog first.
///
/// ```swift
/// let copy = try PostgreSQLWorkingCopy(checkingOut: PostgreSQLChangeFeed(connection))
/// let summary = try LibraryCatalog(copy.database).importer.importFile(atPath: "books.json")
/// let written = try copy.push()
/// ```
public final class PostgreSQLWorkingCopy {
    /// The copy, to write with any SQLite writer of the catalog.
    public let database: Database
    private let feed: PostgreSQLChangeFeed
    /// What goes with this value: the directory of a copy made for one run, or the lock of a kept one.
    private let storage: Storage
    /// Where the copy stands against the server, as stored in the copy's `working_copy_state`.
    private var state: State

    private enum Storage {
        case scratch(ScratchDirectory)
        case kept(FileLock)
    }

    /// The copy's own change-log sequence up to which the server has its changes, the server's sequence and the
    /// version of its import identities (migration 0011) the copy holds everything up to.
    private struct State {
        var pushedThrough: Int64
        var serverSequence: Int64
        var identitiesVersion: Int64
    }

    /// Copies the catalog of `feed`'s database into a new file in a directory of its own under `parent`, removed
    /// when this value goes away (or, when its process is killed, by the next working copy made under `parent`).
    ///
    /// - Throws: `PostgreSQLError`, `DatabaseError`.
    public convenience init(
        checkingOut feed: PostgreSQLChangeFeed, in parent: URL = FileManager.default.temporaryDirectory
    )
        throws
    {
        let directory = try ScratchDirectory(prefix: "catalog-working-copy", in: parent)
        do {
            let database = try Self.checkOut(feed, to: directory.url.appending(path: "catalog.sqlite").path)
            try self.init(database, of: feed, storage: .scratch(directory))
        } catch {
            directory.remove()
            throw error
        }
    }

    /// The working copy of `feed`'s catalog kept in `directory` (made, readable by its owner only, when missing):
    /// the copy an earlier run left there when the server is still as that run left it and nothing of the copy is
    /// unsent, else a new copy written there in its place. The file is named by the catalog's database uuid, and a
    /// process uses it under a lock: when another holds it, this run gets a copy of its own, as
    /// ``init(checkingOut:in:)`` makes.
    ///
    /// - Throws: `PostgreSQLError`, `DatabaseError`, `CocoaError` when the directory cannot be made.
    public static func kept(in directory: URL, for feed: PostgreSQLChangeFeed) throws -> PostgreSQLWorkingCopy {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory.appending(path: "\(try feed.databaseUUID()).sqlite").path
        guard let lock = try FileLock(path: path + ".lock") else {
            return try PostgreSQLWorkingCopy(checkingOut: feed)
        }
        if FileManager.default.fileExists(atPath: path) {
            if let copy = try? PostgreSQLWorkingCopy(Database(path: path), of: feed, storage: .kept(lock)),
                try copy.isCurrent(), try copy.holdsNothingUnsent()
            {
                return copy
            }
            Database.removeFiles(atPath: path)
        }
        return try PostgreSQLWorkingCopy(try checkOut(feed, to: path), of: feed, storage: .kept(lock))
    }

    private init(_ database: Database, of feed: PostgreSQLChangeFeed, storage: Storage) throws {
        guard try Migrator(CatalogSchema.migrations).pendingMigrations(in: database).isEmpty,
            let stored = try database.fetchAll(
                "SELECT pushed_through, server_seq, identities_version FROM working_copy_state",
                as: Int64.self, Int64.self, Int64.self
            ).first
        else {
            try? database.close()
            throw DatabaseError(
                extendedResultCode: .SQLITE_ERROR, message: "\(database.path) is not a working copy of this version")
        }
        self.database = database
        self.feed = feed
        self.storage = storage
        state = State(pushedThrough: stored.0, serverSequence: stored.1, identitiesVersion: stored.2)
    }

    deinit {
        try? database.close()
        if case .scratch(let directory) = storage { directory.remove() }
    }

    /// Snapshots the catalog of `feed` to the new file `path`, with the tables that track the copy's state.
    private static func checkOut(_ feed: PostgreSQLChangeFeed, to path: String) throws -> Database {
        try feed.snapshotForWorkingCopy(to: path, server: "working copy") { copy in
            try copy.execute(Self.tracking)
            // Read in the snapshot's transaction: the version of the identities it copied.
            try copy.execute(
                """
                INSERT INTO working_copy_state (id, pushed_through, server_seq, identities_version)
                SELECT 1, local_seq, last_seq, ? FROM sync_state
                """, [try Self.identitiesVersion(on: feed.connection)])
        }
        return try Database(path: path)
    }

    /// The server's version of its import identities; `lockingIt` keeps other writers of identities waiting until
    /// the transaction ends.
    private static func identitiesVersion(on connection: PostgreSQLConnection, lockingIt: Bool = false) throws
        -> Int64
    {
        try connection.fetchOne(
            Int64.self, "SELECT version FROM import_identities_state WHERE id = 1" + (lockingIt ? " FOR UPDATE" : ""))
            ?? 0
    }

    /// Whether no other writer has changed the server's catalog or its import identities since the copy was made or
    /// last pushed, so that a push can go through.
    public func isCurrent() throws -> Bool {
        try PostgreSQLChangeFeed.latestSeq(on: feed.connection) == state.serverSequence
            && Self.identitiesVersion(on: feed.connection) == state.identitiesVersion
    }

    /// Whether the copy holds no write the server does not have: an import that failed, or a process killed before
    /// its push, leaves some.
    private func holdsNothingUnsent() throws -> Bool {
        try ChangeFeed(database).highWater() == state.pushedThrough
            && database.fetchOne(Int.self, "SELECT count(*) FROM pushed_identities") == 0
    }

    /// Writes to the server what was written to the copy since it was made or last pushed, in one transaction.
    ///
    /// - Returns: the number of entities and import identities written (0 when the copy has nothing new: the server
    ///   is not written at all then).
    /// - Throws: ``PostgreSQLPushError`` when another writer changed the catalog since the copy was made, or a row
    ///   of the copy references one the server does not have; `PostgreSQLError` (a unique key the server holds
    ///   otherwise, say); nothing is written then, and the copy is as it was.
    @discardableResult
    public func push() throws -> Int {
        let high = try ChangeFeed(database).highWater()
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS pushed_entities (kind TEXT, uuid TEXT, gone INTEGER)")
        try database.execute("DELETE FROM temp.pushed_entities")
        try database.execute(
            "INSERT INTO temp.pushed_entities SELECT entity_kind, uuid, operation = 'delete' FROM change_log WHERE seq > ?",
            [state.pushedThrough])
        let entities = database.changes
        let identities = try database.fetchOne(Int.self, "SELECT count(*) FROM pushed_identities") ?? 0
        guard entities + identities > 0 else { return 0 }
        let connection = feed.connection
        let reached = try connection.transaction {
            try connection.execute("SELECT pg_advisory_xact_lock(change_log_lock_key())")
            let found = try PostgreSQLChangeFeed.latestSeq(on: connection)
            guard found == state.serverSequence else {
                throw PostgreSQLPushError.serverMoved(expected: state.serverSequence, found: found)
            }
            guard try Self.identitiesVersion(on: connection, lockingIt: true) == state.identitiesVersion else {
                throw PostgreSQLPushError.identitiesChanged
            }
            // Room for the hash joins over every staged row, for this transaction only (the default 4 MB would
            // spill a million books' uuids to disk in batches).
            try connection.execute("SET LOCAL work_mem = '64MB'")
            try deleteEntities()
            try connection.execute("SET LOCAL catalog.set_based_push = 'on'")
            try connection.execute(
                """
                CREATE TEMP TABLE push_written (kind text, id bigint, inserted boolean, PRIMARY KEY (kind, id)) \
                ON COMMIT DROP
                """)
            for table in CatalogTables.entities {
                let upserted = try upsertEntities(of: table)
                for link in table.links { try replaceLinks(link, of: table, upserted: upserted) }
            }
            try indexAndLogWrittenEntities()
            try connection.execute("SET LOCAL catalog.set_based_push = 'off'")
            try pushIdentities()
            return State(
                pushedThrough: high, serverSequence: try PostgreSQLChangeFeed.latestSeq(on: connection),
                identitiesVersion: try Self.identitiesVersion(on: connection))
        }
        // A kill before this leaves the copy holding writes it has not recorded as sent: it is not used again.
        try database.transaction(.immediate) {
            try database.execute("DELETE FROM pushed_identities")
            try database.execute(
                "UPDATE working_copy_state SET pushed_through = ?, server_seq = ?, identities_version = ?",
                [reached.pushedThrough, reached.serverSequence, reached.identitiesVersion])
        }
        state = reached
        return entities + identities
    }

    // MARK: Entities

    private func deleteEntities() throws {
        let gone = try copyRows(
            "SELECT kind, uuid FROM temp.pushed_entities WHERE gone", into: "push_gone",
            columns: [("kind", .text), ("uuid", .text)])
        guard gone > 0 else { return }
        // Books and bands before the genres and authors they link to; cascades remove links and identities.
        for table in CatalogTables.entities.reversed() {
            try feed.connection.execute(
                "DELETE FROM \(table.name) WHERE uuid IN (SELECT uuid FROM push_gone WHERE kind = $1)",
                [table.kind.rawValue])
        }
    }

    /// Upserts by uuid the entities of `table` the copy changed, as their payloads (references as uuids), and notes
    /// each row written in `push_written`.
    ///
    /// - Returns: the number of entities upserted.
    private func upsertEntities(of table: EntityTable) throws -> Int {
        let staging = "push_\(table.name)"
        let columns = table.payloadColumns.map { ($0.name, Self.stagedType($0)) }
        let copied = try copyRows(
            """
            SELECT \(table.payloadSelection.list) FROM \(table.payloadSelection.from) WHERE \(table.alias).uuid IN \
            (SELECT uuid FROM temp.pushed_entities WHERE kind = '\(table.kind.rawValue)' AND NOT gone)
            """, into: staging, columns: columns)
        guard copied > 0 else { return 0 }
        let direct = table.payloadColumns.filter { $0.references == nil }.map(\.name)
        let assigned = direct.filter { $0 != "uuid" }
        // `xmax = 0` tells a row inserted from one updated.
        try feed.connection.execute(
            """
            WITH written AS (INSERT INTO \(table.name) AS t (\(direct.joined(separator: ", "))) \
            SELECT \(direct.joined(separator: ", ")) FROM \(staging) \
            ON CONFLICT (uuid) DO UPDATE SET \(assigned.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")) \
            WHERE (\(assigned.map { "t.\($0)" }.joined(separator: ", "))) \
            IS DISTINCT FROM (\(assigned.map { "excluded.\($0)" }.joined(separator: ", "))) \
            RETURNING t.id, t.xmax = 0 AS inserted) \
            INSERT INTO push_written SELECT '\(table.kind.rawValue)', id, inserted FROM written
            """)
        for column in table.payloadColumns {
            guard let target = column.references else { continue }
            try feed.connection.execute(
                """
                WITH written AS (UPDATE \(table.name) AS t SET \(column.name) = target.id \
                FROM \(staging) s LEFT JOIN \(target) target ON target.uuid = s.\(column.name) \
                WHERE t.uuid = s.uuid AND t.\(column.name) IS DISTINCT FROM target.id RETURNING t.id) \
                \(Self.noteUpdated(table.kind, ids: "id"))
                """)
            try requireEveryReference(
                "SELECT s.\(column.name) FROM \(staging) s LEFT JOIN \(target) target ON target.uuid = s.\(column.name) "
                    + "WHERE s.\(column.name) IS NOT NULL AND target.id IS NULL",
                of: table.name, column: column.name)
        }
        return copied
    }

    // MARK: Links

    /// Makes the links in `link` of every entity of `owner` the copy changed (`upserted` of them) equal to the copy's:
    /// removes the rows the copy does not have, adds those the server does not, and notes each owner whose links
    /// changed in `push_written`, as updated.
    private func replaceLinks(_ link: LinkTable, of owner: EntityTable, upserted: Int) throws {
        guard upserted > 0 else { return }
        let staging = "push_\(link.name)"
        let columns = [link.owner] + link.columns
        let selection = link.everyColumn
        try copyRows(
            """
            SELECT \(selection.expressions.prefix(columns.count).joined(separator: ", ")) FROM \(selection.from) \
            WHERE \(selection.expressions[0]) IN \
            (SELECT uuid FROM temp.pushed_entities WHERE kind = '\(owner.kind.rawValue)' AND NOT gone)
            """, into: staging, columns: columns.map { ($0.name, Self.stagedType($0)) })
        let owners = "SELECT id FROM \(owner.name) WHERE uuid IN (SELECT uuid FROM push_\(owner.name))"
        // The copy's rows with the server's ids.
        let wanted = "wanted_\(link.name)"
        var joins: [String] = []
        let resolved = columns.enumerated().map { index, column in
            guard let target = column.references else { return "s.\(column.name)" }
            joins.append("LEFT JOIN \(target) r\(index) ON r\(index).uuid = s.\(column.name)")
            return "r\(index).id AS \(column.name)"
        }
        try feed.connection.execute(
            """
            CREATE TEMP TABLE \(wanted) ON COMMIT DROP AS \
            SELECT \(resolved.joined(separator: ", ")) FROM \(staging) s \(joins.joined(separator: " "))
            """)
        let names = columns.map(\.name)
        try requireEveryReference(
            "SELECT '' FROM \(wanted) WHERE \(names.map { "\($0) IS NULL" }.joined(separator: " OR "))",
            of: link.name, column: names.joined(separator: ", "))
        let row = { (alias: String) in "(\(names.map { "\(alias).\($0)" }.joined(separator: ", ")))" }
        let noted = Self.noteUpdated(owner.kind, ids: link.owner.name)
        try feed.connection.execute(
            """
            WITH written AS (DELETE FROM \(link.name) x WHERE x.\(link.owner.name) IN (\(owners)) \
            AND NOT EXISTS (SELECT 1 FROM \(wanted) w WHERE \(row("w")) = \(row("x"))) \
            RETURNING x.\(link.owner.name)) \(noted)
            """)
        // The sort-key copies, read off the owner row (`o`; the copies name its columns) as the trigger would.
        try feed.connection.execute(
            """
            WITH written AS (INSERT INTO \(link.name) (\((names + link.copies.map(\.name)).joined(separator: ", "))) \
            SELECT \((names.map { "w.\($0)" } + link.copies.map(\.source)).joined(separator: ", ")) \
            FROM \(wanted) w JOIN \(owner.name) o ON o.id = w.\(link.owner.name) \
            WHERE NOT EXISTS (SELECT 1 FROM \(link.name) x WHERE \(row("x")) = \(row("w"))) \
            RETURNING \(link.owner.name)) \(noted)
            """)
    }

    // MARK: Search index and change log

    /// Notes in `push_written` the entities of `kind` whose ids are column `ids` of the statement `written`, as
    /// updated, unless already noted (as inserted, say).
    private static func noteUpdated(_ kind: EntityKind, ids: String) -> String {
        "INSERT INTO push_written SELECT DISTINCT '\(kind.rawValue)', \(ids), false FROM written ON CONFLICT DO NOTHING"
    }

    /// Writes what the row triggers would have for the entities in `push_written`: each one's search entry, and one
    /// change-log row each, in table order then by id, as inserted when its row is new, else as updated (an update
    /// that follows the entity's own insert, last in the log, stays an insert, as `catalog_log_change` keeps it).
    private func indexAndLogWrittenEntities() throws {
        for table in CatalogTables.entities {
            let kind = table.kind.rawValue
            let written = "push_written w JOIN \(table.name) t ON t.id = w.id AND w.kind = '\(kind)'"
            let indexed = "t.\(table.kind.searchedColumn)"
            try feed.connection.execute(
                """
                INSERT INTO search_index (entity_kind, entity_id, name, document) \
                SELECT '\(kind)', t.id, \(indexed), catalog_search_document(\(indexed)) FROM \(written) \
                ON CONFLICT (entity_kind, entity_id) DO UPDATE SET name = EXCLUDED.name, document = EXCLUDED.document
                """)
            try feed.connection.execute(
                """
                INSERT INTO change_log (seq, entity_kind, uuid, operation, changed_at) \
                SELECT nextval('change_log_seq'), '\(kind)', t.uuid, \
                CASE WHEN w.inserted THEN 'insert' ELSE 'update' END, catalog_now() FROM \(written) ORDER BY t.id \
                ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = EXCLUDED.seq, changed_at = EXCLUDED.changed_at, \
                operation = CASE WHEN EXCLUDED.operation = 'update' AND change_log.operation = 'insert' \
                AND change_log.seq = (SELECT max(seq) FROM change_log) THEN 'insert' ELSE EXCLUDED.operation END
                """)
        }
    }

    // MARK: Import identities

    /// Where the copy stands against the server (``State``), and which import identities (`source_records` keys) the
    /// writers touched: the table has no change log. `ON CONFLICT DO NOTHING` rather than `INSERT OR IGNORE`, which
    /// the writer's own conflict clause would override.
    private static let tracking = """
        CREATE TABLE working_copy_state (
            id INTEGER PRIMARY KEY CHECK (id = 1), pushed_through INTEGER NOT NULL, server_seq INTEGER NOT NULL,
            identities_version INTEGER NOT NULL);
        CREATE TABLE pushed_identities (
            source TEXT NOT NULL, source_key TEXT NOT NULL, PRIMARY KEY (source, source_key)) WITHOUT ROWID;
        CREATE TRIGGER pushed_identities_insert AFTER INSERT ON source_records BEGIN
            INSERT INTO pushed_identities VALUES (new.source, new.source_key) ON CONFLICT DO NOTHING;
        END;
        CREATE TRIGGER pushed_identities_update AFTER UPDATE ON source_records BEGIN
            INSERT INTO pushed_identities VALUES (old.source, old.source_key), (new.source, new.source_key)
            ON CONFLICT DO NOTHING;
        END;
        CREATE TRIGGER pushed_identities_delete AFTER DELETE ON source_records BEGIN
            INSERT INTO pushed_identities VALUES (old.source, old.source_key) ON CONFLICT DO NOTHING;
        END;
        """

    /// Sends the touched import identities as the copy holds them now, their entities named by uuid; those the copy
    /// no longer holds are removed.
    private func pushIdentities() throws {
        let entityUUID = CatalogTables.entities.map { table in
            "WHEN '\(table.kind.rawValue)' THEN (SELECT uuid FROM \(table.name) WHERE id = r.entity_id)"
        }
        let copied = try copyRows(
            """
            SELECT p.source, p.source_key, r.entity_kind, CASE r.entity_kind \(entityUUID.joined(separator: " ")) END, \
            r.fingerprint, r.imported_at, r.edits_seen \
            FROM pushed_identities p LEFT JOIN source_records r USING (source, source_key)
            """, into: "push_identities",
            columns: [
                ("source", .text), ("source_key", .text), ("entity_kind", .text), ("entity_uuid", .text),
                ("fingerprint", .text), ("imported_at", .text), ("edits_seen", .integer),
            ])
        guard copied > 0 else { return }
        let connection = feed.connection
        try connection.execute(
            """
            DELETE FROM source_records r USING push_identities p
            WHERE (r.source, r.source_key) = (p.source, p.source_key) AND p.entity_kind IS NULL
            """)
        let entityID = CatalogTables.entities.map { table in
            "WHEN '\(table.kind.rawValue)' THEN (SELECT id FROM \(table.name) WHERE uuid = p.entity_uuid)"
        }
        try connection.execute(
            """
            CREATE TEMP TABLE wanted_identities ON COMMIT DROP AS
            SELECT p.source, p.source_key, p.entity_kind, CASE p.entity_kind \(entityID.joined(separator: " ")) END
                AS entity_id, p.fingerprint, p.imported_at, p.edits_seen
            FROM push_identities p WHERE p.entity_kind IS NOT NULL
            """)
        try requireEveryReference(
            "SELECT source || ' ' || source_key FROM wanted_identities WHERE entity_id IS NULL",
            of: "source_records", column: "entity_id")
        try connection.execute(
            """
            INSERT INTO source_records AS r
                (source, source_key, entity_kind, entity_id, fingerprint, imported_at, edits_seen)
            SELECT source, source_key, entity_kind, entity_id, fingerprint, imported_at, edits_seen
            FROM wanted_identities
            ON CONFLICT (source, source_key) DO UPDATE SET entity_kind = excluded.entity_kind,
                entity_id = excluded.entity_id, fingerprint = excluded.fingerprint, imported_at = excluded.imported_at,
                edits_seen = excluded.edits_seen
            WHERE (r.entity_kind, r.entity_id, r.fingerprint, r.imported_at, r.edits_seen)
                IS DISTINCT FROM (excluded.entity_kind, excluded.entity_id, excluded.fingerprint, excluded.imported_at,
                    excluded.edits_seen)
            """)
    }

    // MARK: Moving rows

    private typealias StagedColumn = (name: String, type: TableColumn.ValueType)

    /// A reference is staged as the uuid of the row it names.
    private static func stagedType(_ column: TableColumn) -> TableColumn.ValueType {
        column.references == nil ? column.type : .text
    }

    /// Rows sent to the server per `COPY`: memory stays bounded however many rows the copy changed.
    private static let copyBatchSize = 10_000

    /// Creates the server's temporary table `staging` with `columns` (dropped at commit), and fills it with the
    /// rows `sql` reads from the copy.
    ///
    /// - Returns: the number of rows staged.
    @discardableResult
    private func copyRows(_ sql: String, into staging: String, columns: [StagedColumn]) throws -> Int {
        let definitions = columns.map { "\($0.name) \($0.type == .integer ? "bigint" : "text")" }
        try feed.connection.execute(
            "CREATE TEMP TABLE \(staging) (\(definitions.joined(separator: ", "))) ON COMMIT DROP")
        let statement = try database.prepare(sql)
        var batch: [[any PostgreSQLValueConvertible]] = []
        var count = 0
        let send = {
            count += try self.feed.connection.copy(into: staging, columns: columns.map(\.name), rows: batch)
            batch.removeAll(keepingCapacity: true)
        }
        while try statement.step() {
            let row = statement.row
            batch.append((0..<columns.count).map { PostgreSQLValue(row.databaseValue(at: $0)) })
            if batch.count == Self.copyBatchSize { try send() }
        }
        if !batch.isEmpty { try send() }
        // Temporary tables have no statistics until analyzed: the joins over a million staged rows need them.
        try feed.connection.execute("ANALYZE \(staging)")
        return count
    }

    /// Throws ``PostgreSQLPushError/missingReference(table:column:value:)`` when `sql` finds a row.
    private func requireEveryReference(_ sql: String, of table: String, column: String) throws {
        if let missing = try feed.connection.fetchOne(String.self, sql + " LIMIT 1") {
            throw PostgreSQLPushError.missingReference(table: table, column: column, value: missing)
        }
    }
}

/// Why a working copy's writes were not pushed; the server is unchanged.
public enum PostgreSQLPushError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another writer changed the catalog after the copy was made (its change log moved from `expected` to `found`),
    /// so what was decided on the copy may no longer hold.
    case serverMoved(expected: Int64, found: Int64)
    /// Another writer changed the import identities after the copy was made.
    case identitiesChanged
    /// A row of the copy references a row the server does not have.
    case missingReference(table: String, column: String, value: String)

    public var description: String {
        switch self {
        case .serverMoved(let expected, let found):
            "another writer changed the catalog while this one worked (its change log moved from \(expected) to "
                + "\(found)); nothing was written: run it again"
        case .identitiesChanged:
            "another writer changed the catalog's import identities while this one worked; nothing was written: run "
                + "it again"
        case .missingReference(let table, let column, let value):
            "\(table).\(column) names '\(value)', which the server does not have; nothing was written"
        }
    }
}
