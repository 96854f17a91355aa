import Catalog
import Foundation
import SQLiteDB

/// Writes import records to the catalog under one source: the identity rules every input format shares, on
/// the fast path (cached statements, in-memory name → id maps).
///
/// Identity, first match wins:
/// 1. `(source, source_key)` in `source_records`: the entity imported under that key before. A record without
///    a key gets one derived from its content (see ``derivedKey(_:values:)``), so keyless rows are idempotent too.
/// 2. For a book whose key is new: the book with the same ISBN-13.
/// 3. For a book with neither a source key nor an ISBN: the book with the same folded title and first author.
///    Keyed rows are never merged by title (goodbooks-10k has two different "'Salem's Lot" by Stephen King).
/// Bands are never merged by name: a band without a key is identified by its folded name, country and formed
/// year together. Authors credited by name only are matched by folded name (the oldest such author when
/// several share it); authors with a source key (Open Library) by that key only. Genres by folded name.
///
/// A record identical to the last import of its key (same fingerprint) writes nothing: unchanged, or a
/// duplicate when this same run wrote it.
///
/// A field or list of a book, band or keyed author edited by hand since the last import of its record (see
/// ``RecordedHandEdits``) keeps the catalog's value where the record says otherwise, and is reported in
/// ``keptEdits``; the record's other fields are written as usual. A record that keeps a field leaves its
/// `edits_seen` where it was, so the edit is kept again at the next import. With `overwriteEdits`, the record's
/// values win, also over a record identical to its last import. Every check that can refuse a record runs before its first write,
/// and that first write (the book or band row) is the only one a constraint can refuse, so a rejected record
/// leaves nothing behind without the cost of a savepoint per row.
final class ImportWriter {
    let db: Database
    let source: String
    let stamp: String
    var sources: SourceRecords { SourceRecords(db: db) }
    // Name → id maps: a credit or genre seen before costs a dictionary lookup instead of a query. They only
    // ever hold rows of the current transaction or committed ones; a run that rolls back is discarded whole.
    // Folded names are bounded: a forgotten one is looked up again and gives the same row. Source keys are not:
    // the first mention of a key in a run may update its author, and later ones must not.
    var authorsByName: RememberedIDs
    private var authorsByKey: [String: Int64] = [:]
    /// Placeholder authors (an Open Library work's `/authors/OL…A`) the bulk path found or created by source key:
    /// never updated by a mention, so held apart, compactly (a works dump names millions of them).
    var placeholderAuthors: PlaceholderAuthorIDs
    var genresByName: RememberedIDs
    var uuids = TimeOrderedUUIDs()
    private var dataVersion: Int?
    private let overwriteEdits: Bool
    private(set) var handEdits: RecordedHandEdits
    /// What the last ``write(_:)`` left as edited by hand.
    private(set) var keptEdits: [KeptEdit] = []
    /// The bulk path of the open transaction, shared by the run's writers; `nil` on the row path.
    var bulk: BulkImport?
    /// On the bulk path: where new books go instead of being written one by one.
    var staging: StagedBooks? { bulk?.staging }

    /// A writer for one import run.
    ///
    /// - Parameters:
    ///   - db: The catalog database, inside the run's transaction.
    ///   - source: The source the records' keys belong to.
    ///   - rememberedNames: How many authors, and apart how many genres, to remember by folded name.
    ///   - overwriteEdits: Whether the records' values win over fields edited by hand.
    init(db: Database, source: String, rememberedNames: Int, overwriteEdits: Bool = false) throws {
        self.db = db
        self.source = source
        self.overwriteEdits = overwriteEdits
        handEdits = try RecordedHandEdits(db: db)
        authorsByName = RememberedIDs(capacity: rememberedNames)
        placeholderAuthors = PlaceholderAuthorIDs(othersCapacity: rememberedNames)
        genresByName = RememberedIDs(capacity: rememberedNames)
        stamp = try db.now()
    }

    /// Call at the start of each transaction: forgets the remembered ids when another connection committed since
    /// the previous one, since it may have deleted or replaced what they point at. (`data_version` changes only
    /// with other connections' commits, never with this one's.)
    func revalidateRememberedIDs() throws {
        let version = try db.fetchOne(Int.self, "PRAGMA data_version")
        guard version != dataVersion else { return }
        dataVersion = version
        authorsByName.removeAll()
        authorsByKey.removeAll()
        placeholderAuthors.removeAll()
        genresByName.removeAll()
        try handEdits.reload()
    }

    /// Writes one record; `prepared`, when given, is its book's preparation, made by the reader.
    ///
    /// - Throws: ``CatalogError`` or a constraint ``DatabaseError`` when the record cannot be stored (nothing
    ///   of it is written then); any other ``DatabaseError`` when the database fails.
    func write(_ record: CatalogRecord, prepared: PreparedBook? = nil) throws -> ImportOutcome {
        keptEdits = []
        if case .book(let book) = record { return try write(book, prepared ?? PreparedBook(book)) }
        // Other records are written at once: the staged books go first, so ids and the change log follow the file.
        try staging?.flushBeforeRowPath()
        switch record {
        case .book(let book): return try write(book, prepared ?? PreparedBook(book))
        case .band(let band): return try write(band)
        case .author(let author): return try write(author)
        case .genre(let genre): return try write(genre)
        }
    }

    // MARK: Books

    private func write(_ book: BookRecord, _ prepared: PreparedBook) throws -> ImportOutcome {
        var values = try prepared.values.get()
        try validateLinks(book)
        let key = book.key ?? Self.derivedKey(prepared, values: values)
        let fingerprint = prepared.fingerprint
        if let staging {
            if try stage(book, prepared, values: values, key: key, in: staging) { return .inserted }
            try staging.flushBeforeRowPath()
        }
        let known = try sources.entry(source: source, key: key)
        if let known {
            try check(known, is: .book, key: key)
            if known.fingerprint == fingerprint, known.importedAt == stamp { return .duplicate }
        }
        let existing = try known?.entityID ?? match(book, prepared, values: values)
        let edited = try editedFields(.book, id: existing, known: known)
        var draft = book.draft
        var kept: [String] = []
        if let existing, !edited.isEmpty, let current = try LibraryCatalog(db).books.find(id: existing) {
            (draft, kept) = try DraftField.keeping(
                edited, of: current.currentDraft, over: draft, fields: DraftField.book,
                values: { try BookValues($0).arguments })
            values = try BookValues(draft)
        }
        if let known, known.fingerprint == fingerprint, skipsIdentical(.book, known) {
            // Identical to its last import: nothing to write, unless hand edits are to be overwritten. What the
            // record's links would change is reported only when something is written.
            try report(kept, .book, id: known.entityID, key: key)
            return .unchanged
        }
        // The same book from another source holds the record already: it gains this identity and nothing else. Its
        // links are resolved (maybe creating an author) only once its row is known to need no write, so the book row
        // stays the only write a constraint can refuse.
        var links: BookLinks?
        if let existing, try holds(existing, values: values) {
            var resolved = try self.links(of: book)
            kept += try keepLinks(edited, of: existing, in: &resolved)
            if try holds(existing, resolved) {
                try report(kept, .book, id: existing, key: key)
                try sources.save(
                    source: source, key: key, kind: .book, entityID: existing, fingerprint: fingerprint,
                    importedAt: stamp, editsSeen: editsSeen(known, keeping: kept))
                return .unchanged
            }
            links = resolved
        }
        let bookID: Int64
        if let existing {
            if links == nil {
                var resolved = try self.links(of: book)
                kept += try keepLinks(edited, of: existing, in: &resolved)
                links = resolved
            }
            try db.cachedStatement(CatalogTables.books.update).execute(values.arguments + [existing])
            if links?.keepsCredits != true {
                try db.cachedStatement(CatalogTables.bookAuthors.deleteOfOwner).run(existing)
            }
            if links?.keepsGenres != true {
                try db.cachedStatement(CatalogTables.bookGenres.deleteOfOwner).run(existing)
            }
            bookID = existing
        } else {
            try db.cachedStatement(CatalogTables.books.insertReturningNothing).execute(
                [book.uuid ?? uuids.next()] + values.arguments)
            bookID = db.lastInsertedRowID
        }
        try write(links ?? self.links(of: book), year: draft.year, to: bookID, sortKey: values.sortKey)
        try report(kept, .book, id: bookID, key: key)
        try sources.save(
            source: source, key: key, kind: .book, entityID: bookID, fingerprint: fingerprint, importedAt: stamp,
            editsSeen: editsSeen(known, keeping: kept))
        return existing == nil ? .inserted : .updated
    }

    /// The key of a book without a source key: its ISBN-13, else its folded title and first author.
    static func derivedKey(_ prepared: PreparedBook, values: BookValues) -> String {
        if let isbn = values.isbn13 { return "isbn:\(isbn)" }
        return "title:\(values.sortKey)|\(prepared.authorKeys.first ?? "")"
    }

    /// The existing book a record with a new key is: by ISBN-13, else (keyless records only) by title and
    /// first author.
    private func match(_ book: BookRecord, _ prepared: PreparedBook, values: BookValues) throws -> Int64? {
        if let isbn = values.isbn13 {
            return try lookup("SELECT id FROM books WHERE isbn13 = ?", isbn)
        }
        guard book.key == nil else { return nil }
        let author = prepared.authorKeys.first
        try bulk?.willMatchByTitle()
        return try lookup(
            """
            SELECT b.id FROM books b
            LEFT JOIN book_authors ba ON ba.book_id = b.id AND ba.position = 0
            LEFT JOIN authors a ON a.id = ba.author_id
            WHERE b.sort_key = ? AND a.name_key IS ? ORDER BY b.id LIMIT 1
            """, values.sortKey, author)
    }

    /// Refuses, before anything is written, what linking the book would refuse.
    private func validateLinks(_ book: BookRecord) throws {
        for contributor in book.contributors {
            guard !contributor.role.rawValue.isEmpty else {
                throw CatalogError.invalidValue(field: "role", value: "", reason: "a role must not be empty")
            }
            _ = try Validation.name(contributor.author.name, field: "author name")
        }
        for genre in book.genres { try validate(genre) }
    }

    /// What a book links to: its credits (author and role, each once) and its genres, in order.
    private struct BookLinks {
        var credited: [(author: Int64, role: ContributorRole)] = []
        var genreIDs: [Int64] = []
        /// The credits, or the genres, edited by hand: the book's stay as they are.
        var keepsCredits = false
        var keepsGenres = false
    }

    /// The authors and genres `book` names, those that are new created.
    private func links(of book: BookRecord) throws -> BookLinks {
        var links = BookLinks()
        for contributor in book.contributors {
            let authorID = try authorID(for: contributor.author)
            if !links.credited.contains(where: { $0 == (authorID, contributor.role) }) {
                links.credited.append((authorID, contributor.role))
            }
        }
        links.genreIDs = try genreIDs(for: book.genres)
        return links
    }

    /// Whether the row of book `id` holds `values` already.
    private func holds(_ id: Int64, values: BookValues) throws -> Bool {
        try db.cachedStatement(Self.selectSameBook).fetchOne(Int64.self, [id] + values.arguments) != nil
    }

    /// Whether book `id` has exactly `links`, in order (the lists kept as they are count as held).
    private func holds(_ id: Int64, _ links: BookLinks) throws -> Bool {
        try (links.keepsCredits || holds(id, credits: links.credited))
            && (links.keepsGenres || holds(id, genres: links.genreIDs))
    }

    private func holds(_ id: Int64, credits: [(author: Int64, role: ContributorRole)]) throws -> Bool {
        let current = try db.cachedStatement(
            "SELECT author_id || ' ' || role FROM book_authors WHERE book_id = ? ORDER BY position"
        ).fetchAll(String.self, [id])
        return current == credits.map { "\($0.author) \($0.role.rawValue)" }
    }

    private func holds(_ id: Int64, genres: [Int64]) throws -> Bool {
        try db.cachedStatement("SELECT genre_id FROM book_genres WHERE book_id = ? ORDER BY position")
            .fetchAll(Int64.self, [id]) == genres
    }

    /// Marks the lists of book `id` edited by hand that `links` would change as kept; returns their names.
    private func keepLinks(_ edited: Set<String>, of id: Int64, in links: inout BookLinks) throws -> [String] {
        links.keepsCredits = try edited.contains("authors") && !holds(id, credits: links.credited)
        links.keepsGenres = try edited.contains("genres") && !holds(id, genres: links.genreIDs)
        return (links.keepsCredits ? ["authors"] : []) + (links.keepsGenres ? ["genres"] : [])
    }

    /// Selects the book whose id is the first parameter when its draft's columns hold the other parameters (`IS`:
    /// NULL matches NULL).
    private static let selectSameBook =
        "SELECT id FROM books WHERE id = ?"
        + CatalogTables.books.draftColumns.map { " AND \($0.name) IS ?" }.joined()

    /// Writes the book's credits and genres, a statement for each list. The copies of the book's sort columns are
    /// known here: SQLite need not read the book row for them.
    private func write(_ links: BookLinks, year: Int?, to bookID: Int64, sortKey: String) throws {
        let yearKey = year ?? 10000
        let credited = links.keepsCredits ? [] : links.credited
        try insert(into: CatalogTables.bookAuthors, rows: credited.count) { statement, row, index in
            let (authorID, role) = credited[row]
            try statement.bind(bookID, at: index)
            try statement.bind(authorID, at: index + 1)
            try statement.bind(role.rawValue, at: index + 2)
            try statement.bind(row, at: index + 3)
            try statement.bind(yearKey, at: index + 4)
            try statement.bind(sortKey, at: index + 5)
        }
        let genreIDs = links.keepsGenres ? [] : links.genreIDs
        try insert(into: CatalogTables.bookGenres, rows: genreIDs.count) { statement, row, index in
            try statement.bind(bookID, at: index)
            try statement.bind(genreIDs[row], at: index + 1)
            try statement.bind(row, at: index + 2)
            try statement.bind(sortKey, at: index + 3)
        }
    }

    /// Inserts `count` rows into `table` with one statement; `bind` binds row `row`'s values from parameter `index`.
    private func insert(
        into table: LinkTable, rows count: Int, bind: (Statement, _ row: Int, _ index: Int) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let statement = try db.cachedStatement(table.insert(rows: count))
        statement.reset()
        let width = statement.parameterCount / count
        for row in 0..<count { try bind(statement, row, 1 + row * width) }
        while try statement.step() {}
    }

    // MARK: Bands

    private func write(_ band: BandRecord) throws -> ImportOutcome {
        var values = try BandValues(band.draft)
        for genre in band.genres { try validate(genre) }
        let key =
            band.key
            ?? "band:\(FoldKey.of(band.name))|\(band.country ?? "")|\(band.formedYear.map(String.init) ?? "")"
        let fingerprint = band.fingerprint
        let known = try sources.entry(source: source, key: key)
        if let known {
            try check(known, is: .band, key: key)
            if known.fingerprint == fingerprint, known.importedAt == stamp { return .duplicate }
        }
        let edited = try editedFields(.band, id: known?.entityID, known: known)
        var kept: [String] = []
        if let known, !edited.isEmpty, let current = try LibraryCatalog(db).bands.find(id: known.entityID) {
            let draft: BandDraft
            (draft, kept) = try DraftField.keeping(
                edited, of: current.currentDraft, over: band.draft, fields: DraftField.band,
                values: { try BandValues($0).arguments })
            values = try BandValues(draft)
        }
        if let known, known.fingerprint == fingerprint, skipsIdentical(.band, known) {
            try report(kept, .band, id: known.entityID, key: key)
            return .unchanged
        }
        let genreIDs = try genreIDs(for: band.genres)
        let bandID: Int64
        if let known {
            try db.cachedStatement(CatalogTables.bands.update).execute(values.arguments + [known.entityID])
            let current = try db.cachedStatement(
                "SELECT genre_id FROM band_genres WHERE band_id = ? ORDER BY position"
            ).fetchAll(Int64.self, [known.entityID])
            if edited.contains("genres"), current != genreIDs {
                kept.append("genres")
            } else {
                try db.cachedStatement(CatalogTables.bandGenres.deleteOfOwner).run(known.entityID)
                try CatalogTables.bandGenres.insert(genreIDs, of: known.entityID, in: db)
            }
            bandID = known.entityID
        } else {
            try db.cachedStatement(CatalogTables.bands.insertReturningNothing).execute(
                [band.uuid ?? uuids.next()] + values.arguments)
            bandID = db.lastInsertedRowID
            try CatalogTables.bandGenres.insert(genreIDs, of: bandID, in: db)
        }
        try report(kept, .band, id: bandID, key: key)
        try sources.save(
            source: source, key: key, kind: .band, entityID: bandID, fingerprint: fingerprint, importedAt: stamp,
            editsSeen: editsSeen(known, keeping: kept))
        return known == nil ? .inserted : .updated
    }

    // MARK: Authors

    /// A standalone author record (the native JSON's `authors`, an Open Library authors dump).
    private func write(_ author: AuthorRecord) throws -> ImportOutcome {
        guard let key = author.key else {
            let nameKey = FoldKey.of(try Validation.name(author.name, field: "author name"))
            if try existingAuthor(nameKey: nameKey) != nil { return .unchanged }
            authorsByName[nameKey] = try insert(author)
            return .inserted
        }
        return try upsert(author, key: key).outcome
    }

    /// The author of source key `key` this run wrote or found.
    func knownAuthor(key: String) -> Int64? { authorsByKey[key] ?? placeholderAuthors[key] }

    /// The author a credit names, created when new.
    private func authorID(for author: AuthorRecord) throws -> Int64 {
        if let key = author.key {
            if let id = authorsByKey[key] { return id }
            return try upsert(author, key: key).id
        }
        let nameKey = FoldKey.of(author.name)
        if let id = authorsByName[nameKey] { return id }
        let id = try existingAuthor(nameKey: nameKey) ?? insert(author)
        authorsByName[nameKey] = id
        return id
    }

    /// Creates or updates the author `(source, key)` names. A placeholder name names a new author but never
    /// replaces the name of one imported before.
    private func upsert(_ author: AuthorRecord, key: String) throws -> (id: Int64, outcome: ImportOutcome) {
        let fingerprint = author.fingerprint
        let known = try sources.entry(source: source, key: key)
        var outcome = ImportOutcome.inserted
        let id: Int64
        var kept: [String] = []
        if let known {
            try check(known, is: .author, key: key)
            authorsByKey[key] = known.entityID
            let repeated = known.fingerprint == fingerprint && known.importedAt == stamp
            if author.isPlaceholderName || repeated { return (known.entityID, repeated ? .duplicate : .unchanged) }
            let edited = try editedFields(.author, id: known.entityID, known: known)
            var values = try AuthorValues(author.draft)
            if !edited.isEmpty, let current = try LibraryCatalog(db).authors.find(id: known.entityID) {
                let draft: AuthorDraft
                (draft, kept) = try DraftField.keeping(
                    edited, of: current.currentDraft, over: author.draft, fields: DraftField.author,
                    values: { try AuthorValues($0).arguments })
                values = try AuthorValues(draft)
            }
            if known.fingerprint == fingerprint, skipsIdentical(.author, known) {
                try report(kept, .author, id: known.entityID, key: key)
                return (known.entityID, .unchanged)
            }
            try db.cachedStatement(CatalogTables.authors.update).execute(values.arguments + [known.entityID])
            id = known.entityID
            outcome = .updated
        } else {
            id = try insert(author)
        }
        try report(kept, .author, id: id, key: key)
        try sources.save(
            source: source, key: key, kind: .author, entityID: id, fingerprint: fingerprint, importedAt: stamp,
            editsSeen: editsSeen(known, keeping: kept))
        authorsByKey[key] = id
        return (id, outcome)
    }

    func existingAuthor(nameKey: String) throws -> Int64? {
        try bulk?.willMatchAuthorByName()
        return try lookup("SELECT id FROM authors WHERE name_key = ? ORDER BY id LIMIT 1", nameKey)
    }

    private func insert(_ author: AuthorRecord) throws -> Int64 {
        let values = try AuthorValues(author.draft)
        try db.cachedStatement(CatalogTables.authors.insertReturningNothing).execute(
            [author.uuid ?? uuids.next()] + values.arguments)
        return db.lastInsertedRowID
    }

    // MARK: Genres

    /// A standalone genre record (the native JSON's `genres`): found by name, its parent set as the record says.
    private func write(_ genre: GenreRecord) throws -> ImportOutcome {
        try validate(genre)
        let nameKey = FoldKey.of(genre.name)
        let parentID = try genre.parentName.map { try genreID(for: GenreRecord(name: $0)) }
        guard let existing = try existingGenre(nameKey: nameKey) else {
            genresByName[nameKey] = try insert(genre, parentID: parentID)
            return .inserted
        }
        genresByName[nameKey] = existing.id
        guard let parentID, parentID != existing.parentID else { return .unchanged }
        try db.cachedStatement(
            "UPDATE genres SET parent_id = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?"
        ).run(parentID, existing.id)
        return .updated
    }

    /// The genre a book or band names, created (with its parent) when new.
    private func genreID(for genre: GenreRecord) throws -> Int64 {
        let nameKey = FoldKey.of(genre.name)
        if let id = genresByName[nameKey] { return id }
        let id: Int64
        if let existing = try existingGenre(nameKey: nameKey) {
            id = existing.id
        } else {
            id = try insert(genre, parentID: genre.parentName.map { try genreID(for: GenreRecord(name: $0)) })
        }
        genresByName[nameKey] = id
        return id
    }

    /// The genres a book or band names, each once, in order of first mention.
    private func genreIDs(for genres: [GenreRecord]) throws -> [Int64] {
        var ids: [Int64] = []
        for genre in genres {
            let id = try genreID(for: genre)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private func validate(_ genre: GenreRecord) throws {
        _ = try Validation.name(genre.name, field: "genre name")
        if let parent = genre.parentName { _ = try Validation.name(parent, field: "parent genre name") }
    }

    func existingGenre(nameKey: String) throws -> (id: Int64, parentID: Int64?)? {
        let statement = try db.cachedStatement("SELECT id, parent_id FROM genres WHERE name_key = ?")
        defer { statement.reset() }
        guard try statement.first(nameKey) else { return nil }
        return (try statement.row.value(at: 0), statement.row[1])
    }

    private func insert(_ genre: GenreRecord, parentID: Int64?) throws -> Int64 {
        let name = try Validation.name(genre.name, field: "genre name")
        try db.cachedStatement(CatalogTables.genres.insertReturningNothing).run(
            genre.uuid ?? uuids.next(), name, FoldKey.of(name), parentID)
        return db.lastInsertedRowID
    }

    // MARK: Hand edits

    /// The fields and lists of entity `id` edited by hand since the last import of the record `known` (all its hand
    /// edits when the record is new to it); none when the record's values are to win.
    private func editedFields(_ kind: EntityKind, id: Int64?, known: SourceRecords.Entry?) throws -> Set<String> {
        guard let id, !overwriteEdits else { return [] }
        return try handEdits.fields(kind, id: id, after: known?.editsSeen ?? 0)
    }

    /// Whether a record identical to its last import `known` writes nothing: always, unless its entity was edited by
    /// hand since and the record's values are to win.
    private func skipsIdentical(_ kind: EntityKind, _ known: SourceRecords.Entry) -> Bool {
        !(overwriteEdits && handEdits.hasEdits(kind, id: known.entityID, after: known.editsSeen))
    }

    /// The hand edits a record written now has seen: all of them, unless it kept some, which stay after its mark.
    private func editsSeen(_ known: SourceRecords.Entry?, keeping kept: [String]) -> Int64 {
        kept.isEmpty ? handEdits.newestID : known?.editsSeen ?? 0
    }

    /// Adds the fields `kept` of entity `id` to what the current record kept.
    private func report(_ kept: [String], _ kind: EntityKind, id: Int64, key: String) throws {
        guard !kept.isEmpty,
            let uuid = try db.fetchOne(UUID.self, "SELECT uuid FROM \(kind.table.name) WHERE id = ?", [id])
        else { return }
        keptEdits += kept.map { KeptEdit(kind: kind, uuid: uuid, field: $0, key: key) }
    }

    // MARK: Helpers

    private func check(_ entry: SourceRecords.Entry, is kind: EntityKind, key: String) throws {
        guard entry.kind == kind.rawValue else {
            throw CatalogError.sourceKeyConflict(
                source: source, key: key, existing: EntityKind(rawValue: entry.kind) ?? kind, requested: kind)
        }
    }

    /// The first column of the first row of a one-row lookup, or `nil`.
    func lookup<each Value: DatabaseValueConvertible>(_ sql: String, _ values: repeat each Value) throws
        -> Int64?
    {
        let statement = try db.cachedStatement(sql)
        defer { statement.reset() }
        guard try statement.first(repeat each values) else { return nil }
        return statement.row[0]
    }
}

// Holds one connection's statements and the maps of one run.
@available(*, unavailable)
extension ImportWriter: Sendable {}
