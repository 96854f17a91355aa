import PostgreSQLCatalog
import PostgreSQLDB
package import SQLiteCatalog
package import SQLiteDB

/// Where a catalog store's rows are: the one place that chooses between SQLite and PostgreSQL. A program resolves
/// its options to a location once and opens the store there; from then on it speaks to ``CatalogStore`` alone, and
/// asks a store what it can do (``StoreCapability``) rather than which database it is.
///
/// ```swift
/// let store = try StoreLocation.sqlite(path: "catalog.sqlite").open(mode: .migrateExisting)
/// let books = try store.readCatalog { try CatalogAPI.list(.book, in: $0) }
/// ```
package enum StoreLocation: Sendable, Hashable {
    /// A SQLite catalog file, with its users' file beside it.
    case sqlite(path: String)
    /// A PostgreSQL database (a libpq URI), whose catalog reads may go to a streaming replica (`readURI`).
    case postgreSQL(uri: String, readURI: String? = nil)

    /// This location with its catalog reads sent to the streaming replica `readURI`, or `nil` when it cannot have
    /// one (a SQLite file).
    package func reading(from readURI: String) -> StoreLocation? {
        guard case .postgreSQL(let uri, _) = self else { return nil }
        return .postgreSQL(uri: uri, readURI: readURI)
    }

    /// What a store here can do beyond what every store does.
    package var capabilities: Set<StoreCapability> {
        switch self {
        case .sqlite: [.portableFile, .editing]
        case .postgreSQL: [.editing]
        }
    }

    /// The location as messages name it: the file's path, or the URI with its password left out.
    package var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgreSQL(let uri, _): PostgreSQLConnection.redacted(uri)
        }
    }

    /// Opens the store: a SQLite catalog as `mode` says, a PostgreSQL database migrated first (its migrations take
    /// a lock, so several programs may open it at once).
    ///
    /// - Parameters:
    ///   - mode: on SQLite, whether the catalog may be created and whether its schema is brought up to date.
    ///   - configuration: on SQLite, how to open the file at a path (how long to wait for another program's lock).
    /// - Throws: `CatalogFileError` for a SQLite file this program cannot use; `PostgreSQLError` when the database
    ///   cannot be reached or migrated.
    package func open(
        mode: DatabaseSchema.OpenMode = .createOrMigrate,
        configuration: @escaping @Sendable (String) throws -> Database.Configuration = { _ in .init() }
    ) throws -> any CatalogStore {
        switch self {
        case .sqlite(let path):
            return try SQLiteCatalogStore(path: path, mode: mode, configuration: configuration)
        case .postgreSQL(let uri, let readURI):
            let store = try PostgreSQLCatalogStore(uri: uri, readURI: readURI)
            try store.migrate()
            return store
        }
    }
}

/// What some stores can do and others cannot, asked before a program relies on it.
package enum StoreCapability: Sendable, Hashable, CaseIterable {
    /// The store is one file a program can hand around: an offline client's copy, which a sync catches up, or a
    /// catalog made whole from sample data.
    case portableFile
    /// The store edits its catalog by hand (``CatalogEditing``): create, update, delete, merge, undo.
    case editing

    /// What the capability lets a program do, as a message names it.
    package var description: String {
        switch self {
        case .portableFile: "handing the catalog around as one file"
        case .editing: "editing the catalog (add, edit, delete, merge, undo)"
        }
    }
}
