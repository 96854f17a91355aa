import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import CatalogImport

/// The bulk path of an import against the row path: the same files imported both ways end with the same rows in
/// every table, the same search index, the same change log (seqs and operations) and the same schema.
@Suite struct BulkImportTests {
    /// One import of the sequence: a file and how to read it.
    struct Step: Sendable {
        let path: String
        var configure: @Sendable (inout ImportOptions) -> Void = { _ in }
    }

    /// Files of every kind (JSON with authors and genre parents, bands, books with and without keys and ISBNs,
    /// rejected rows, Open Library authors then works, generated works twice, remembering 3 names and keys at first),
    /// then a generated file and an edition of it that updates every book (its links deleted and written again).
    static func steps(in directory: URL) throws -> [Step] {
        let first = directory.appending(path: "generated.csv")
        let second = directory.appending(path: "generated-2.csv")
        let works = directory.appending(path: "works.txt")
        try writeBooks(to: first, rows: 300, edition: "1")
        try writeBooks(to: second, rows: 360, edition: "2")
        try writeWorks(to: works, rows: 240)
        return [
            Step(path: TestSupport.sampleData.appending(path: "library.json").path),
            Step(path: TestSupport.sampleData.appending(path: "music.json").path),
            Step(path: Fixture.path("books_mixed.csv")),
            Step(path: Fixture.path("goodbooks_quirks.csv")) { $0.profile = "goodbooks" },
            Step(path: Fixture.path("bands.tsv")) { options in
                options.entity = .bands
                options.mappings = [
                    "name=Band", "country=From", "formed_year=Start", "ended_year=End", "genres=Styles", "aliases=AKA",
                    "source_key=id",
                ]
                options.splits = ["genres=;"]
            },
            Step(path: Fixture.path("same_name_bands.csv")) { $0.entity = .bands },
            Step(path: Fixture.path("openlibrary_authors.txt")) { $0.format = .openlibrary },
            Step(path: Fixture.path("openlibrary_works.txt")) { $0.format = .openlibrary },
            Step(path: works.path) { options in
                options.format = .openlibrary
                options.rememberedNames = 3
            },
            Step(path: works.path) { $0.format = .openlibrary },
            Step(path: first.path),
            Step(path: second.path) { $0.batchSize = 100 },
            Step(path: first.path),
        ]
    }

    /// Books by 1–2 of 37 authors (some named again in another case), 1–2 of 11 genres, every fifth without a key and
    /// every third with an ISBN; another edition retitles them and moves their authors.
    static func writeBooks(to url: URL, rows: Int, edition: String) throws {
        var lines = ["source_key,title,authors,genres,isbn,year,pages"]
        for row in 1...rows {
            let key = row % 5 == 0 ? "" : "g\(row)"
            let shift = edition == "1" ? 0 : 3
            let authors = "Author \((row + shift) % 37)|AUTHOR \((row * 7) % 37)"
            let isbn = row % 3 == 0 ? isbn13(row) : ""
            lines.append(
                "\(key),\"Book \(row), part \(row % 4) (\(edition))\",\(authors),G\(row % 11)|g\(row % 5),"
                    + "\(isbn),\(1900 + row % 120),\(100 + row)")
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    /// Open Library works by 0–2 of 40 author keys (`OL1A` imported before from the authors dump), with subjects
    /// named again in another case; work 100 has an author's key (refused) and work 120 names a work as its author
    /// (that credit left out).
    static func writeWorks(to url: URL, rows: Int) throws {
        let lines = (1...rows).map { row in
            let key = row == 100 ? "/authors/OL5A" : "/works/OL\(row)W"
            var authors =
                row % 50 == 0 ? [] : ["/authors/OL\((row * 7) % 40 + 1)A", "/authors/OL\((row * 3) % 40 + 1)A"]
            if row == 120 { authors.append("/works/OL10W") }
            let credits = authors.map { #"{"author": {"key": "\#($0)"}}"# }.joined(separator: ", ")
            return "/type/work\t\(key)\t1\t2010-01-01T00:00:00\t"
                + #"{"title": "Work \#(row)", "authors": [\#(credits)], "subjects": ["Subject \#(row % 13)", "SUBJECT \#(row % 5)"]}"#
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    private static func isbn13(_ row: Int) -> String {
        let body = "978" + String(format: "%09d", row)
        let sum = body.utf8.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * Int($1.element - 48) }
        return body + String((10 - sum % 10) % 10)
    }

    /// Imports the steps into a new catalog with `bulkRows`, returning each step's summary counts and the dump.
    func importAll(bulkRows: Int, stagingPause: Int = 0, _ steps: [Step]) throws -> (
        summaries: [String], dump: [String]
    ) {
        let catalog = try makeCatalog()
        var summaries: [String] = []
        for step in steps {
            var options = ImportOptions()
            step.configure(&options)
            options.bulkRows = bulkRows
            options.stagingPause = stagingPause
            let summary = try catalog.importer.importFile(atPath: step.path, options: options)
            summaries.append(
                "\(summary.inserted) \(summary.updated) \(summary.unchanged) \(summary.duplicates) \(summary.rejected) "
                    + summary.rejections.map { "\($0.line)" }.joined(separator: ","))
        }
        #expect(try catalog.integrityProblems().isEmpty)
        return (summaries, try Self.dump(catalog.db))
    }

    @Test(arguments: [0, 7, 150])
    func theBulkPathWritesWhatTheRowPathWrites(bulkRows: Int) throws {
        let directory = try TemporaryFiles("bulk-import")
        let steps = try Self.steps(in: directory.url)
        let rowPath = try importAll(bulkRows: .max, steps)
        let bulkPath = try importAll(bulkRows: bulkRows, steps)
        #expect(bulkPath.summaries == rowPath.summaries)
        #expect(rowPath.dump.count > 3_000)
        let missing = Set(rowPath.dump).subtracting(bulkPath.dump).sorted()
        let extra = Set(bulkPath.dump).subtracting(rowPath.dump).sorted()
        #expect(missing.isEmpty && extra.isEmpty, "row path only: \(missing.prefix(8)), bulk only: \(extra.prefix(8))")
        #expect(bulkPath.dump.count == rowPath.dump.count)
    }

    /// The held rows' times are bound once a write, not left to their defaults: each is the time of its write.
    @Test func heldRowsCarryTheTimeOfTheirWrite() throws {
        let directory = try TemporaryFiles("bulk-import-times")
        let file = directory.url.appending(path: "generated.csv")
        try Self.writeBooks(to: file, rows: 300, edition: "1")
        let catalog = try makeCatalog()
        let now = "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
        let before = try #require(try catalog.db.fetchOne(String.self, now))
        var options = ImportOptions()
        options.bulkRows = 0
        #expect(try catalog.importer.importFile(atPath: file.path, options: options).inserted == 300)
        let after = try #require(try catalog.db.fetchOne(String.self, now))

        for (table, column) in [
            ("books", "created_at"), ("books", "updated_at"), ("authors", "created_at"), ("authors", "updated_at"),
            ("genres", "created_at"), ("genres", "updated_at"), ("change_log", "changed_at"),
        ] {
            let times = try catalog.db.fetchAll(String.self, "SELECT DISTINCT \(column) FROM \(table)")
            #expect(!times.isEmpty && times.allSatisfy { $0 >= before && $0 <= after }, "\(table).\(column): \(times)")
        }
    }

    /// Rows whose identity is an earlier row of the same batch: a key seen twice (the same row, then changed), an
    /// ISBN shared by keyed and keyless rows, keyless rows repeated, authors named again in another case, a rejected
    /// row among them, into an empty catalog and into one holding the same rows already; in one transaction and in
    /// batches of three.
    @Test(arguments: [nil, 3])
    func rowsNamingEarlierRowsOfTheirBatchResolveAsOnTheRowPath(batchSize: Int?) throws {
        let file = Fixture.path("books_same_batch.csv")
        let steps = [
            Step(path: file) { $0.batchSize = batchSize },
            Step(path: Fixture.path("books_mixed.csv")),
            Step(path: file) { $0.batchSize = batchSize },
        ]
        let rowPath = try importAll(bulkRows: .max, steps)
        let bulkPath = try importAll(bulkRows: 0, steps)
        #expect(bulkPath.summaries == rowPath.summaries)
        #expect(rowPath.summaries.first == "6 5 0 2 1 11")
        let (row, bulk) = (Self.loggedInOrder(rowPath.dump), Self.loggedInOrder(bulkPath.dump))
        let missing = Set(row).subtracting(bulk).sorted()
        let extra = Set(bulk).subtracting(row).sorted()
        #expect(missing.isEmpty && extra.isEmpty, "row path only: \(missing.prefix(8)), bulk only: \(extra.prefix(8))")
    }

    /// `dump` with each change log row's seq replaced by its rank, and the log's sequence left out. A book updated in
    /// the millisecond it was inserted is logged one seq further on either path (its `updated_at` stays the same, so
    /// the touch trigger updates it again): what a client relies on is the order.
    static func loggedInOrder(_ dump: [String]) -> [String] {
        let logged = dump.filter { $0.hasPrefix("change_log|") }
        let seqs = logged.compactMap { $0.split(separator: "|").dropFirst().first.flatMap { Int($0) } }.sorted()
        let ranks = Dictionary(uniqueKeysWithValues: seqs.enumerated().map { ($1, $0) })
        return dump.compactMap { line in
            if line.hasPrefix("sequence|change_log|") { return nil }
            guard line.hasPrefix("change_log|") else { return line }
            var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            fields[1] = Int(fields[1]).flatMap { ranks[$0] }.map(String.init) ?? fields[1]
            return fields.joined(separator: "|")
        }
    }

    /// Records an app gives: placeholder authors by key (as Open Library works name them) and credits by name alone
    /// of the same folded names, in the same book and in later ones. On the row path a credit by name finds the
    /// oldest author of its name, keyed or not; the bulk path ends the same.
    @Test func creditsByTheNameOfAKeyedAuthorResolveAsOnTheRowPath() throws {
        let records = (1...60).map { row -> CatalogRecord in
            let keyed = AuthorRecord(key: "/authors/OL\(row % 4)A", name: "OL\(row % 4)A", isPlaceholderName: true)
            var credits = [BookRecord.Contributor(author: keyed)]
            if row % 3 == 0 { credits.append(.init(author: AuthorRecord(name: "ol\((row + 1) % 4)a"))) }
            if row % 5 == 0 { credits.insert(.init(author: AuthorRecord(name: "Ol\(row % 4)A")), at: 0) }
            return .book(BookRecord(key: "w\(row)", title: "Work \(row)", contributors: credits))
        }
        func imported(bulkRows: Int) throws -> [String] {
            let catalog = try makeCatalog()
            var options = ImportOptions()
            options.bulkRows = bulkRows
            options.stagingPause = 0
            #expect(try catalog.importer.importRecords(records, source: "app", options: options).inserted == 60)
            return try Self.dump(catalog.db)
        }
        let rowPath = try imported(bulkRows: .max)
        for bulkRows in [0, 7] {
            let bulkPath = try imported(bulkRows: bulkRows)
            let missing = Set(rowPath).subtracting(bulkPath).sorted()
            let extra = Set(bulkPath).subtracting(rowPath).sorted()
            #expect(
                missing.isEmpty && extra.isEmpty, "row path only: \(missing.prefix(8)), bulk only: \(extra.prefix(8))")
        }
    }

    /// The import places its statement journals in memory by setting `temp_store` as each transaction begins, which
    /// SQLite refuses inside a transaction while the temporary database is open.
    @Test(arguments: ["MEMORY", "FILE", "DEFAULT"])
    func anImportRunsOnAConnectionWhoseTemporaryDatabaseIsOpen(tempStore: String) throws {
        let catalog = try makeCatalog()
        try catalog.db.execute("PRAGMA temp_store = \(tempStore); CREATE TEMP TABLE scratch (x)")
        var options = ImportOptions()
        options.bulkRows = 0
        let summary = try catalog.importer.importFile(atPath: Fixture.path("books_mixed.csv"), options: options)
        #expect(summary.inserted == 2)
        #expect(
            try catalog.db.fetchOne(Int.self, "PRAGMA temp_store")
                == ["DEFAULT", "FILE", "MEMORY"].firstIndex(of: tempStore))
    }

    /// Into an empty catalog the import checks the foreign keys once, before its commit: the connection has them on
    /// again after an import, a dry run and an import that failed, and the links it wrote name rows that exist.
    @Test func anImportIntoAnEmptyCatalogGivesTheConnectionItsForeignKeysBack() throws {
        for (dryRun, strict, file) in [
            (false, false, "books_mixed.csv"), (true, false, "books_mixed.csv"), (false, true, "bad_values.csv"),
        ] {
            let catalog = try makeCatalog()
            var options = ImportOptions()
            options.bulkRows = 0
            options.dryRun = dryRun
            options.strict = strict
            _ = try? catalog.importer.importFile(atPath: Fixture.path(file), options: options)
            #expect(try catalog.db.fetchOne(Bool.self, "PRAGMA foreign_keys") == true, "\(file), dry run \(dryRun)")
            #expect(try catalog.db.fetchOne(Int.self, "SELECT count(*) FROM books") == (dryRun || strict ? 0 : 2))
            #expect(try catalog.db.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check").isEmpty)
        }
    }

    /// The bulk path drops the authors' index by folded name with the other secondary indexes (an Open Library
    /// works dump credits its authors by key only) and builds it again before the writer first reads by it.
    @Test func authorsAreIndexedByNameAgainBeforeTheFirstLookupByName() throws {
        let db = try makeCatalog().db
        func indexed() throws -> Bool {
            try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'authors_by_name_key'") == 1
        }
        try db.execute("BEGIN IMMEDIATE TRANSACTION")
        let writer = try ImportWriter(db: db, source: "test", rememberedNames: 16)
        writer.bulk = try BulkImport(db: db, rowsAhead: nil)
        let dropped = try !indexed()
        let found = try writer.existingAuthor(nameKey: "ursula k le guin")
        let rebuilt = try indexed()
        try writer.bulk?.finish()
        try db.execute("ROLLBACK TRANSACTION")
        #expect(dropped && found == nil && rebuilt)
        #expect(try indexed())
    }

    @Test func aDryRunOnTheBulkPathLeavesTheCatalogAsItWas() throws {
        let catalog = try makeCatalog()
        _ = try catalog.importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: "library.json"))
        let before = try Self.dump(catalog.db)
        var options = ImportOptions()
        options.bulkRows = 0
        options.dryRun = true
        let summary = try catalog.importer.importFile(atPath: Fixture.path("books_mixed.csv"), options: options)
        #expect(summary.inserted == 2)
        #expect(try Self.dump(catalog.db) == before)
    }

    /// The tables, the search index, the change log, its sequence (as an unqualified read finds it) and the schema,
    /// the connection's temporary schema, one line a row: each uuid the
    /// catalog made replaced by its table and id (the two paths give rows the same ids, not the same random uuids),
    /// timestamps dropped.
    static func dump(_ db: Database) throws -> [String] {
        var labels: [String: String] = [:]
        for table in CatalogTables.entities {
            for row in try db.fetchAll(UUIDRow.self, "SELECT uuid, id FROM \(table.name)") {
                labels[row.uuid] = "<\(table.name) \(row.id)>"
            }
        }
        let tables =
            CatalogTables.entities.map(\.name) + CatalogTables.links.map(\.name) + [
                "source_records", "change_log",
            ]
        var queries = try tables.map { table in
            let columns = try db.fetchAll(String.self, "SELECT name FROM pragma_table_info(?)", [table])
            return "SELECT '\(table)|' || " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
                + " FROM \(table)"
        }
        queries += [
            "SELECT 'search|' || rowid || '|' || quote(name) FROM search_index",
            "SELECT 'sequence|' || name || '|' || seq FROM sqlite_sequence",
            "SELECT 'schema|' || type || '|' || name || '|' || quote(sql) FROM sqlite_schema",
            // Nothing of the bulk path stays behind in the connection's temporary schema.
            "SELECT 'temp|' || type || '|' || name FROM temp.sqlite_schema",
        ]
        let uuid = /'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'/
        let timestamp = /'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z'/
        return try queries.flatMap { try db.fetchAll(String.self, $0) }.map { line in
            line.replacing(timestamp, with: "'…'").replacing(uuid) { match in
                labels[String(match.output.dropFirst().dropLast())] ?? String(match.output)
            }
        }.sorted()
    }
}

private struct UUIDRow: RowDecodable {
    let uuid: String
    let id: Int64

    init(row: Row) throws {
        uuid = try row.value(at: 0)
        id = try row.value(at: 1)
    }
}
