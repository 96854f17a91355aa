import Foundation
import SchemaMigration
import Testing

@Suite struct MigrationSequenceTests {
    let first = Migration(version: 1, name: "books", sql: "CREATE TABLE books (id INTEGER PRIMARY KEY);")
    let second = Migration(version: 2, name: "tags", sql: "CREATE TABLE tags (id INTEGER PRIMARY KEY);")

    @Test func sortsByVersionAndNamesFilesWithFourDigits() {
        let sequence = MigrationSequence([second, first])
        #expect(sequence.migrations.map(\.fileName) == ["0001_books.sql", "0002_tags.sql"])
        #expect(sequence.latestVersion == 2)
        #expect(MigrationSequence([]).latestVersion == 0)
    }

    @Test func pendingAreTheUnappliedInOrder() throws {
        let sequence = MigrationSequence([first, second])
        #expect(try sequence.pending(applied: [:]) == [first, second])
        #expect(try sequence.pending(applied: [1: first.checksum]) == [second])
        #expect(try sequence.pending(applied: [1: first.checksum, 2: second.checksum]).isEmpty)
    }

    @Test func pendingAfterAppliedRowsGoesByTheirVersionsAndChecksums() throws {
        let sequence = MigrationSequence([first, second])
        let applied = AppliedMigration(
            version: 1, name: "books", checksum: first.checksum, appliedAt: Date(timeIntervalSince1970: 0))
        #expect(try sequence.pending(after: [applied]) == [second])
        let changed = AppliedMigration(version: 1, name: "books", checksum: "0000", appliedAt: applied.appliedAt)
        #expect(throws: MigrationError.self) { try sequence.pending(after: [changed]) }
    }

    @Test func aChangedAppliedMigrationIsRefused() {
        let error = #expect(throws: MigrationError.self) {
            try MigrationSequence([first, second]).pending(applied: [1: first.checksum, 2: "0000"])
        }
        guard case .checksumMismatch(2, "tags") = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
    }

    @Test func aDatabaseWithUnknownVersionsIsNewer() {
        let error = #expect(throws: MigrationError.self) {
            try MigrationSequence([first]).pending(applied: [1: first.checksum, 3: "x", 2: "y"])
        }
        guard case .databaseIsNewer([2, 3], 1) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("newer version of this program (it has migration 2, 3") == true)
    }
}
