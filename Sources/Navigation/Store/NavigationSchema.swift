public import SchemaMigration

/// The navigation tables (`users`, `nav_scenes`, `nav_history`, `nav_sessions`, and `nav_scene_changes`, the record
/// of which users' scenes changed): the SQLite migrations in
/// `Migrations/Navigation/`, embedded into this module at build time (PostgreSQL's are among the `PostgreSQL`
/// module's).
///
/// An app with a SQLite database of its own creates them with the `SQLiteCatalog` module's `NavigationSchema.migrator`
/// before it opens a ``NavigationStore``:
///
/// ```swift
/// let db = try Database(path: "app.sqlite")
/// try NavigationSchema.migrator.migrate(db)
/// let store = try NavigationStore<AppRoute>(database: db)
/// ```
///
/// A database records its migrations in one `schema_migrations` table, by version, and a migrator refuses a
/// database holding a version it does not know. So a database that also has tables of its own is migrated by one
/// migrator over all of its migrations, `Migrator(NavigationSchema.migrations + appMigrations)`, and the app numbers
/// its migrations apart from these versions.
public enum NavigationSchema {
    /// The navigation migrations, by version.
    public static var migrations: [Migration] { MigrationSequence(embedded).migrations }

    /// The tables whose rows belong to users (their names, scenes, history and sessions, and the record of which
    /// users' scenes changed), children first: a copy of the database made for someone else leaves them empty.
    /// `nav_scene_changes` refers to no table; it comes last, so a copy made parents first writes it before the
    /// scenes whose triggers move its rows.
    public static let userTables = ["nav_history", "nav_sessions", "nav_scenes", "users", "nav_scene_changes"]

    /// The user tables whose rows the database's triggers write as the other tables change: copied rows of
    /// `nav_scenes` move the users' rows of `nav_scene_changes` to new seqs, so a copy of the user tables is equal to
    /// its source but for these.
    package static let tablesWrittenByTriggers: Set<String> = ["nav_scene_changes"]
}
