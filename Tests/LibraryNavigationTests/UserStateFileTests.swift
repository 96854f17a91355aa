import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// Users and their navigation state live in a file of their own beside the catalog, so an import holding the
/// catalog's write lock never delays a navigation save; a catalog file made before holds them until it is next
/// opened, and then gives them over whole.
@Suite struct UserStateFileTests {
    let path: String

    init() throws {
        path = try TestSupport.temporaryDirectory("user-state").appending(path: "catalog.sqlite").path
        let catalog = LibraryCatalog(try DatabaseSchema.openCatalog(path: path))
        _ = try catalog.importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: "library.json"))
    }

    @Test func theUserStateFileIsNamedAfterTheCatalog() {
        #expect(DatabaseSchema.userStatePath(forCatalog: "/data/library.sqlite") == "/data/library.users.sqlite")
        #expect(DatabaseSchema.userStatePath(forCatalog: "/data/library") == "/data/library.users")
        #expect(DatabaseSchema.userStatePath(forCatalog: "/data/my.library.db") == "/data/my.library.users.db")
    }

    @Test func aCatalogFileHoldsNoUsersAndTheUserStateFileNoCatalog() throws {
        let session = try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: path))
            .openSession(scene: "main", forUserNamed: "ada")
        try session.apply(.selectSidebar(.books))
        let catalogTables = try Database(path: path).tableNames()
        let userTables = try Database(path: DatabaseSchema.userStatePath(forCatalog: path)).tableNames()
        #expect(catalogTables.contains("books") && !catalogTables.contains("users"))
        #expect(userTables.contains("nav_scenes") && !userTables.contains("books"))
        #expect(Set(catalogTables).isDisjoint(with: DatabaseSchema.userTables))
    }

    /// The reason for the second file: a save waits for no writer of the catalog, here one holding its write lock
    /// for the whole test (as an import does), with a busy timeout of zero so any wait would fail at once.
    @Test func aNavigationSaveDoesNotWaitForAWriterHoldingTheCatalog() throws {
        let importer = try Database(path: path)
        let book = try #require(try LibraryCatalog(importer).books.page(after: nil, limit: 1).items.first)
        try importer.execute("BEGIN IMMEDIATE")
        try importer.execute("UPDATE books SET title = 'Renamed mid-import' WHERE id = ?", [book.id])
        defer { try? importer.execute("ROLLBACK") }
        var impatient = Database.Configuration()
        impatient.busyTimeout = .zero
        let db = try DatabaseSchema.openUserState(catalogPath: path, configuration: impatient)
        let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "ada")
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectContent(.book(book.uuid)))
        // The route check reads the catalog as committed, not the import's pending change.
        #expect(try LibraryCatalog(db).title(of: .book(book.uuid)) == book.title)
        let relaunched = try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: path))
            .openSession(scene: "main", forUserNamed: "ada")
        #expect(relaunched.state.content == .book(book.uuid))
    }

    @Test func anOlderCatalogFileGivesItsUsersOverWholeAndKeepsNoTraceOfThem() throws {
        let state = try makeOlderCatalogFile(at: path)
        let db = try DatabaseSchema.openCatalog(path: path)
        #expect(try !db.tableExists("users"))
        #expect(try DatabaseSchema.catalogMigrator.pendingMigrations(in: db).isEmpty)
        #expect(
            try DatabaseSchema.catalogMigrator.appliedMigrations(in: db).count
                == DatabaseSchema.catalogMigrator.migrations.count)
        try db.close()
        let bytes = try Data(contentsOf: URL(filePath: path))
        for secret in ["ada-the-reader", "reading-list", Self.tokenHash] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "the catalog file still holds '\(secret)'")
        }
        let session = try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: path))
            .openSession(scene: "main", forUserNamed: "ada-the-reader")
        #expect(session.state == state)
        let users = try Database(path: DatabaseSchema.userStatePath(forCatalog: path))
        #expect(try users.fetchOne(String.self, "SELECT hash FROM access_tokens") == Self.tokenHash)
        #expect(try users.fetchAll(String.self, "SELECT name FROM nav_sessions") == ["reading-list"])
    }

    /// A move killed after the user-state file committed and before the catalog did leaves the rows in both: the
    /// next open finds them equal and finishes.
    @Test func aMoveCutShortFinishesOnTheNextOpen() throws {
        let state = try makeOlderCatalogFile(at: path)
        try copyUserTables(from: path)
        try DatabaseSchema.openCatalog(path: path).close()
        #expect(try !Database(path: path).tableExists("users"))
        let session = try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: path))
            .openSession(scene: "main", forUserNamed: "ada-the-reader")
        #expect(session.state == state)
    }

    /// A user-state file holding other rows is never overwritten, nor the catalog's rows dropped.
    @Test func aUserStateFileHoldingOtherStateIsNotOverwritten() throws {
        _ = try makeOlderCatalogFile(at: path)
        try copyUserTables(from: path)
        let users = try Database(path: DatabaseSchema.userStatePath(forCatalog: path))
        try users.execute("INSERT INTO users (name, created_at) VALUES ('someone-else', '2026-01-01T00:00:00Z')")
        try users.close()
        let expected = CatalogFileError.userStateConflict(
            catalogPath: path, userStatePath: DatabaseSchema.userStatePath(forCatalog: path))
        #expect(throws: expected) { try DatabaseSchema.openCatalog(path: path) }
        #expect(try Database(path: path).rowCount(ofTable: "users") == 1)
        #expect(
            try Database(path: DatabaseSchema.userStatePath(forCatalog: path)).rowCount(ofTable: "users") == 2)
    }

    /// The users' file holds secrets (token and session hashes, every user's navigation): it is its owner's alone,
    /// made 0600 under the usual umask 022 with its -wal and -shm, and one that others could read (as older versions
    /// made it) is narrowed when next opened. The catalog, made 0600 too, keeps the permissions its owner gives it.
    @Test func theUsersFileIsItsOwnersAloneAndTheCatalogIsNeverWidened() throws {
        let catalog = try TestSupport.temporaryDirectory("user-state").appending(path: "catalog.sqlite").path
        let users = DatabaseSchema.userStatePath(forCatalog: catalog)
        // The usual umask, under which SQLite alone makes 0644 files; the process's own is set back at once.
        let umaskBefore = umask(0o022)
        let db = try DatabaseSchema.openUserState(catalogPath: catalog)
        umask(umaskBefore)
        try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "ada").apply(.selectSidebar(.books))
        let files = [catalog, users, users + "-wal", users + "-shm"]
        for file in files {
            #expect(TestSupport.permissions(ofFileAt: file) == 0o600, "\(file)")
        }
        for file in files {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }
        let again = try DatabaseSchema.openUserState(catalogPath: catalog)
        #expect(TestSupport.permissions(ofFileAt: catalog) == 0o644)
        for file in files.dropFirst() {
            #expect(TestSupport.permissions(ofFileAt: file) == 0o600, "\(file)")
        }
        try again.close()
        try db.close()
    }

    @Test func anOlderCatalogFileWithoutUsersMakesNoUserStateFile() throws {
        let db = try Database(path: path)
        try DatabaseSchema.migrator.migrate(db)
        try db.close()
        try DatabaseSchema.openCatalog(path: path).close()
        #expect(try !Database(path: path).tableExists("nav_scenes"))
        #expect(!FileManager.default.fileExists(atPath: DatabaseSchema.userStatePath(forCatalog: path)))
    }

    private static let tokenHash = String(repeating: "c0ffee", count: 10) + "c0de"

    /// Makes the file at `path` a catalog as older versions of this program kept it, with its users inside: a user
    /// with a scene, a saved session and an access token. Returns the scene's state.
    private func makeOlderCatalogFile(at path: String) throws -> SplitViewState<LibraryRoute> {
        let db = try Database(path: path)
        try DatabaseSchema.migrator.migrate(db)
        let book = try #require(try LibraryCatalog(db).books.page(after: nil, limit: 1).items.first)
        let store = try NavigationStore(catalog: db)
        let session = try store.openSession(scene: "main", forUserNamed: "ada-the-reader")
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectContent(.book(book.uuid)))
        try store.saveSession(named: "reading-list", fromScene: "main", for: try store.user(named: "ada-the-reader"))
        try db.execute(
            """
            INSERT INTO access_tokens (user_id, hash, scope, created_at)
            SELECT id, ?, 'read', '2026-01-01T00:00:00Z' FROM users WHERE name = 'ada-the-reader'
            """, [Self.tokenHash])
        try db.close()
        return session.state
    }

    /// Copies the user tables of the catalog at `path` into its user-state file, as a move does before the catalog
    /// commits.
    private func copyUserTables(from path: String) throws {
        let db = try Database(path: DatabaseSchema.userStatePath(forCatalog: path))
        try DatabaseSchema.userStateMigrator.migrate(db)
        try db.execute("ATTACH DATABASE ? AS old", [path])
        for table in DatabaseSchema.userTables.reversed() {
            try db.execute("INSERT INTO main.\(table) SELECT * FROM old.\(table)")
        }
        try db.close()
    }
}
