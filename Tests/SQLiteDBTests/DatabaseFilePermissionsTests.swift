import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Who may read a database file: the files a connection creates are their owner's alone, whatever the umask, and
/// ``Database/restrictToOwner(path:)`` narrows an existing one without ever widening it.
@Suite struct DatabaseFilePermissionsTests {
    @Test func aNewFileAndItsWALAndSharedMemoryAreTheOwnersAloneUnderUmask022() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("db.sqlite")
        // The usual umask, under which SQLite alone makes 0644 files; the process's own is set back at once.
        let umaskBefore = umask(0o022)
        let db = try Database(path: path)
        umask(umaskBefore)
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        // The connection is open: its -wal and -shm are there.
        for suffix in ["", "-wal", "-shm"] {
            #expect(TestSupport.permissions(ofFileAt: path + suffix) == 0o600, "db.sqlite\(suffix)")
        }
        // A second connection (a pool's readers) changes nothing.
        let pool = try DatabasePool(path: path)
        #expect(try pool.read { db in try db.fetchOne(Int.self, "SELECT x FROM t") } == 1)
        #expect(TestSupport.permissions(ofFileAt: path) == 0o600)
    }

    @Test func anExistingFileKeepsItsPermissionsWhenOpened() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("db.sqlite")
        try Database(path: path).execute("CREATE TABLE t (x)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try Database(path: path).execute("INSERT INTO t VALUES (1)")
        #expect(TestSupport.permissions(ofFileAt: path) == 0o644)
    }

    @Test func restrictingToTheOwnerTakesGroupAndOthersAwayFromTheFileAndItsCompanions() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("users.sqlite")
        let modes = ["": 0o644, "-wal": 0o664, "-shm": 0o640, "-journal": 0o604]
        for (suffix, mode) in modes {
            #expect(
                FileManager.default.createFile(
                    atPath: path + suffix, contents: Data(), attributes: [.posixPermissions: mode]))
        }
        Database.restrictToOwner(path: path)
        for suffix in modes.keys {
            #expect(TestSupport.permissions(ofFileAt: path + suffix) == 0o600, "users.sqlite\(suffix)")
        }
    }

    @Test func restrictingToTheOwnerNeverWidensNorCreates() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("users.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o444]))
        Database.restrictToOwner(path: path)
        #expect(TestSupport.permissions(ofFileAt: path) == 0o400)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix))
        }
        Database.restrictToOwner(path: files.path("absent.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: files.path("absent.sqlite")))
    }
}
