import Foundation
import PostgreSQLDB
import TestSupport
import Testing

@Suite struct PostgresReplicaTests {
    @Test func aStreamingReplicaReceivesACommittedRowAndRefusesWrites() throws {
        let primary = try PostgresCluster.shared()
        let uri = try primary.createDatabase("replicated")
        let name = try #require(uri.split(separator: "/").last.map(String.init))
        let replica = try primary.startReplica()
        defer { replica.stop() }

        let writer = try PostgreSQLConnection(uri: uri)
        try writer.execute("CREATE TABLE notes (text TEXT NOT NULL)")
        try writer.execute("INSERT INTO notes VALUES ($1)", ["committed on the primary"])

        let reader = try PostgreSQLConnection(uri: replica.uri(database: name))
        #expect(try reader.fetchOne(Bool.self, "SELECT pg_is_in_recovery()") == true)
        let deadline = ContinuousClock.now + .seconds(60)
        var texts: [String] = []
        while ContinuousClock.now < deadline {
            if try reader.fetchOne(Bool.self, "SELECT to_regclass('notes') IS NOT NULL") == true {
                texts = try reader.fetchAll(String.self, "SELECT text FROM notes")
                if !texts.isEmpty { break }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(texts == ["committed on the primary"])
        let refused = try #require(throws: PostgreSQLError.self) {
            try reader.execute("INSERT INTO notes VALUES ('on the replica')")
        }
        #expect(refused.sqlState == .readOnlySQLTransaction)
    }
}
