import Catalog
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB

/// Suite `edit`: the library's edit path on a generated catalog of 100,000 books (20,000 authors), each case beside
/// the same change written in SQL, which is what SQLite itself needs for it (the catalog's triggers fire on both):
/// - a book's title edited, one transaction per edit based on the revision read before it (p50/p99 of 1,000);
/// - an author credited on 10,000 books merged into another credited on 1,000 of the same books and 1,000 others;
/// - the restore of a scene whose saved state names the merged author (checked, sent to the survivor with a repair
///   line and written back once), beside the restore of a scene naming an author that was never merged.
struct EditSuite: BenchmarkSuite {
    let name = "edit"
    let size = BrowseSuite.Size(books: 100_000)
    let edits = 1000
    /// Scenes of each kind restored, one per user: a repaired state is written back, so each is restored once.
    let scenes = 2000
    /// The author merged away and the one that stays (the generator's authors 2 and 3), and the books they get.
    static let merged: Int64 = 2
    static let survivor: Int64 = 3
    static let mergedBooks = 10_000
    /// As a server's store writes: the commits that fill the WAL ask for a checkpoint in the background instead of
    /// running one (the 1-in-several-hundred commit that would take milliseconds), for the editor and SQL alike.
    static let writing = {
        var configuration = Database.Configuration()
        configuration.checkpoints = .background(pages: 1000)
        return configuration
    }()

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = directory.appending(path: "base.sqlite").path
        log("edit: generating \(size.books) books, \(size.authors) authors")
        try CatalogGenerator(size: size).generate(at: base) { _ in }
        try credit(in: base)
        var measurements: [Measurement] = []

        let working = directory.appending(path: "working.sqlite").path
        // A fresh copy of the generated catalog, opened (untimed) for the next sample.
        var db: Database?
        let fresh = {
            db = nil
            Database.removeFiles(atPath: working)
            try FileManager.default.copyItem(atPath: base, toPath: working)
            db = try DatabaseSchema.open(path: working, configuration: Self.writing)
        }
        log("edit: \(edits) title edits")
        try fresh()
        measurements += try measureTitleEdits(try opened(db))

        log("edit: merge of an author with \(Self.mergedBooks) books")
        let editor = try timer.measure(setup: fresh) {
            let db = try opened(db)
            try CatalogEditor(db, actor: "bench").merge(
                .author, uuid: try uuid(of: Self.merged, in: db), into: try uuid(of: Self.survivor, in: db))
        }
        try expectMerged(try opened(db))
        let sql = try timer.measure(setup: fresh) { try MergeSQL.run(try opened(db)) }
        try expectMerged(try opened(db))
        let mergeCase = "merge an author of \(Self.mergedBooks / 1000)k books"
        measurements += [
            Measurement(suite: name, case: mergeCase, impl: "SQL", samples: sql),
            Measurement(suite: name, case: mergeCase, impl: "CatalogEditor", samples: editor),
        ]

        log("edit: restore of \(scenes) scenes naming a merged author, \(scenes) naming another")
        try fresh()
        measurements += try measureRestores(try opened(db))
        return measurements
    }

    /// Credits author 2 on every 10th book and author 3 on every 100th and on 1,000 books of its own (ids 5…), so
    /// the merge moves 10,000 credits, 1,000 of them onto books the survivor is already credited on.
    private func credit(in path: String) throws {
        let db = try DatabaseSchema.open(path: path)
        try db.transaction(.immediate) {
            try db.execute("DELETE FROM book_authors WHERE author_id IN (?, ?)", [Self.merged, Self.survivor])
            for (author, condition) in [
                (Self.merged, "id % 10 = 0"), (Self.survivor, "id % 100 = 0 OR id % 100 = 5"),
            ] {
                try db.execute(
                    """
                    INSERT INTO book_authors (book_id, author_id, role, position, book_year_key, book_sort_key)
                    SELECT id, ?, 'author', (SELECT coalesce(max(position) + 1, 0) FROM book_authors WHERE book_id = id),
                        coalesce(year, 10000), sort_key
                    FROM books WHERE \(condition)
                    """, [author])
            }
        }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try db.close()
    }

    private func opened(_ db: Database?) throws -> Database {
        guard let db else { throw BenchmarkError("the working copy is not open") }
        return db
    }

    private func uuid(of author: Int64, in db: Database) throws -> UUID {
        guard let text = try db.fetchOne(String.self, "SELECT uuid FROM authors WHERE id = ?", [author]),
            let uuid = UUID(uuidString: text)
        else { throw BenchmarkError("no author \(author)") }
        return uuid
    }

    /// Fails the run unless the merged author is gone and the survivor holds every credit either had.
    private func expectMerged(_ db: Database) throws {
        let gone = try db.fetchOne(Int.self, "SELECT count(*) FROM authors WHERE id = ?", [Self.merged]) == 0
        let credits = try db.fetchOne(
            Int.self, "SELECT count(*) FROM book_authors WHERE author_id = ?", [Self.survivor])
        let expected = Self.mergedBooks + 1000
        guard gone, credits == expected else {
            throw BenchmarkError(
                "after the merge: author \(Self.merged) gone \(gone), \(credits ?? 0) credits of \(expected)")
        }
    }

    /// One title edit per sample through `CatalogEditor`, based on the revision read before it, beside the same
    /// update in SQL.
    private func measureTitleEdits(_ db: Database) throws -> [Measurement] {
        let uuids = try db.fetchAll(String.self, "SELECT uuid FROM books ORDER BY id LIMIT ?", [edits * 2])
            .compactMap(UUID.init(uuidString:))
        let editor = CatalogEditor(db, actor: "bench")
        var library: [Double] = []
        for (index, uuid) in uuids.prefix(edits).enumerated() {
            let revision = try editor.revision(of: .book, uuid: uuid)
            let start = DispatchTime.now().uptimeNanoseconds
            try editor.update(
                .book, uuid: uuid, EntityEdit(fields: ["title": "Edited title \(index)"]), ifRevision: revision)
            library.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var sql: [Double] = []
        for (index, uuid) in uuids.suffix(edits).enumerated() {
            let title = "Edited title \(index)"
            let sortTitle = SortName.forTitle(title)
            let start = DispatchTime.now().uptimeNanoseconds
            try db.transaction(.immediate) {
                try db.execute(
                    "UPDATE books SET title = ?, sort_title = ?, sort_key = ? WHERE uuid = ?",
                    [title, sortTitle, FoldKey.of(sortTitle), uuid.uuidString.lowercased()])
            }
            sql.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let editCase = "edit a book's title"
        return [
            Measurement(suite: name, case: editCase, impl: "SQL", samples: sql),
            Measurement(suite: name, case: editCase, impl: "CatalogEditor", samples: library),
        ]
    }

    /// Saves `scenes` users' scenes naming the author to be merged and as many naming another author, merges, and
    /// restores each scene once.
    private func measureRestores(_ db: Database) throws -> [Measurement] {
        // The connection checkpoints in the background already (`writing`); a policy of the store's own would
        // replace that.
        var configuration = NavigationStore<LibraryRoute>.Configuration()
        configuration.checkpoints = .sqliteAutomatic
        let store = try NavigationStore(catalog: db, configuration: configuration)
        let merged = try uuid(of: Self.merged, in: db)
        let other = try uuid(of: 4, in: db)
        for index in 0..<scenes {
            for (prefix, author) in [("merged", merged), ("plain", other)] {
                let session = try store.openSession(scene: "main", forUserNamed: "\(prefix)-\(index)")
                try session.apply(.selectSidebar(.authors))
                try session.apply(.selectContent(.author(author)))
            }
        }
        try CatalogEditor(db, actor: "bench").merge(.author, uuid: merged, into: try uuid(of: Self.survivor, in: db))
        var samples: [String: [Double]] = [:]
        // Alternating, so both kinds meet the same cache and checkpoints.
        for index in 0..<scenes {
            for prefix in ["plain", "merged"] {
                let user = try store.user(named: "\(prefix)-\(index)")
                let start = DispatchTime.now().uptimeNanoseconds
                let restored = try store.restore(scene: "main", for: user)
                samples[prefix, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                guard restored.report.repairs.count == (prefix == "merged" ? 1 : 0) else {
                    throw BenchmarkError("restore of \(prefix)-\(index): \(restored.report.repairs)")
                }
            }
        }
        let restoreCase = "restore a scene"
        return [
            Measurement(suite: name, case: restoreCase, impl: "naming an author", samples: samples["plain"] ?? []),
            Measurement(
                suite: name, case: restoreCase, impl: "naming a merged author", samples: samples["merged"] ?? []),
        ]
    }

    /// The merge written in SQL: the credits the survivor already has on a book dropped, the others moved (their
    /// positions kept: a dropped credit leaves a gap the editor closes), the import identities moved, the author
    /// deleted and recorded as merged, as `CatalogEditor.merge` leaves it but for the history record.
    enum MergeSQL {
        static func run(_ db: Database) throws {
            try db.transaction(.immediate) {
                let (merged, survivor) = (EditSuite.merged, EditSuite.survivor)
                try db.execute(
                    """
                    DELETE FROM book_authors WHERE author_id = ?1 AND EXISTS (SELECT 1 FROM book_authors s
                        WHERE s.book_id = book_authors.book_id AND s.author_id = ?2 AND s.role = book_authors.role)
                    """, [merged, survivor])
                try db.execute("UPDATE book_authors SET author_id = ? WHERE author_id = ?", [survivor, merged])
                try db.execute(
                    "UPDATE source_records SET entity_id = ? WHERE entity_kind = 'author' AND entity_id = ?",
                    [survivor, merged])
                try db.execute(
                    """
                    INSERT INTO entity_merges (entity_kind, uuid, merged_into)
                    SELECT 'author', m.uuid, s.uuid FROM authors m, authors s WHERE m.id = ? AND s.id = ?
                    """, [merged, survivor])
                try db.execute(
                    """
                    UPDATE change_log SET merged_into = (SELECT uuid FROM authors WHERE id = ?2)
                    WHERE entity_kind = 'author' AND uuid = (SELECT uuid FROM authors WHERE id = ?1)
                    """, [merged, survivor])
                try db.execute("DELETE FROM authors WHERE id = ?", [merged])
            }
        }
    }
}
