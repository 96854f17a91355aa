import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Shared helpers: the built binaries, a sample catalog, file snapshots.
enum Fixtures {
    static var catalog: String { TestSupport.executable("catalog") }

    /// Runs the built `catalog`.
    static func catalog(_ arguments: [String]) throws -> TestSupport.ProcessResult {
        try TestSupport.run(catalog, arguments)
    }

    /// A catalog database at `path` with both sample files imported.
    static func makeSampleDatabase(at path: String) throws {
        let sample = TestSupport.packageRoot.appending(path: "SampleData")
        let result = try catalog([
            "--db", path, "import", sample.appending(path: "library.json").path,
            sample.appending(path: "music.json").path,
        ])
        try #require(result.status == 0, "\(result.standardError)")
    }

    /// Every book title in the catalog at `path`.
    static func bookTitles(_ path: String) throws -> [String] {
        try Database(path: path).fetchAll(String.self, "SELECT title FROM books")
    }

    /// Whether this process runs as root, for whom file permissions do not block reading or writing.
    static var isRoot: Bool { geteuid() == 0 }

    /// The names and contents of the files in `directory`.
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appending(path: name))
        }
        return files
    }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check` problems of the database at `path`.
    static func integrityProblems(_ path: String) throws -> [String] {
        let db = try Database(path: path)
        let integrity = try db.fetchAll(String.self, "PRAGMA integrity_check").filter { $0 != "ok" }
        let foreignKeys = try db.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check")
        return integrity + foreignKeys.map { "foreign key violation in \($0)" }
    }
}
