import Foundation
import TestSupport
import Testing

/// One kind of process in the soak: the `catalog` command lines it runs, one after another, and what it
/// remembers of their output. An import worker joins the same list later.
protocol SoakWorker: AnyObject, Sendable {
    var name: String { get }
    /// The arguments of the worker's `iteration`-th command (after `--db PATH`).
    func arguments(_ iteration: Int) -> [String]
    /// Records a command's successful output.
    func record(_ result: TestSupport.ProcessResult, iteration: Int)
}

/// Applies navigation intents as one user and remembers the last state a command reported saved.
final class NavigationWorker: SoakWorker, @unchecked Sendable {
    // Only the worker's own thread touches `lastSaved` until the workers are joined.
    let user: String
    let routes: [String]
    var lastSaved: String?

    init(user: String, routes: [String]) {
        self.user = user
        self.routes = routes
    }

    var name: String { "nav \(user)" }

    func arguments(_ iteration: Int) -> [String] {
        let intent: [String] =
            switch iteration % 6 {
            case 0: ["select-sidebar", "authors"]
            case 1: ["select-content", routes[iteration / 6 % routes.count]]
            case 2: ["visibility", iteration % 12 == 2 ? "all" : "detailOnly"]
            case 3: ["back"]
            case 4: ["forward"]
            default: ["select-sidebar", "genres"]
            }
        return ["nav", "--user", user] + intent + ["--json"]
    }

    func record(_ result: TestSupport.ProcessResult, iteration: Int) {
        lastSaved = result.standardOutput
    }
}

/// Browses: list, show and search in turn.
final class BrowsingWorker: SoakWorker, @unchecked Sendable {
    let name: String
    let entity: String

    init(name: String, entity: String) {
        self.name = name
        self.entity = entity
    }

    func arguments(_ iteration: Int) -> [String] {
        switch iteration % 3 {
        case 0: ["list", "books", "--limit", "50"]
        case 1: ["show", "author", entity]
        default: ["search", ["tolk", "twain", "metal", "the"][iteration / 3 % 4]]
        }
    }

    func record(_ result: TestSupport.ProcessResult, iteration: Int) {}
}

/// Several processes on one database file for a bounded time: no busy error reaches a user, every command
/// exits 0, and at the end the file is consistent and every user's last saved navigation state is there.
/// `Scripts/soak.sh SECONDS` runs it longer (`CATALOG_SOAK_SECONDS`).
@Suite struct SoakTests {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["CATALOG_SOAK_SECONDS"].flatMap(Double.init) ?? 5
    }

    @Test func navigationAndBrowsingProcessesShareTheFile() throws {
        let directory = try TestSupport.temporaryDirectory("soak")
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        let authors = try Fixtures.catalog(["--db", path, "list", "authors", "--limit", "5", "--json"])
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(authors.standardOutput.utf8)) as? [String: Any])?["items"]
                as? [[String: Any]])
        let uuids = items.compactMap { $0["uuid"] as? String }
        try #require(!uuids.isEmpty)

        let navigators = ["ada", "grace"].map { NavigationWorker(user: $0, routes: uuids.map { "author/\($0)" }) }
        let workers: [any SoakWorker] =
            navigators + [
                BrowsingWorker(name: "browse 1", entity: uuids[0]),
                BrowsingWorker(name: "browse 2", entity: uuids.last ?? ""),
            ]
        let failures = Self.run(workers, database: path, seconds: Self.seconds)
        #expect(failures.isEmpty, "\(failures.prefix(5))")

        #expect(try Fixtures.integrityProblems(path).isEmpty)
        for navigator in navigators {
            let shown = try Fixtures.catalog(["--db", path, "nav", "--user", navigator.user, "show", "--json"])
            #expect(shown.status == 0)
            let saved = try #require(navigator.lastSaved, "\(navigator.name) saved nothing")
            #expect(try Self.state(shown.standardOutput) == Self.state(saved), "\(navigator.name)")
        }
    }

    /// The saved parts of a `nav --json` output (not the titles or repairs of that invocation).
    static func state(_ json: String) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var state: [String: String] = [:]
        for key in ["sidebar", "content", "detail", "stack", "visibility", "compactColumn", "history"] {
            // Re-encoded with sorted keys: a dictionary's description has no stable order.
            let value = try object[key].map {
                try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed])
            }
            state[key] = value.map { String(decoding: $0, as: UTF8.self) } ?? "-"
        }
        return state
    }

    /// Runs every worker on its own thread until `seconds` have passed; returns the failed commands.
    static func run(_ workers: [any SoakWorker], database: String, seconds: Double) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        let failures = Failures()
        let group = DispatchGroup()
        for worker in workers {
            group.enter()
            Thread.detachNewThread {
                var iteration = 0
                while Date() < deadline {
                    let arguments = ["--db", database] + worker.arguments(iteration)
                    do {
                        let result = try Fixtures.catalog(arguments)
                        let busy = result.standardError.contains("locked") || result.standardError.contains("busy")
                        if result.status != 0 || busy {
                            failures.append("\(worker.name): \(arguments) → \(result.status) \(result.standardError)")
                        } else {
                            worker.record(result, iteration: iteration)
                        }
                    } catch {
                        failures.append("\(worker.name): \(error)")
                    }
                    iteration += 1
                }
                group.leave()
            }
        }
        group.wait()
        return failures.all
    }

    /// Failure messages collected from several threads.
    final class Failures: @unchecked Sendable {
        // Guarded by `lock`.
        private var messages: [String] = []
        private let lock = NSLock()

        func append(_ message: String) {
            lock.withLock { messages.append(message) }
        }

        var all: [String] { lock.withLock { messages } }
    }
}
