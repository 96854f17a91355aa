import AccessTokens
import Catalog
import CatalogAPI
import CatalogServer
import CatalogStore
import CatalogSync
import Foundation
import HTTPServer
import LibraryNavigation
import Navigation
import SQLiteDB
import Schema
import TestSupport
import Testing

/// A commit wakes the scene long-polls, but only those whose scene it changed read the scene whole: sixteen
/// waiting on one user's scene cost one shared revision read when another user's scene changes.
@Suite struct SceneWakeTests {
    /// A storage that counts the navigation calls made through it.
    struct CountingStorage: ForwardingStorage {
        let inner: any CatalogStore
        let calls = Counter()

        final class Counter: @unchecked Sendable {
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

    @Test func aCommitToOneScenesReadsOnlyThatSceneWhole() throws {
        let cli = try CatalogCLI("scene-wake")
        try cli.importSamples()
        let (watched, changed) = (
            try ServedCatalog.createToken(cli, user: "watched", scope: "nav"),
            try ServedCatalog.createToken(cli, user: "changed", scope: "nav")
        )
        let storage = CountingStorage(
            inner: try SQLiteCatalogStore(
                catalog: try DatabasePool(path: cli.database),
                userState: try DatabaseSchema.openUserStatePool(catalogPath: cli.database)))
        let service = try CatalogService(storage: storage, version: "test", rateLimit: nil)
        defer { service.stop() }
        func waiting(_ token: String) throws -> DeferredResponse {
            let headers: HTTPFields = [.authorization: "Bearer \(token)"]
            guard
                case .response(let scene) = service.respond(
                    to: HTTPRequest(method: "GET", path: "/v1/me/scenes/main", headers: headers)),
                let tag = scene.headers.first(where: { $0.name == "ETag" })?.value
            else { throw Failure(description: "no scene") }
            let request = HTTPRequest(
                method: "GET", path: "/v1/me/scenes/main", queryItems: [URLQueryItem(name: "wait", value: "30")],
                headers: headers + [.ifNoneMatch: tag])
            guard case .deferred(let deferred) = service.respond(to: request) else {
                throw Failure(description: "not parked")
            }
            return deferred
        }
        let watchers = try (0..<16).map { _ in try waiting(watched) }
        let other = try waiting(changed)
        let before = storage.calls.value
        // Another process changes the second user's scene: one commit.
        #expect(try cli.run("nav", "--user", "changed", "select-sidebar", "genres").status == 0)
        for _ in 0..<100 where !other.isCompleted { Thread.sleep(forTimeInterval: 0.1) }
        #expect(other.isCompleted)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!watchers.contains { $0.isCompleted })
        // Per commit (the `nav` process makes one or two), one revision read per waiting scene, shared by its
        // waiters, then one whole read of the scene that changed: a handful, where a whole read for every waiter
        // would be 17 a commit.
        let calls = storage.calls.value - before
        #expect(calls < watchers.count, "\(calls) navigation calls")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
