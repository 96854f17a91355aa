import AccessTokens
import Catalog
import CatalogImport
import CatalogRemote
import CatalogServer
import Dispatch
import Foundation
import HTTPServer
import Navigation
import SQLiteCatalog
import SQLiteDB

/// Suite `longpoll`: the time from a commit to the answer of a long-poll waiting for it, through a real server on
/// 127.0.0.1 (the `catalog serve` service) and the HTTP client: one waiting client, and 1,000 parked at once.
/// The commit is made by a connection of its own, as another process's would be; the commit watcher looks every
/// 10 ms, so the expected wait is about 5 ms plus the answer's own time.
struct LongPollSuite: BenchmarkSuite {
    let name = "longpoll"

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "server.sqlite").path
        let writer = try DatabaseSchema.open(path: path)
        defer { try? writer.close() }
        // One token parks up to 1,000 long-polls at once: no rate limit, no long-poll quota. The catalog and its
        // users share one file.
        let pool = try DatabasePool(path: path)
        let service = try CatalogService(
            pool: pool, userState: pool, version: "bench", rateLimit: nil,
            longPolls: .init(perToken: 4096, perUser: 4096, perAddress: 4096, total: 4096))
        var limits = HTTPServer.Limits()
        limits.connections = 4096
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0, limits: limits, stopping: service.stop, handler: service.respond(to:))
        defer { server.stop() }
        guard let url = URL(string: "http://127.0.0.1:\(server.port)") else { return [] }
        let reader = try NavigationStore<BenchRoute>(database: writer).user(named: "bench")
        let token = try AccessTokenStore(writer).create(for: reader, scope: .read, expiresAt: nil).token
        let feed = RemoteCatalog(url: url, token: token).changeFeed(following: nil)
        let catalog = LibraryCatalog(writer)
        var added = 0
        func commitOneBook() throws -> ContinuousClock.Instant {
            added += 1
            let file = directory.appending(path: "book-\(added).json")
            let json =
                #"{"format":"catalog","version":1,"source":"bench","books":[{"key":"b\#(added)","title":"B\#(added)"}]}"#
            try Data(json.utf8).write(to: file)
            _ = try catalog.importer.importJSON(contentsOf: file)
            return .now
        }
        _ = try commitOneBook()
        var results: [Measurement] = []
        for waiters in [1, 1000] {
            let rounds = waiters == 1 ? 200 : 5
            var samples: [Double] = []
            for _ in 0..<rounds {
                let since = Int64(
                    try writer.fetchOne(Int.self, "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0)
                let answered = Answers(count: waiters)
                for _ in 0..<waiters {
                    // A thread each: a waiting client blocks, and dispatch's pool is too small for 1,000 of them.
                    Thread.detachNewThread {
                        _ = try? feed.waitForChanges(after: since, limit: 10, seconds: 30)
                        answered.arrive()
                    }
                }
                // Enough for every request to park; the clock starts at the commit.
                Thread.sleep(forTimeInterval: waiters == 1 ? 0.03 : 2)
                let committed = try commitOneBook()
                let elapsed = (answered.waitForAll() - committed).components
                samples.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            }
            let measurement = Measurement(
                suite: name, case: "commit to answer, \(waiters) waiting", impl: "catalog serve + RemoteChangeFeed",
                samples: samples)
            log(
                String(
                    format: "longpoll: %d waiting: median %.1f ms, p99 %.1f ms", waiters, measurement.median * 1000,
                    measurement.p99 * 1000))
            results.append(measurement)
        }
        return results
    }

    /// Counts answers from any thread; the time the last one came.
    private final class Answers: @unchecked Sendable {
        // Invariant: `remaining` and `last` are only read or written while `condition` is locked.
        private let condition = NSCondition()
        private var remaining: Int
        private var last = ContinuousClock.now

        init(count: Int) { remaining = count }

        func arrive() {
            condition.withLock {
                remaining -= 1
                last = .now
                condition.broadcast()
            }
        }

        func waitForAll() -> ContinuousClock.Instant {
            condition.withLock {
                while remaining > 0 { condition.wait() }
                return last
            }
        }
    }
}
