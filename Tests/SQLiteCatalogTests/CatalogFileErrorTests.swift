import Foundation
import SQLiteCatalog
import SQLiteDB
import Testing

@Suite struct CatalogFileErrorTests {
    static let path = "/nonexistent-\(UUID())/catalog.sqlite"

    /// What SQLite reports about the file, matched by code family; errors about the SQL say nothing of the file.
    @Test(arguments: [
        (ResultCode.SQLITE_NOTADB, CatalogFileError.notADatabase(path: path) as CatalogFileError?),
        (.SQLITE_FULL, .diskFull(path: path)), (.SQLITE_IOERR_WRITE, .diskFull(path: path)),
        (.SQLITE_IOERR_FSYNC, .diskFull(path: path)), (.SQLITE_IOERR_TRUNCATE, .diskFull(path: path)),
        (.SQLITE_IOERR_SHORT_READ, .ioError(path: path, resultCode: .SQLITE_IOERR_SHORT_READ, detail: "disk I/O")),
        (.SQLITE_CORRUPT_INDEX, .damaged(path: path, detail: "disk I/O")),
        (.SQLITE_BUSY_SNAPSHOT, .busy(path: path)), (.SQLITE_LOCKED, .busy(path: path)),
        (.SQLITE_CONSTRAINT_UNIQUE, nil), (.SQLITE_ERROR, nil),
    ])
    func databaseErrorsAreExplainedByCodeFamily(code: ResultCode, expected: CatalogFileError?) {
        // Opening appends the path to SQLite's message; the explanation leaves it out of the detail.
        let error = DatabaseError(extendedResultCode: code, message: "disk I/O: \(Self.path)")
        #expect(CatalogFileError(error, path: Self.path) == expected)
    }

    @Test func aFileThatCannotBeOpenedIsExplainedByTheFileSystem() {
        let error = DatabaseError(extendedResultCode: .SQLITE_CANTOPEN, message: "unable to open database file")
        let directory = (Self.path as NSString).deletingLastPathComponent
        #expect(
            CatalogFileError(error, path: Self.path)
                == .cannotOpen(path: Self.path, reason: .missingDirectory(directory)))
    }

    @Test func migrationErrorsAreExplained() {
        let failure = DatabaseError(extendedResultCode: .SQLITE_ERROR, message: "no such table: x")
        let cases: [(MigrationError, CatalogFileError)] = [
            (
                .databaseIsNewer(unknownVersions: [7], latestKnown: 4),
                .newerSchema(path: "c", unknownVersions: [7], latestKnown: 4)
            ),
            (
                .checksumMismatch(version: 2, name: "navigation"),
                .changedMigration(path: "c", version: 2, name: "navigation")
            ),
            (
                .failed(migration: "0005_x.sql", previousVersion: 4, underlying: failure),
                .migrationFailed(path: "c", migration: "0005_x.sql", previousVersion: 4, underlying: failure)
            ),
        ]
        for (error, expected) in cases {
            #expect(CatalogFileError(error, path: "c") == expected)
        }
        // Another driver's failure (a PostgreSQL migration's) is not a catalog file's problem, nor SQLite's.
        let other = MigrationError.failed(
            migration: "0001_catalog.sql", previousVersion: 0, underlying: CocoaError(.fileReadNoPermission))
        #expect(CatalogFileError(other, path: "c") == nil)
    }

    @Test func aCatalogFileErrorKeepsItsOwnPathAndOtherErrorsSayNothing() {
        #expect(CatalogFileError(CatalogFileError.empty(path: "a"), path: "b") == .empty(path: "a"))
        #expect(CatalogFileError(CocoaError(.fileReadNoPermission), path: "b") == nil)
    }

    /// The library says what happened and what to do in plain words; only a command line names its options.
    @Test func descriptionsNameNoCommandOrOption() {
        let errors: [CatalogFileError] = [
            .missing(path: "lost.sqlite"), .empty(path: "lost.sqlite"), .notADatabase(path: "lost.sqlite"),
            .damaged(path: "lost.sqlite", detail: "d"),
            .newerSchema(path: "lost.sqlite", unknownVersions: [9], latestKnown: 4),
            .changedMigration(path: "lost.sqlite", version: 1, name: "catalog"),
            .migrationFailed(
                path: "lost.sqlite", migration: "0005_x.sql", previousVersion: 4,
                underlying: DatabaseError(extendedResultCode: .SQLITE_ERROR, message: "m")),
            .cannotOpen(path: "lost.sqlite", reason: .isDirectory),
            .cannotOpen(path: "lost.sqlite", reason: .notARegularFile(kind: "socket")),
            .readOnly(path: "lost.sqlite", reason: .readOnlyDirectory(".")),
            .diskFull(path: "lost.sqlite"), .ioError(path: "lost.sqlite", resultCode: .SQLITE_IOERR_READ, detail: "d"),
            .busy(path: "lost.sqlite"),
        ]
        for error in errors {
            #expect(error.description.contains("lost.sqlite"), "\(error) names its file")
            #expect(!error.description.contains("--"), "\(error)")
            #expect(!error.description.contains("'catalog"), "\(error)")
            #expect(error.localizedDescription == error.description)
        }
    }
}
