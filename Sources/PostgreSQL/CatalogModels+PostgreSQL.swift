import Catalog
import Foundation
import PostgreSQLDB

// The catalog's models read from a PostgreSQL row of the same SELECT that SQLite's `init(row:)` reads: the columns
// of the table's description, at the positions it gives them, as PostgreSQL prints them in text.

extension PostgreSQLRow {
    /// Column `index` as a time the catalog stored (ISO 8601 text).
    ///
    /// - Throws: `PostgreSQLError` when it is NULL or not a time.
    fileprivate func time(at index: Int) throws -> Date {
        try value(at: index, as: StoredTime.self).date
    }
}

extension Book {
    /// Reads a row of the books table's model columns, by index.
    init(row: PostgreSQLRow) throws {
        let at = bookPositions
        self.init(
            id: try row.value(at: at.id), uuid: try row.value(at: at.uuid), title: try row.value(at: at.title),
            sortTitle: try row.value(at: at.sortTitle), isbn13: row[at.isbn13], year: row[at.year],
            pages: row[at.pages], language: row[at.language], summary: row[at.summary],
            createdAt: try row.time(at: at.createdAt), updatedAt: try row.time(at: at.updatedAt))
    }
}

extension Author {
    /// Reads a row of the authors table's model columns, by index.
    init(row: PostgreSQLRow) throws {
        let at = authorPositions
        self.init(
            id: try row.value(at: at.id), uuid: try row.value(at: at.uuid), name: try row.value(at: at.name),
            sortName: try row.value(at: at.sortName), disambiguation: row[at.disambiguation],
            createdAt: try row.time(at: at.createdAt), updatedAt: try row.time(at: at.updatedAt))
    }
}

extension Credit {
    /// Reads an author's columns, then the credit's role and position.
    init(row: PostgreSQLRow) throws {
        let count = CatalogTables.authors.modelColumns.count
        self.init(
            author: try Author(row: row), role: ContributorRole(rawValue: try row.value(at: count)),
            position: try row.value(at: count + 1))
    }
}

extension Genre {
    /// Reads a row of the genres table's model columns, by index.
    init(row: PostgreSQLRow) throws {
        let at = genrePositions
        self.init(
            id: try row.value(at: at.id), uuid: try row.value(at: at.uuid), name: try row.value(at: at.name),
            parentID: row[at.parentID], createdAt: try row.time(at: at.createdAt),
            updatedAt: try row.time(at: at.updatedAt))
    }
}

extension Band {
    /// Reads a row of the bands table's model columns, by index.
    init(row: PostgreSQLRow) throws {
        let at = bandPositions
        self.init(
            id: try row.value(at: at.id), uuid: try row.value(at: at.uuid), name: try row.value(at: at.name),
            sortName: try row.value(at: at.sortName), country: row[at.country], formedYear: row[at.formedYear],
            endedYear: row[at.endedYear], status: (row[at.status] as String?).flatMap(Status.init(rawValue:)),
            disambiguation: row[at.disambiguation], createdAt: try row.time(at: at.createdAt),
            updatedAt: try row.time(at: at.updatedAt))
    }
}

extension EntitySummary {
    /// Reads `kind code, id, uuid, name` (0 book … 3 band), as a search answers.
    init(row: PostgreSQLRow) throws {
        let code: Int64 = try row.value(at: 0)
        guard let kind = EntityKind(searchCode: code) else {
            throw PostgreSQLError(kind: .decoding, message: "\(code) is not an entity kind's code")
        }
        self.init(kind: kind, id: try row.value(at: 1), uuid: try row.value(at: 2), name: try row.value(at: 3))
    }
}

// Where each column is, looked up in the tables' descriptions once.

private let bookPositions = {
    let table = CatalogTables.books
    return (
        id: table.position(of: "id"), uuid: table.position(of: "uuid"), title: table.position(of: "title"),
        sortTitle: table.position(of: "sort_title"), isbn13: table.position(of: "isbn13"),
        year: table.position(of: "year"), pages: table.position(of: "pages"), language: table.position(of: "language"),
        summary: table.position(of: "summary"), createdAt: table.position(of: "created_at"),
        updatedAt: table.position(of: "updated_at")
    )
}()

private let authorPositions = {
    let table = CatalogTables.authors
    return (
        id: table.position(of: "id"), uuid: table.position(of: "uuid"), name: table.position(of: "name"),
        sortName: table.position(of: "sort_name"), disambiguation: table.position(of: "disambiguation"),
        createdAt: table.position(of: "created_at"), updatedAt: table.position(of: "updated_at")
    )
}()

private let genrePositions = {
    let table = CatalogTables.genres
    return (
        id: table.position(of: "id"), uuid: table.position(of: "uuid"), name: table.position(of: "name"),
        parentID: table.position(of: "parent_id"), createdAt: table.position(of: "created_at"),
        updatedAt: table.position(of: "updated_at")
    )
}()

private let bandPositions = {
    let table = CatalogTables.bands
    return (
        id: table.position(of: "id"), uuid: table.position(of: "uuid"), name: table.position(of: "name"),
        sortName: table.position(of: "sort_name"), country: table.position(of: "country"),
        formedYear: table.position(of: "formed_year"), endedYear: table.position(of: "ended_year"),
        status: table.position(of: "status"), disambiguation: table.position(of: "disambiguation"),
        createdAt: table.position(of: "created_at"), updatedAt: table.position(of: "updated_at")
    )
}()
