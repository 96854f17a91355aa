import Foundation
import TestSupport
import Testing

/// One kind of process in the soak: the `catalog` command lines it runs, one after another, and what it
/// remembers of their output.
protocol SoakWorker: AnyObject, Sendable {
    var name: String { get }
    /// The arguments of the worker's `iteration`-th command (after the database options).
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

/// A book of the soak's CSV as a command showed it, read back from its title (`Book N, Vol. M (edition E)`).
struct SoakBook: Equatable {
    /// The row of the CSV (`N`).
    let row: Int
    let edition: String

    /// The import batch that writes the book: batches commit rows in file order.
    var batch: Int { (row - 1) / ImportWorker.batch }

    /// The book titled `title`, `nil` for a book of the sample catalog.
    ///
    /// - Throws: ``SoakProblem`` when the title is neither a sample's nor one of an edition.
    init?(title: String) throws {
        guard title.hasPrefix("Book ") else { return nil }
        guard let match = title.wholeMatch(of: /Book (\d+), Vol\. (\d+) \(edition (\w+)\)/),
            let row = Int(match.1), Int(match.2) == row % 9, (1...ImportWorker.rows).contains(row),
            ImportWorker.editions.contains(String(match.3))
        else { throw SoakProblem(description: "a title no edition has: \(title)") }
        self.row = row
        edition = String(match.3)
    }

    /// The books among `items` (their `title`s), with their uuids.
    static func books(in items: [[String: Any]]) throws -> [(uuid: String, book: SoakBook)] {
        try items.compactMap { item in
            guard let book = try SoakBook(title: item["title"] as? String ?? "") else { return nil }
            return (item["uuid"] as? String ?? "", book)
        }
    }

    /// Checks that `books`, shown by one command, hold whole batches: all the books of a batch are of one edition,
    /// and the batches of the edition being imported come before those of the other. Returns whether they hold
    /// both editions (a retitling in progress).
    static func checkWholeBatches(_ books: [SoakBook], in command: String) throws -> Bool {
        let batches = Dictionary(grouping: books, by: \.batch).mapValues { Set($0.map(\.edition)) }
        let editions = try batches.keys.sorted().map { batch in
            guard let editions = batches[batch], editions.count == 1, let edition = editions.first else {
                throw SoakProblem(
                    description: "\(command): batch \(batch) has titles of the editions \(batches[batch] ?? [])")
            }
            return edition
        }
        let changes = zip(editions, editions.dropFirst()).filter { $0 != $1 }.count
        guard changes <= 1 else {
            throw SoakProblem(description: "\(command): the batches' editions in file order are \(editions)")
        }
        return changes == 1
    }
}

/// What a soak run saw, shared by its worker threads: failed commands, imports finished, retitlings caught in
/// progress, searches checked, the commands each worker ran. It ends the run: after a failure, or once the import
/// worker finished enough imports (``SoakTests/imports``: the first inserts every book, the second retitles them), a
/// reader caught a retitling in progress and a search found few enough books to check them all, or after at most
/// ``SoakTests/maximumImports`` imports; never before `deadline`.
final class SoakLog: @unchecked Sendable {
    // Guarded by `lock`.
    private var messages: [String] = []
    private var counts: [(worker: String, commands: Int, longest: Double)] = []
    private var importsFinished = 0
    private var retitlingsSeen = 0
    private var searchesChecked = 0
    private let lock = NSLock()
    let deadline: Date

    init(deadline: Date) {
        self.deadline = deadline
    }

    func fail(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    func importFinished() {
        lock.withLock { importsFinished += 1 }
    }

    func sawRetitling() {
        lock.withLock { retitlingsSeen += 1 }
    }

    func checkedSearch() {
        lock.withLock { searchesChecked += 1 }
    }

    func finished(_ worker: String, commands: Int, longest: Double) {
        lock.withLock { counts.append((worker, commands, longest)) }
    }

    /// Whether the workers should stop.
    var isOver: Bool {
        lock.withLock {
            guard messages.isEmpty else { return true }
            let enough = importsFinished >= SoakTests.imports && retitlingsSeen > 0 && searchesChecked > 0
            return Date() >= deadline && (enough || importsFinished >= SoakTests.maximumImports)
        }
    }

    var failures: [String] { lock.withLock { messages } }
    var imports: Int { lock.withLock { importsFinished } }
    var retitlings: Int { lock.withLock { retitlingsSeen } }
    var searches: Int { lock.withLock { searchesChecked } }

    var summary: String {
        lock.withLock {
            "\(importsFinished) imports, \(retitlingsSeen) answers caught a retitling in progress, \(searchesChecked) "
                + "searches held every match; "
                + counts.map { "\($0) \($1) commands (longest \(String(format: "%.2f", $2)) s)" }
                .joined(separator: ", ")
        }
    }
}

/// Imports a generated CSV of books (``Fixtures/writeBooksCSV(to:rows:edition:)``) again and again with
/// `--batch`, alternating two editions that retitle every book, so every import after the first updates all
/// rows batch by batch.
final class ImportWorker: SoakWorker, @unchecked Sendable {
    // Only the worker's own thread touches `lastEdition` until the workers are joined.
    static let rows = 2_000
    static let batch = 200
    /// The editions' words: each is in its titles only, so a search for it finds the books of that edition.
    static let editions = ["amber", "cobalt"]
    let files: [String]
    let log: SoakLog
    var lastEdition: String?

    /// Writes the two editions into `directory`.
    init(directory: URL, log: SoakLog) throws {
        files = try Self.editions.map { edition in
            let file = directory.appending(path: "soak-\(edition).csv")
            try Fixtures.writeBooksCSV(to: file, rows: Self.rows, edition: edition)
            return file.path
        }
        self.log = log
    }

    var name: String { "import" }

    func arguments(_ iteration: Int) -> [String] {
        ["import", files[iteration % 2], "--source", "soak", "--batch", String(Self.batch)]
    }

    func record(_ result: TestSupport.ProcessResult, iteration: Int) throws {
        lastEdition = Self.editions[iteration % 2]
        log.importFinished()
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

/// Browses the imported books in turn: the first page of `list books` (1,000 books), a book of it with `show`, the
/// page after it, and a search for each edition's word. Every answer must show whole import batches by title: the
/// book count grows by whole batches and never goes back, the books are the file's first rows, each batch's titles
/// are of one edition; a shown book is the listed one, of one edition; a search finds whole batches of its edition.
final class BrowsingWorker: SoakWorker, @unchecked Sendable {
    /// A command of the cycle, with what it needs of earlier answers.
    enum Query {
        case firstPage
        case show(uuid: String, listed: SoakBook)
        case nextPage(cursor: String)
        case search(edition: String)

        var isFirstPage: Bool {
            if case .firstPage = self { true } else { false }
        }
    }

    static let pageSize = 1_000
    // Only the worker's own thread touches the variables until the workers are joined.
    let name: String
    let sampleBooks: Int
    let log: SoakLog
    var query = Query.firstPage
    var lastTotal = 0
    var listed: (uuid: String, book: SoakBook)?
    var nextPage: String?

    init(name: String, sampleBooks: Int, log: SoakLog) {
        self.name = name
        self.sampleBooks = sampleBooks
        self.log = log
    }

    func arguments(_ iteration: Int) -> [String] {
        // Both editions are searched each cycle: while an import retitles the books, one edition has fewer than a
        // page of them (the new one in the import's first half, the old one in its second), so one of the two
        // searches can be checked whole, however the import and the searches interleave.
        query =
            switch iteration % 5 {
            case 1: listed.map { Query.show(uuid: $0.uuid, listed: $0.book) } ?? .firstPage
            case 2: nextPage.map { Query.nextPage(cursor: $0) } ?? .firstPage
            case 3: .search(edition: ImportWorker.editions[0])
            case 4: .search(edition: ImportWorker.editions[1])
            default: .firstPage
            }
        let page = ["list", "books", "--limit", String(Self.pageSize), "--json"]
        return switch query {
        case .firstPage: page
        case .show(let uuid, _): ["show", "book", uuid, "--json"]
        case .nextPage(let cursor): page + ["--after", cursor]
        case .search(let edition): ["search", edition, "--limit", String(Self.pageSize), "--json"]
        }
    }

    func record(_ result: TestSupport.ProcessResult, iteration: Int) throws {
        let answer = try result.json()
        switch query {
        case .firstPage, .nextPage: try recordPage(answer, iteration: iteration)
        case .show(_, let listed): try recordShown(answer, listed: listed)
        case .search(let edition): try recordSearch(answer, edition: edition)
        }
    }

    /// A page of `list books`: its total, and its books by batch.
    func recordPage(_ page: [String: Any], iteration: Int) throws {
        guard let total = page["total"] as? Int, let items = page["items"] as? [[String: Any]] else {
            throw SoakProblem(description: "list books printed no total or items: \(page.keys.sorted())")
        }
        let imported = total - sampleBooks
        guard imported % ImportWorker.batch == 0, imported <= ImportWorker.rows, total >= lastTotal,
            !query.isFirstPage || items.count == min(Self.pageSize, total)
        else {
            throw SoakProblem(
                description: "saw \(total) books (\(items.count) listed) after \(lastTotal); the sample has "
                    + "\(sampleBooks) and imports commit \(ImportWorker.batch) at a time")
        }
        lastTotal = total
        let books = try SoakBook.books(in: items)
        if let late = books.first(where: { $0.book.row > imported }) {
            throw SoakProblem(description: "row \(late.book.row) of the file listed with \(imported) rows imported")
        }
        if try SoakBook.checkWholeBatches(books.map(\.book), in: "list books") { log.sawRetitling() }
        if !books.isEmpty { listed = books[iteration / 5 % books.count] }
        if query.isFirstPage { nextPage = page["next"] as? String }
    }

    /// A book `show` printed after `list` showed it as `listed`.
    func recordShown(_ book: [String: Any], listed: SoakBook) throws {
        let title = book["title"] as? String ?? ""
        guard let shown = try SoakBook(title: title), shown.row == listed.row,
            book["year"] as? Int == 1900 + listed.row % 120
        else {
            throw SoakProblem(
                description: "show book printed \(title) (\(book["year"] ?? "no year")) for row \(listed.row)")
        }
    }

    /// The answer of a search for `edition`'s word: books of that edition only; when the search was not cut at its
    /// limit, every book of each batch it found, and those batches one run from the first or to the last (counted
    /// when it found any).
    func recordSearch(_ answer: [String: Any], edition: String) throws {
        let items = answer["items"] as? [[String: Any]] ?? []
        let books = try SoakBook.books(in: items).map(\.book)
        guard books.count == items.count, books.allSatisfy({ $0.edition == edition }) else {
            throw SoakProblem(description: "search \(edition) found other titles: \(items.prefix(3))")
        }
        _ = try SoakBook.checkWholeBatches(books, in: "search \(edition)")
        guard items.count < Self.pageSize else { return }
        let batches = Dictionary(grouping: books, by: \.batch).mapValues(\.count)
        let found = batches.keys.sorted()
        guard let first = found.first, let last = found.last else { return }
        guard batches.values.allSatisfy({ $0 == ImportWorker.batch }), last - first == found.count - 1,
            first == 0 || last == ImportWorker.rows / ImportWorker.batch - 1
        else {
            throw SoakProblem(description: "search \(edition) found batches \(found) with \(batches) books")
        }
        log.checkedSearch()
    }
}

/// Several processes on one database file — one importing in batches, two browsing, two applying navigation
/// intents — until the import worker finished ``imports`` imports (one inserting every book, one retitling them
/// all), a reader caught a retitling in progress and a search was checked (``SoakLog``), at most
/// ``maximumImports``: no busy error reaches a user, every command exits 0, readers see whole batches only, and at
/// the end the file is consistent, the books carry the titles of the last edition imported and every user's last
/// saved navigation state is there. `Scripts/soak.sh SECONDS` runs it for at least that long
/// (`CATALOG_SOAK_SECONDS`).
@Suite struct SoakTests {
    static let imports = 2
    static let maximumImports = 12
    /// How long a process waits for a lock (`--wait`): long enough that a lock error means a lock never released,
    /// not a slow machine, and bounded so that a deadlock fails the soak instead of hanging it.
    static let lockWait = 600

    /// The least time the soak runs: `CATALOG_SOAK_SECONDS`, else none (it runs until its imports are done).
    static var seconds: Double {
        ProcessInfo.processInfo.environment["CATALOG_SOAK_SECONDS"].flatMap(Double.init) ?? 0
    }

    @Test func importingBrowsingAndNavigatingProcessesShareTheFile() throws {
        let directory = try TestSupport.temporaryDirectory("soak")
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        let authors = try CatalogCLI.run(["--db", path, "list", "authors", "--limit", "5", "--json"])
        let items = try #require(try authors.json()["items"] as? [[String: Any]])
        let uuids = items.compactMap { $0["uuid"] as? String }
        try #require(!uuids.isEmpty)
        let sampleBooks = try Fixtures.bookTitles(path).count

        let log = SoakLog(deadline: Date().addingTimeInterval(Self.seconds))
        let importer = try ImportWorker(directory: directory, log: log)
        let navigators = ["ada", "grace"].map { NavigationWorker(user: $0, routes: uuids.map { "author/\($0)" }) }
        let workers: [any SoakWorker] =
            [importer] + navigators
            + ["browse 1", "browse 2"].map { BrowsingWorker(name: $0, sampleBooks: sampleBooks, log: log) }
        Self.run(workers, database: path, log: log)
        #expect(log.failures.isEmpty, "\(log.failures.prefix(5))")
        if log.failures.isEmpty {
            #expect(log.retitlings > 0, "in \(log.imports) imports no reader caught a retitling in progress")
            #expect(log.searches > 0, "in \(log.imports) imports no search found few enough books to check them all")
        }

        #expect(try Fixtures.integrityProblems(path).isEmpty)
        let edition = try #require(importer.lastEdition, "no import finished")
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

    /// Runs every worker on its own thread until `log` says the soak is over.
    static func run(_ workers: [any SoakWorker], database: String, log: SoakLog) {
        let group = DispatchGroup()
        for worker in workers {
            group.enter()
            Thread.detachNewThread {
                var iteration = 0
                var longest = 0.0
                while !log.isOver {
                    let arguments = ["--db", database, "--wait", String(lockWait)] + worker.arguments(iteration)
                    do {
                        let start = ContinuousClock.now
                        let result = try CatalogCLI.run(arguments)
                        longest = max(longest, Fixtures.seconds(since: start))
                        // A command waiting its turn says so ("waiting: … is locked …"); only an error counts.
                        let errors = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("waiting: ") }
                        let busy = errors.contains { $0.contains("locked") || $0.contains("busy") }
                        if result.status != 0 || busy {
                            log.fail("\(worker.name): \(arguments) → \(result.status) \(result.standardError)")
                        } else {
                            try worker.record(result, iteration: iteration)
                        }
                    } catch {
                        log.fail("\(worker.name): \(arguments.dropFirst(4)): \(error)")
                    }
                    iteration += 1
                }
                log.finished(worker.name, commands: iteration, longest: longest)
                group.leave()
            }
        }
        group.wait()
        print("soak: \(log.summary)")
    }
}
