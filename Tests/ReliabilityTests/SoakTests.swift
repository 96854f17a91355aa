import Foundation
import TestSupport
import Testing

/// One kind of process in the soak: the `catalog` command lines it runs, one after another, and what it
/// remembers of their output.
protocol SoakWorker: AnyObject, Sendable {
    var name: String { get }
    /// The arguments of the worker's `iteration`-th command (after `--db PATH`).
    func arguments(_ iteration: Int) -> [String]
    /// Checks and records a command's successful output.
    ///
    /// - Throws: ``SoakProblem`` when the output shows data no committed state could give.
    func record(_ result: TestSupport.ProcessResult, iteration: Int) throws
}

/// What a soak worker saw that it should not have.
struct SoakProblem: Error, CustomStringConvertible {
    let description: String
}

/// Imports a generated CSV of books (``Fixtures/writeBooksCSV(to:rows:edition:)``) again and again with
/// `--batch`, alternating two editions that retitle every book, so every import after the first updates all
/// rows batch by batch.
final class ImportWorker: SoakWorker, @unchecked Sendable {
    // Only the worker's own thread touches `lastEdition` until the workers are joined.
    static let rows = 2_000
    static let batch = 200
    let files: [String]
    var lastEdition: Int?

    /// Writes the two editions into `directory`.
    init(directory: URL) throws {
        files = try (0..<2).map { edition in
            let file = directory.appending(path: "soak-edition-\(edition).csv")
            try Fixtures.writeBooksCSV(to: file, rows: Self.rows, edition: edition)
            return file.path
        }
    }

    var name: String { "import" }

    func arguments(_ iteration: Int) -> [String] {
        ["import", files[iteration % 2], "--source", "soak", "--batch", String(Self.batch)]
    }

    func record(_ result: TestSupport.ProcessResult, iteration: Int) throws {
        lastEdition = iteration % 2
    }
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

/// Browses: list, show and search in turn, and checks that the book count it sees only ever grows by whole
/// import batches (a reader never sees part of a batch, nor a count going back).
final class BrowsingWorker: SoakWorker, @unchecked Sendable {
    // Only the worker's own thread touches `lastTotal` until the workers are joined.
    let name: String
    let entity: String
    let sampleBooks: Int
    var lastTotal = 0

    init(name: String, entity: String, sampleBooks: Int) {
        self.name = name
        self.entity = entity
        self.sampleBooks = sampleBooks
    }

    func arguments(_ iteration: Int) -> [String] {
        switch iteration % 3 {
        case 0: ["list", "books", "--limit", "50", "--json"]
        case 1: ["show", "author", entity]
        default: ["search", ["tolk", "twain", "metal", "soak book 7"][iteration / 3 % 4]]
        }
    }

    func record(_ result: TestSupport.ProcessResult, iteration: Int) throws {
        guard iteration % 3 == 0 else { return }
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        guard let total = object?["total"] as? Int, let items = object?["items"] as? [Any] else {
            throw SoakProblem(description: "list books printed no total: \(result.standardOutput.prefix(200))")
        }
        let imported = total - sampleBooks
        guard imported % ImportWorker.batch == 0, imported <= ImportWorker.rows, total >= lastTotal,
            items.count == min(50, total)
        else {
            throw SoakProblem(
                description: "saw \(total) books (\(items.count) listed) after \(lastTotal); the sample has "
                    + "\(sampleBooks) and imports commit \(ImportWorker.batch) at a time")
        }
        lastTotal = total
    }
}

/// Several processes on one database file for a bounded time — one importing in batches, two browsing, two
/// applying navigation intents: no busy error reaches a user, every command exits 0, readers see whole batches
/// only, and at the end the file is consistent, the books carry the titles of the last edition imported and
/// every user's last saved navigation state is there. `Scripts/soak.sh SECONDS` runs it longer
/// (`CATALOG_SOAK_SECONDS`).
@Suite struct SoakTests {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["CATALOG_SOAK_SECONDS"].flatMap(Double.init) ?? 5
    }

    @Test func importingBrowsingAndNavigatingProcessesShareTheFile() throws {
        let directory = try TestSupport.temporaryDirectory("soak")
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        let authors = try CatalogCLI.run(["--db", path, "list", "authors", "--limit", "5", "--json"])
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(authors.standardOutput.utf8)) as? [String: Any])?["items"]
                as? [[String: Any]])
        let uuids = items.compactMap { $0["uuid"] as? String }
        try #require(!uuids.isEmpty)
        let sampleBooks = try Fixtures.bookTitles(path).count

        let importer = try ImportWorker(directory: directory)
        let navigators = ["ada", "grace"].map { NavigationWorker(user: $0, routes: uuids.map { "author/\($0)" }) }
        let workers: [any SoakWorker] =
            [importer] + navigators + [
                BrowsingWorker(name: "browse 1", entity: uuids[0], sampleBooks: sampleBooks),
                BrowsingWorker(name: "browse 2", entity: uuids.last ?? "", sampleBooks: sampleBooks),
            ]
        let failures = Self.run(workers, database: path, seconds: Self.seconds)
        #expect(failures.isEmpty, "\(failures.prefix(5))")

        #expect(try Fixtures.integrityProblems(path).isEmpty)
        let edition = try #require(importer.lastEdition, "no import finished in \(Self.seconds) s")
        let imported = try Fixtures.bookTitles(path).filter { $0.hasPrefix("Book ") }
        #expect(imported.count == ImportWorker.rows)
        #expect(imported.allSatisfy { $0.hasSuffix("(edition \(edition))") }, "the last import was edition \(edition)")
        for navigator in navigators {
            let shown = try CatalogCLI.run(["--db", path, "nav", "--user", navigator.user, "show", "--json"])
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
        let log = SoakLog()
        let group = DispatchGroup()
        for worker in workers {
            group.enter()
            Thread.detachNewThread {
                var iteration = 0
                while Date() < deadline {
                    let arguments = ["--db", database] + worker.arguments(iteration)
                    do {
                        let result = try CatalogCLI.run(arguments)
                        // A command waiting its turn says so ("waiting: … is locked …"); only an error counts.
                        let errors = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("waiting: ") }
                        let busy = errors.contains { $0.contains("locked") || $0.contains("busy") }
                        if result.status != 0 || busy {
                            log.fail("\(worker.name): \(arguments) → \(result.status) \(result.standardError)")
                        } else {
                            try worker.record(result, iteration: iteration)
                        }
                    } catch {
                        log.fail("\(worker.name): \(error)")
                    }
                    iteration += 1
                }
                log.finished(worker.name, commands: iteration)
                group.leave()
            }
        }
        group.wait()
        print("soak: \(seconds) s: " + log.commands.map { "\($0) \($1) commands" }.joined(separator: ", "))
        return log.failures
    }

    /// What the worker threads report: failed commands, and how many commands each worker ran.
    final class SoakLog: @unchecked Sendable {
        // Guarded by `lock`.
        private var messages: [String] = []
        private var counts: [(worker: String, commands: Int)] = []
        private let lock = NSLock()

        func fail(_ message: String) {
            lock.withLock { messages.append(message) }
        }

        func finished(_ worker: String, commands: Int) {
            lock.withLock { counts.append((worker, commands)) }
        }

        var failures: [String] { lock.withLock { messages } }
        var commands: [(worker: String, commands: Int)] { lock.withLock { counts } }
    }
}
