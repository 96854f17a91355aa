import Foundation
import PostgreSQLDB
import TestSupport
import Testing

@Suite struct PostgreSQLConnectionPoolTests {
    @Test func manyThreadsShareNoMoreConnectionsThanTheMaximum() throws {
        let pool = try PostgreSQLConnectionPool(
            uri: try PostgresCluster.shared().createDatabase("pool"),
            maximumConnections: 3)
        let seen = Observations()
        let group = DispatchGroup()
        for _ in 0..<16 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    for _ in 0..<3 {
                        try pool.withConnection { connection in
                            seen.enter()
                            defer { seen.leave() }
                            // Held long enough for the other threads to queue behind the busy connections.
                            let backends = try connection.fetchOne(
                                Int.self,
                                """
                                SELECT count(*) FROM pg_stat_activity, pg_sleep(0.02)
                                WHERE datname = current_database()
                                """)
                            seen.record(process: connection.backendProcessID, serverBackends: backends ?? 0)
                        }
                    }
                } catch {
                    seen.fail(error)
                }
            }
            thread.start()
        }
        group.wait()
        let observed = seen.snapshot()
        #expect(observed.errors.isEmpty, "\(observed.errors)")
        #expect(observed.uses == 48)
        #expect(observed.mostAtOnce == 3)
        #expect(observed.processes.count <= 3)
        #expect(observed.mostServerBackends <= 3)
    }

    @Test func aTerminatedBackendIsReplacedOnTheNextUse() throws {
        let uri = try PostgresCluster.shared().createDatabase("pool")
        let pool = try PostgreSQLConnectionPool(uri: uri, maximumConnections: 1)
        let first = try pool.withConnection { $0.backendProcessID }
        let admin = try PostgreSQLConnection(uri: uri)
        // With a timeout, it returns once the server process has exited.
        #expect(try admin.fetchOne(Bool.self, "SELECT pg_terminate_backend($1::integer, 10000)", [first]) == true)

        let second = try pool.withConnection { try $0.fetchOne(Int32.self, "SELECT pg_backend_pid()") }
        #expect(second != nil && second != first)
    }

    @Test func aConnectionLostInsideTheBodyIsNotReused() throws {
        let pool = try PostgreSQLConnectionPool(
            uri: try PostgresCluster.shared().createDatabase("pool"),
            maximumConnections: 1)
        let lost = try pool.withConnection { $0.backendProcessID }
        let error = try #require(throws: PostgreSQLError.self) {
            try pool.withConnection { try $0.execute("SELECT pg_terminate_backend(pg_backend_pid())") }
        }
        #expect(error.kind == .statement)
        let next = try pool.withConnection { try $0.fetchOne(Int32.self, "SELECT pg_backend_pid()") }
        #expect(next != nil && next != lost)
    }

    @Test func aTransactionLeftOpenIsRolledBack() throws {
        let pool = try PostgreSQLConnectionPool(
            uri: try PostgresCluster.shared().createDatabase("pool"),
            maximumConnections: 1)
        try pool.withConnection { try $0.execute("CREATE TABLE notes (text TEXT)") }
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            try connection.execute("INSERT INTO notes VALUES ('never committed')")
        }
        let (stillOpen, notes) = try pool.withConnection { connection in
            (connection.isInTransaction, try connection.fetchOne(Int.self, "SELECT count(*) FROM notes"))
        }
        #expect(!stillOpen)
        #expect(notes == 0)
    }

    @Test func aBadURIFailsAtOnce() throws {
        let cluster = try PostgresCluster.shared()
        let uri = "postgres://postgres:not-the-password@127.0.0.1:\(cluster.port)/postgres"
        let error = try #require(throws: PostgreSQLError.self) { try PostgreSQLConnectionPool(uri: uri) }
        #expect(error.kind == .connection)
        #expect(error.sqlState == .invalidPassword)
    }
}

/// What the pool's borrowers saw, gathered from their threads.
private final class Observations: @unchecked Sendable {
    // Every field is guarded by `lock`.
    private let lock = NSLock()
    private var atOnce = 0
    private var state = Snapshot()

    struct Snapshot {
        var uses = 0
        var mostAtOnce = 0
        var processes: Set<Int32> = []
        var mostServerBackends = 0
        var errors: [String] = []
    }

    func enter() {
        lock.withLock {
            atOnce += 1
            state.uses += 1
            state.mostAtOnce = max(state.mostAtOnce, atOnce)
        }
    }

    func leave() {
        lock.withLock { atOnce -= 1 }
    }

    func record(process: Int32, serverBackends: Int) {
        lock.withLock {
            state.processes.insert(process)
            state.mostServerBackends = max(state.mostServerBackends, serverBackends)
        }
    }

    func fail(_ error: any Error) {
        lock.withLock { state.errors.append("\(error)") }
    }

    func snapshot() -> Snapshot {
        lock.withLock { state }
    }
}
