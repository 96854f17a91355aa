import Foundation
import Navigation
public import SQLiteDB

/// The users' own file beside a catalog: users, their access tokens and web sessions, and their navigation state.
///
/// SQLite lets one connection at a time write a file, and an import holds the catalog's write lock for as long as it
/// runs. Kept in a file of its own, a user's navigation save waits for no import; it reads the catalog (to check
/// that a route names a book that exists) through a read-only attachment, which takes no lock a writer waits for.
extension DatabaseSchema {
    /// The schema name under which ``openUserState(catalogPath:configuration:)`` attaches the catalog.
    public static let attachedCatalogSchema = "catalog"

    /// The user-state file of the catalog at `path`: beside it, named after it with `.users` before its extension
    /// (`library.sqlite` → `library.users.sqlite`; `library` → `library.users`).
    public static func userStatePath(forCatalog path: String) -> String {
        let url = URL(filePath: path)
        let name = url.lastPathComponent
        let stem = url.deletingPathExtension().lastPathComponent
        let renamed = stem.isEmpty || stem == name ? name + ".users" : stem + ".users." + url.pathExtension
        return url.deletingLastPathComponent().appending(path: renamed).path
    }

    /// Opens the user-state file of the catalog at `catalogPath` (``userStatePath(forCatalog:)``), creating it or
    /// bringing it to this program's schema, with the catalog attached read-only as ``attachedCatalogSchema``: the
    /// catalog's tables read unqualified on the connection, and a write transaction on it locks the user-state file
    /// alone.
    ///
    /// The catalog itself is opened first as ``openCatalog(path:configuration:mode:)`` does by default: created when
    /// absent, brought to this program's schema, and a catalog file made before users had a file of their own gives
    /// its users' state over.
    ///
    /// The user-state file holds secrets (token and web-session hashes, every user's navigation history), so it is
    /// readable by its owner alone: created 0600 whatever the umask, its `-wal` and `-shm` files too, and an existing
    /// one that group or others could read (made by an older version, 0644 under the common umask 022) loses their
    /// permissions when its owner (or root) opens it. The catalog is created 0600 as well, but an existing catalog
    /// keeps the permissions its owner gave it: no file is ever widened.
    ///
    /// ```swift
    /// let db = try DatabaseSchema.openUserState(catalogPath: "catalog.sqlite")
    /// let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "ada")
    /// ```
    ///
    /// - Throws: ``CatalogFileError`` for the catalog or the user-state file (damaged or newer file, unwritable
    ///   directory …).
    public static func openUserState(
        catalogPath: String, configuration: Database.Configuration = Database.Configuration()
    )
        throws -> Database
    {
        try openCatalog(path: catalogPath, configuration: configuration).close()
        return try openUserStateFile(
            at: userStatePath(forCatalog: catalogPath), configuration: configuration,
            attaching: catalogAttachment(catalogPath))
    }

    /// A pool on the user-state file of the catalog at `catalogPath`, made and migrated as
    /// ``openUserState(catalogPath:configuration:)`` does, each of its connections with the catalog attached: a
    /// server's, whose readers restore scenes while its one writer saves them.
    public static func openUserStatePool(
        catalogPath: String, configuration: Database.Configuration = Database.Configuration()
    ) throws -> DatabasePool {
        try openUserState(catalogPath: catalogPath, configuration: configuration).close()
        let path = userStatePath(forCatalog: catalogPath)
        return try explainingFileErrors(path) {
            try DatabasePool(
                path: path,
                configuration: userStateConfiguration(catalogPath: catalogPath, configuration: configuration))
        }
    }

    /// `configuration` with the catalog at `catalogPath` attached.
    private static func userStateConfiguration(
        catalogPath: String, configuration: Database.Configuration
    ) -> Database.Configuration {
        var attaching = configuration
        attaching.readOnlyAttachments.append(catalogAttachment(catalogPath))
        return attaching
    }

    /// The catalog at `catalogPath`, attached read-only to its user-state file as ``attachedCatalogSchema``.
    private static func catalogAttachment(_ catalogPath: String) -> Database.Attachment {
        Database.Attachment(schema: attachedCatalogSchema, path: catalogPath)
    }

    /// Opens the user-state file at `path` with `attachment` attached read-only, creating it (whole, as
    /// `configuration` says) when absent, and brings it to this program's schema.
    ///
    /// An existing file's group and other permissions are taken away first, as
    /// ``openUserState(catalogPath:configuration:)`` says.
    private static func openUserStateFile(
        at path: String, configuration: Database.Configuration, attaching attachment: Database.Attachment
    ) throws -> Database {
        try explainingFileErrors(path) {
            try refuseUnusableFile(path)
            if isAbsent(path) { _ = createWhole(at: path, configuration: configuration, migrator: userStateMigrator) }
            Database.restrictToOwner(path: path)
            var attaching = configuration
            attaching.readOnlyAttachments.append(attachment)
            let db = try Database(path: path, configuration: attaching)
            try userStateMigrator.migrate(db)
            return db
        }
    }

    /// Moves the users' tables out of `catalog`, a catalog file made before they had a file of their own, into its
    /// user-state file, then drops them (their bytes overwritten) and their migrations' records from the catalog.
    ///
    /// Both halves of `catalog` are at this build's schema. The catalog's write lock, held throughout, keeps other
    /// processes from moving at the same time. Killed between the two files' commits, the move leaves the rows in
    /// both; the next open finds the user-state file holding exactly the catalog's rows and finishes by dropping
    /// them. A user-state file that holds other rows is never overwritten: the catalog's are kept and the open fails.
    static func moveUserState(outOf catalog: Database, catalogPath: String) throws {
        try catalog.transaction(.immediate) {
            var tables: [String] = []
            for table in userTables where try catalog.tableExists(table) { tables.append(table) }
            guard !tables.isEmpty else { return }  // another process moved them meanwhile
            var holdsRows = false
            for table in tables where try catalog.rowCount(ofTable: table) > 0 { holdsRows = true }
            if holdsRows { try copyUserState(tables: tables, from: catalogPath) }
            let secureDelete = try catalog.fetchOne(Int.self, "PRAGMA secure_delete") ?? 0
            try catalog.execute("PRAGMA secure_delete = ON")
            defer { try? catalog.execute("PRAGMA secure_delete = \(secureDelete)") }
            for table in tables { try catalog.execute("DROP TABLE \(table)") }
            for migration in userStateMigrator.migrations {
                try catalog.execute("DELETE FROM schema_migrations WHERE version = ?", [migration.version])
            }
        }
    }

    /// Copies `tables` (children first) from the catalog at `catalogPath` into its user-state file, unless that file
    /// already holds exactly their rows (a move killed before the catalog's commit), but for the tables the triggers
    /// rewrote as the rows were copied in (`NavigationSchema.tablesWrittenByTriggers`).
    private static func copyUserState(tables: [String], from catalogPath: String) throws {
        let path = userStatePath(forCatalog: catalogPath)
        let users = try openUserStateFile(
            at: path, configuration: Database.Configuration(),
            attaching: Database.Attachment(schema: "moving", path: catalogPath))
        defer { try? users.close() }
        try users.transaction(.immediate) {
            var empty = true
            for table in tables where try users.rowCount(ofTable: table) > 0 { empty = false }
            if empty {
                for table in tables.reversed() {
                    let columns = try users.fetchAll(
                        String.self, "SELECT name FROM pragma_table_info(?, 'moving')", [table]
                    ).map { "\"\($0)\"" }.joined(separator: ", ")
                    try users.execute("INSERT INTO main.\(table) (\(columns)) SELECT \(columns) FROM moving.\(table)")
                }
                return
            }
            for table in tables where !NavigationSchema.tablesWrittenByTriggers.contains(table) {
                let differing = try users.fetchOne(
                    Int.self,
                    """
                    SELECT (SELECT count(*) FROM (SELECT * FROM main.\(table) EXCEPT SELECT * FROM moving.\(table)))
                        + (SELECT count(*) FROM (SELECT * FROM moving.\(table) EXCEPT SELECT * FROM main.\(table)))
                    """)
                guard differing == 0 else {
                    throw CatalogFileError.userStateConflict(catalogPath: catalogPath, userStatePath: path)
                }
            }
        }
    }
}
