import Catalog
import SQLiteDB

/// Writes one batch of changes into a client database, inside the caller's transaction.
///
/// Order: deletes; entity columns (genres, authors, bands, books); links (credits, genres, genre parents);
/// then the servers' `updated_at`, which 0001's touch triggers may have replaced on the way. A link to an
/// entity the client does not have yet is left out: that entity's insert comes later in the feed, followed by
/// a change of the link's owner, which brings the link.
struct ChangeApplier {
    let db: Database
    let source: any ChangeSource

    func apply(_ changes: [Change]) throws {
        // Every payload is the entity's state when the feed was read: the last change of an entity decides.
        var order: [String] = []
        var latest: [String: Change] = [:]
        for change in changes {
            let key = change.kind.rawValue + ":" + change.uuid
            if latest.updateValue(change, forKey: key) == nil { order.append(key) }
        }
        let finals = order.compactMap { latest[$0] }
        for change in finals where change.entity == nil {
            try delete(change.kind, uuid: change.uuid)
        }
        let upserts = finals.compactMap(\.entity)
        let incoming = Set(upserts.map { $0.kind.rawValue + ":" + $0.uuid })
        for kind in [EntityKind.genre, .author, .band, .book] {
            for payload in upserts where payload.kind == kind {
                try writeColumns(of: payload, incoming: incoming)
            }
        }
        for payload in upserts {
            try writeLinks(of: payload)
        }
        for payload in upserts {
            try db.execute(
                "UPDATE \(Self.tables[payload.kind] ?? "") SET updated_at = ? WHERE uuid = ? AND updated_at IS NOT ?",
                [payload.updatedAt, payload.uuid, payload.updatedAt])
        }
    }

    // MARK: Entities

    private func delete(_ kind: EntityKind, uuid: String) throws {
        try db.execute("DELETE FROM \(Self.tables[kind] ?? "") WHERE uuid = ?", [uuid])
    }

    private func writeColumns(of payload: EntityPayload, incoming: Set<String>) throws {
        switch payload {
        case .genre(let genre):
            try settleCollision(
                .genre, uuid: genre.uuid, holderSQL: "SELECT uuid FROM genres WHERE name_key = ? AND uuid <> ?",
                key: genre.nameKey, incoming: incoming)
            try db.execute(
                Self.upsertGenre, [genre.uuid, genre.name, genre.nameKey, genre.createdAt, genre.updatedAt])
        case .author(let author):
            try db.execute(
                Self.upsertAuthor,
                [
                    author.uuid, author.name, author.sortName, author.nameKey, author.sortKey, author.disambiguation,
                    author.createdAt, author.updatedAt,
                ])
        case .band(let band):
            try db.execute(
                Self.upsertBand,
                [
                    band.uuid, band.name, band.sortName, band.nameKey, band.sortKey, band.country, band.formedYear,
                    band.endedYear, band.status, band.disambiguation, band.createdAt, band.updatedAt,
                ])
        case .book(let book):
            if let isbn13 = book.isbn13 {
                try settleCollision(
                    .book, uuid: book.uuid, holderSQL: "SELECT uuid FROM books WHERE isbn13 = ? AND uuid <> ?",
                    key: isbn13, incoming: incoming)
            }
            try db.execute(
                Self.upsertBook,
                [
                    book.uuid, book.title, book.sortTitle, book.sortKey, book.isbn13, book.year, book.pages,
                    book.language, book.summary, book.createdAt, book.updatedAt,
                ])
        }
    }

    /// Frees a unique key (a genre's folded name, a book's ISBN) that a local row holds when the server says
    /// that row no longer has it: it is in this batch, deleted, or changed later in the feed.
    private func settleCollision(
        _ kind: EntityKind, uuid: String, holderSQL: String, key: String, incoming: Set<String>
    ) throws {
        guard let holder = try db.fetchOne(String.self, holderSQL, [key, uuid]) else { return }
        if !incoming.contains(kind.rawValue + ":" + holder) {
            switch try source.lookup(kind, uuid: holder) {
            case .deleted:
                return try delete(kind, uuid: holder)
            case .current(let payload) where Self.uniqueKey(of: payload) != key:
                break
            case .current, .unknown:
                throw SyncError.conflict(
                    kind: kind, uuid: uuid, with: holder,
                    reason: kind == .book ? "both have ISBN \(key)" : "both are named '\(key)' once folded")
            }
        }
        // The holder's own change, in this batch or a later one, sets its key again.
        switch kind {
        case .genre: try db.execute("UPDATE genres SET name_key = '~sync ' || uuid WHERE uuid = ?", [holder])
        default: try db.execute("UPDATE books SET isbn13 = NULL WHERE uuid = ?", [holder])
        }
    }

    private static func uniqueKey(of payload: EntityPayload) -> String? {
        switch payload {
        case .genre(let genre): genre.nameKey
        case .book(let book): book.isbn13
        case .author, .band: nil
        }
    }

    // MARK: Links

    private func writeLinks(of payload: EntityPayload) throws {
        switch payload {
        case .author:
            return
        case .genre(let genre):
            try db.execute(
                """
                UPDATE genres SET parent_id = (SELECT id FROM genres WHERE uuid = ?2)
                WHERE uuid = ?1 AND parent_id IS NOT (SELECT id FROM genres WHERE uuid = ?2)
                """,
                [genre.uuid, genre.parent])
        case .book(let book):
            guard let bookID = try id(of: .book, uuid: book.uuid) else { return }
            let credits = try book.authors.filter { try id(of: .author, uuid: $0.author) != nil }
            if try db.fetchAll(CreditLink.self, ChangeFeed.selectCredits, [book.uuid]) != credits {
                try db.execute("DELETE FROM book_authors WHERE book_id = ?", [bookID])
                for credit in credits {
                    try db.execute(
                        CatalogTables.bookAuthors.insertFromOwner,
                        [bookID, try id(of: .author, uuid: credit.author), credit.role, credit.position, bookID])
                }
            }
            try replaceGenres(
                book.genres, owner: bookID, uuid: book.uuid, current: ChangeFeed.selectBookGenres,
                delete: "DELETE FROM book_genres WHERE book_id = ?", insert: CatalogTables.bookGenres.insertFromOwner)
        case .band(let band):
            guard let bandID = try id(of: .band, uuid: band.uuid) else { return }
            try replaceGenres(
                band.genres, owner: bandID, uuid: band.uuid, current: ChangeFeed.selectBandGenres,
                delete: "DELETE FROM band_genres WHERE band_id = ?", insert: CatalogTables.bandGenres.insertFromOwner)
        }
    }

    private func replaceGenres(
        _ links: [GenreLink], owner: Int64, uuid: String, current: String, delete: String, insert: String
    ) throws {
        let wanted = try links.filter { try id(of: .genre, uuid: $0.genre) != nil }
        guard try db.fetchAll(GenreLink.self, current, [uuid]) != wanted else { return }
        try db.execute(delete, [owner])
        for link in wanted {
            try db.execute(insert, [owner, try id(of: .genre, uuid: link.genre), link.position, owner])
        }
    }

    private func id(of kind: EntityKind, uuid: String) throws -> Int64? {
        try db.fetchOne(Int64.self, "SELECT id FROM \(Self.tables[kind] ?? "") WHERE uuid = ?", [uuid])
    }

    // MARK: SQL

    static let tables: [EntityKind: String] = [.book: "books", .author: "authors", .genre: "genres", .band: "bands"]

    /// An INSERT of `columns` (uuid first) that updates the row with the same uuid instead, and leaves a row
    /// that already holds these values untouched (no write, no change logged).
    static func upsert(_ table: String, _ columns: [String]) -> String {
        let assigned = columns.dropFirst()
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", ")))
            VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT (uuid) DO UPDATE SET \(assigned.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE \(assigned.map { "\(table).\($0) IS NOT excluded.\($0)" }.joined(separator: " OR "))
            """
    }

    static let upsertGenre = upsert("genres", ["uuid", "name", "name_key", "created_at", "updated_at"])
    static let upsertAuthor = upsert(
        "authors",
        ["uuid", "name", "sort_name", "name_key", "sort_key", "disambiguation", "created_at", "updated_at"])
    static let upsertBand = upsert(
        "bands",
        [
            "uuid", "name", "sort_name", "name_key", "sort_key", "country", "formed_year", "ended_year", "status",
            "disambiguation", "created_at", "updated_at",
        ])
    static let upsertBook = upsert(
        "books",
        [
            "uuid", "title", "sort_title", "sort_key", "isbn13", "year", "pages", "language", "summary",
            "created_at", "updated_at",
        ])
}
