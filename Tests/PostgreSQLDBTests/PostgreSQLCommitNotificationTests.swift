import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import TestSupport
import Testing

/// `0003_commit_notifications.sql`: a commit that changes the catalog or the navigation state notifies
/// ``PostgreSQLCatalogSchema/commitChannel`` once; a rollback notifies nobody.
@Suite struct PostgreSQLCommitNotificationTests {
    /// A migrated database, a connection listening on the commit channel, and another to write with.
    private func listenerAndWriter() throws -> (listener: PostgreSQLConnection, writer: PostgreSQLConnection) {
        let uri = try PostgresCluster.shared().createDatabase("notify")
        let writer = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(writer)
        let listener = try PostgreSQLConnection(uri: uri)
        try listener.listen(PostgreSQLCatalogSchema.commitChannel)
        return (listener, writer)
    }

    private func insertBook(_ db: PostgreSQLConnection, _ title: String) throws {
        try db.execute(
            "INSERT INTO books (title, sort_title, sort_key) VALUES ($1, $1, $2)", [title, title.lowercased()])
    }

    @Test func aCommittedBookNotifiesOncePerTransaction() throws {
        let (listener, writer) = try listenerAndWriter()
        try writer.transaction {
            try insertBook(writer, "Dune")
            try insertBook(writer, "Emma")
            try writer.execute("UPDATE books SET year = 1965 WHERE title = 'Dune'")
        }
        let notification = try listener.nextNotification(timeout: .seconds(30))
        #expect(notification?.channel == PostgreSQLCatalogSchema.commitChannel)
        #expect(notification?.senderProcessID == writer.backendProcessID)
        #expect(try listener.nextNotification(timeout: .milliseconds(200)) == nil)
    }

    @Test func aRolledBackBookNotifiesNobody() throws {
        let (listener, writer) = try listenerAndWriter()
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try writer.transaction {
                try insertBook(writer, "Dune")
                throw Abandon()
            }
        }
        #expect(try listener.nextNotification(timeout: .milliseconds(200)) == nil)
    }

    @Test func aNavigationWriteNotifies() throws {
        let (listener, writer) = try listenerAndWriter()
        let user = try #require(
            try writer.fetchOne(
                Int64.self, "INSERT INTO users (name, created_at) VALUES ('ada', $1) RETURNING id", [Self.now]))
        // Users are not navigation state: a new one wakes nobody.
        #expect(try listener.nextNotification(timeout: .milliseconds(200)) == nil)
        try writer.execute(
            """
            INSERT INTO nav_scenes (user_id, scene, format, state, history_first, history_cursor, history_last,
                created_at, updated_at)
            VALUES ($1, 'main', 1, '{}', 0, 0, 0, $2, $2)
            """, [user, Self.now])
        #expect(try listener.nextNotification(timeout: .seconds(30))?.channel == PostgreSQLCatalogSchema.commitChannel)
    }

    private static let now = "2026-01-01T00:00:00.000Z"
}
