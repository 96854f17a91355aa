import AccessTokens
import Accounts
import Catalog
import CatalogServer
import CatalogStore
import CatalogSync
import CatalogViews
import Dispatch
import Foundation
import HTTPServer
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// A commit wakes only the scene long-polls of the users whose scenes it changed, whoever made it: the others stay
/// parked, and the storage reads nothing for them. Before, every commit woke every waiter, and each scene cost a
/// read of its revision: with thousands parked, a core's worth of reads for commits that concerned one user.
@Suite struct SceneWakeTests {
    /// A storage that counts the navigation calls made through it: a scene's revision, a scene read whole, a change
    /// saved, the record of scene changes read after a commit.
    struct CountingStorage: ForwardingStorage {
        let inner: any CatalogStore
        let calls = Counter()

        final class Counter: @unchecked Sendable {
            // Sendable because `count` is only read or written while `lock` is held.
            private let lock = NSLock()
            private var count = 0
            func add() { lock.withLock { count += 1 } }
            var value: Int { lock.withLock { count } }
        }

        func navigation<T>(_ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T)
            throws -> T
        {
            calls.add()
            return try inner.navigation(body)
        }
    }

    /// The service over a counting storage, letting the one test address park as many long-polls as a test needs.
    struct Harness {
        let storage: CountingStorage
        let service: CatalogService

        init(_ inner: any CatalogStore) throws {
            storage = CountingStorage(inner: inner)
            service = try CatalogService(
                storage: storage, version: "test", rateLimit: nil,
                longPolls: LongPollQuota.Limits(perToken: 16, perUser: 32, perAddress: 1_000, total: 1_000))
        }

        /// A `nav` token of the user `name`, made on first use.
        func token(for name: String) throws -> String {
            try storage.accounts { users, tokens in
                try tokens.create(for: try users.user(named: name), scope: .nav, expiresAt: nil).token
            }
        }

        /// The answer to a request of `token`, which must not wait.
        func respond(_ method: HTTPMethod, _ path: String, token: String, headers: HTTPFields = [:], body: String = "")
            throws -> HTTPResponse
        {
            let request = HTTPRequest(
                method: method, path: path, headers: headers + [.authorization: "Bearer \(token)"],
                body: Data(body.utf8))
            guard case .response(let response) = service.respond(to: request) else {
                throw Failure(description: "\(method.rawValue) \(path) waited")
            }
            return response
        }

        /// A long-poll of `token` on `scene` with the scene's current `ETag`, parked.
        func park(_ token: String, scene: String = "main") throws -> DeferredResponse {
            let path = "/v1/me/scenes/\(scene)"
            guard let tag = try respond("GET", path, token: token).headers.first(where: { $0.name == "ETag" })?.value
            else { throw Failure(description: "no ETag") }
            let request = HTTPRequest(
                method: "GET", path: path, queryItems: [URLQueryItem(name: "wait", value: "60")],
                headers: [.authorization: "Bearer \(token)", .ifNoneMatch: tag])
            guard case .deferred(let deferred) = service.respond(to: request) else {
                throw Failure(description: "not parked")
            }
            return deferred
        }
    }

    /// Whether `deferred` is answered within `timeout`: what a change should wake is answered well before its own
    /// wait of 60 s ends.
    static func isAnswered(_ deferred: DeferredResponse, within timeout: Duration = .seconds(30)) -> Bool {
        let done = DispatchSemaphore(value: 0)
        deferred.whenCompleted { done.signal() }
        return done.wait(timeout: .now() + timeout / .seconds(1)) == .success
    }

    /// Stops the service and checks that each of `waiters` was answered at once with the 304 of a scene unchanged.
    static func stopAnswers304(_ harness: Harness, to waiters: [DeferredResponse]) {
        harness.service.stop()
        for waiter in waiters {
            #expect(waiter.isCompleted, "the stop answers every waiter before it returns")
            #expect(waiter.completed?.status == .notModified)
        }
    }

    /// Two hundred users wait on their scenes; one of them changes theirs. Only that user's waiter is answered, and
    /// the storage reads only that user's scene: the record of changes once, that scene's revision and its state.
    /// Before, the commit woke all two hundred waiters and each user's scene cost a revision read.
    @Test func aChangeWakesOnlyTheWaiterOfItsUser() throws {
        let cli = try CatalogCLI("scene-wake-one")
        try cli.importSamples()
        let harness = try Harness(
            SQLiteCatalogStore(
                catalog: try DatabasePool(path: cli.database),
                userState: try DatabaseSchema.openUserStatePool(catalogPath: cli.database)))
        defer { harness.service.stop() }
        let tokens = try (0..<200).map { try harness.token(for: "reader\($0)") }
        let waiters = try tokens.map { try harness.park($0) }
        let (changed, others) = (waiters[117], waiters.enumerated().filter { $0.offset != 117 }.map(\.element))
        let before = harness.storage.calls.value

        let saved = try harness.respond(
            "POST", "/v1/me/scenes/main/intents", token: tokens[117],
            body: #"{"intent": "select-sidebar", "argument": "genres"}"#)
        #expect(saved.status == .ok)
        #expect(Self.isAnswered(changed))
        #expect(changed.completed?.status == .ok)
        #expect(changed.completed.map { String(decoding: $0.body, as: UTF8.self) }?.contains("\"genres\"") == true)
        #expect(!others.contains { $0.isCompleted })

        // The stop answers the 199 others, each reading its scene once for that 304; everything else since the
        // change is the change itself (one call), the record of changes read after each commit to the users' file,
        // and the woken scene's revision and state. Waking every waiter would add 199 revision reads at least.
        Self.stopAnswers304(harness, to: others)
        let calls = harness.storage.calls.value - before - others.count
        #expect(calls <= 6, "\(calls) navigation calls besides the 304s of the stop")
    }

    /// A change made by another process on the same files (`catalog nav`) wakes the waiters of its user, on the
    /// scene it changed and on a scene without saved state of its own, which shows the user's most recently used
    /// one; the waiters of other users stay parked.
    @Test func aChangeByAnotherProcessWakesTheWaitersOfItsUser() throws {
        let cli = try CatalogCLI("scene-wake-process")
        try cli.importSamples()
        let harness = try Harness(
            SQLiteCatalogStore(
                catalog: try DatabasePool(path: cli.database),
                userState: try DatabaseSchema.openUserStatePool(catalogPath: cli.database)))
        defer { harness.service.stop() }
        let changedToken = try harness.token(for: "changed")
        let (main, side) = (try harness.park(changedToken), try harness.park(changedToken, scene: "side"))
        let others = try (0..<3).map { try harness.park(try harness.token(for: "other\($0)")) }

        #expect(try cli.run("nav", "--user", "changed", "select-sidebar", "genres").status == 0)
        #expect(Self.isAnswered(main) && Self.isAnswered(side))
        #expect(main.completed?.status == .ok && side.completed?.status == .ok)
        #expect(!others.contains { $0.isCompleted })
        Self.stopAnswers304(harness, to: others)
    }

    /// The same wake through a PostgreSQL database, changed by a `catalog` process of its own: its commits are
    /// seen through `LISTEN`, the changed users through the same record of scene changes. Skipped with the reason
    /// when PostgreSQL is not installed.
    @Test func onPostgreSQLAChangeWakesOnlyTheWaitersOfItsUser() throws {
        let uri = try PostgresCluster.shared().createDatabase("scene-wake")
        let store = try PostgreSQLCatalogStore(uri: uri, connections: 4)
        try store.migrate()
        let harness = try Harness(store)
        defer { harness.service.stop() }
        let changedToken = try harness.token(for: "changed")
        let changed = try harness.park(changedToken)
        let others = try (0..<20).map { try harness.park(try harness.token(for: "other\($0)")) }
        let before = harness.storage.calls.value

        let saved = try CatalogCLI.run(["--database", uri, "nav", "--user", "changed", "select-sidebar", "genres"])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(Self.isAnswered(changed))
        #expect(changed.completed?.status == .ok)
        #expect(!others.contains { $0.isCompleted })
        Self.stopAnswers304(harness, to: others)
        let calls = harness.storage.calls.value - before - others.count
        #expect(calls <= 6, "\(calls) navigation calls besides the 304s of the stop")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
