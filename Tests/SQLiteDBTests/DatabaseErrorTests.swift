import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct DatabaseErrorTests {
    @Test func constraintErrorCarriesCodesMessageAndSQL() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE authors (id INTEGER PRIMARY KEY, uuid TEXT UNIQUE)")
        try db.execute("INSERT INTO authors (uuid) VALUES (?)", ["secret-value"])
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("INSERT INTO authors (uuid) VALUES (?)", ["secret-value"])
        }
        #expect(error.extendedCode == 2067)
        #expect(error.code == 19)
        #expect(error.codeName == "SQLITE_CONSTRAINT_UNIQUE")
        #expect(error.isConstraintViolation)
        #expect(error.message == "UNIQUE constraint failed: authors.uuid")
        #expect(error.sql == "INSERT INTO authors (uuid) VALUES (?)")
        #expect(
            error.description
                == "SQLite error 2067 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: authors.uuid "
                + "— while executing: INSERT INTO authors (uuid) VALUES (?)")
        #expect(!error.description.contains("secret-value"))
    }

    @Test func syntaxErrorNamesTheFailingStatement() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("CREATE TABLE ok (x); SELEC nonsense; CREATE TABLE never (y)")
        }
        #expect(error.codeName == "SQLITE_ERROR")
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC nonsense;")
        #expect(try db.tableNames() == ["ok"])
    }

    @Test func notADatabaseIsReportedWithThePath() throws {
        let directory = try TemporaryFiles("sqlitedb")
        let path = directory.path("notes.txt")
        try Data("just some text, long enough to look like a header?".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.codeName == "SQLITE_NOTADB")
        #expect(error.message.contains(path))
    }

    @Test func directoryCannotBeOpened() throws {
        let directory = try TemporaryFiles("sqlitedb")
        let error = try #require(throws: DatabaseError.self) { try Database(path: directory.url.path) }
        #expect(error.code == 14)  // SQLITE_CANTOPEN
        #expect(error.message.contains(directory.url.path))
    }
}
