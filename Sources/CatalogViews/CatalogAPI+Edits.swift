package import Catalog
package import Foundation
import LibraryNavigation

extension CatalogAPI {
    /// One entity as ``show(_:uuid:in:)`` answers it, with its revision (its ETag), both read in one transaction, so
    /// the revision is that of the state the JSON shows.
    ///
    /// - Throws: `CatalogError.notFound` when there is no such entity.
    package static func revisedEntity(_ kind: EntityKind, uuid: UUID, in catalog: any CatalogReader) throws
        -> (json: JSONValue, revision: Int64)
    {
        try catalog.reading {
            (try EntityDetail.load(kind, uuid: uuid, in: catalog).json, try catalog.revision(of: kind, uuid: uuid))
        }
    }

    /// The uuids each list of the entity holds now, by the list's key, whole and in order (a detail shows the first
    /// ``EntityDetail/relatedLimit`` of a list; an edit replacing the list removes every entry): a book's `authors`
    /// (a credited author once for all its roles) and `genres`, a band's `genres`; none for an author or a genre.
    /// Call it inside one read transaction.
    ///
    /// - Throws: `CatalogError.notFound` when there is no such entity.
    package static func lists(of kind: EntityKind, uuid: UUID, in catalog: any CatalogReader) throws
        -> [String: [UUID]]
    {
        switch kind {
        case .book:
            let book = try catalog.existing(.book, uuid, catalog.book)
            let credits = try everyPage { try catalog.page(.credits(ofBook: book.id), after: $0, limit: $1) }
            return ["authors": credits.map(\.author.uuid), "genres": try catalog.genres(ofBook: book.id).map(\.uuid)]
        case .band:
            let band = try catalog.existing(.band, uuid, catalog.band)
            return [
                "genres": try everyPage { try catalog.page(.genres(ofBand: band.id), after: $0, limit: $1) }.map(\.uuid)
            ]
        case .author:
            _ = try catalog.existing(.author, uuid, catalog.author)
            return [:]
        case .genre:
            _ = try catalog.existing(.genre, uuid, catalog.genre)
            return [:]
        }
    }

    /// Every item of a list, read a page of ``Page/maximumLimit`` at a time.
    private static func everyPage<Item>(_ page: (PageCursor?, Int) throws -> Page<Item>) throws -> [Item] {
        var items: [Item] = []
        var cursor: PageCursor?
        repeat {
            let next = try page(cursor, Page<Item>.maximumLimit)
            items += next.items
            cursor = next.next
        } while cursor != nil
        return items
    }

    /// What an edit did: `{"action", "kind", "uuid", "merged", "revision", "history"}` (`merged` only for a merge),
    /// as `catalog add|edit|delete|merge|undo --json` prints it.
    package static func editResult(_ result: EditResult) -> String {
        var json: [String: JSONValue] = [
            "action": .string(result.action.rawValue), "kind": .string(result.kind.rawValue),
            "uuid": .uuid(result.uuid), "revision": .int(Int(result.revision)), "history": .int(Int(result.historyID)),
        ]
        json["merged"] = result.merged.map(JSONValue.uuid)
        return JSONText.encode(.object(json))
    }

    /// An entry's history, oldest first: `[{"id", "action", "kind", "uuid", "merged", "actor", "at", "changes":
    /// [{"field", "before", "after"}], "undone"}]`, as `catalog history --json` prints it and `GET …/history`
    /// answers it.
    package static func history(_ records: [EditRecord]) -> String {
        JSONText.encode(.array(records.map(historyEntry)))
    }

    private static func historyEntry(_ record: EditRecord) -> JSONValue {
        var json: [String: JSONValue] = [
            "id": .int(Int(record.id)), "action": .string(record.action.rawValue),
            "kind": .string(record.kind.rawValue),
            "uuid": .uuid(record.uuid), "actor": .string(record.actor), "at": .string(record.editedAt),
            "undone": .bool(record.undone),
            "changes": .array(
                record.changes.map { change in
                    var json: [String: JSONValue] = ["field": .string(change.field)]
                    json["before"] = change.before.map(JSONValue.string)
                    json["after"] = change.after.map(JSONValue.string)
                    return .object(json)
                }),
        ]
        json["merged"] = record.merged.map(JSONValue.uuid)
        return .object(json)
    }
}

extension CatalogAPI {
    /// What an edit of each kind takes, for a client that draws its own forms (the web page):
    /// `{"searchPath", "kinds": [{"kind", "title", "path", "fields": [{"key", "label", "long", "values"}], "lists":
    /// [{"key", "heading", "kind", "roles"}]}]}`: where to search for a list's entries; for each kind the path a
    /// `POST` adds one to, the fields a `POST` or `PATCH` names, in the order a form shows them (`long` for a summary,
    /// `values` for a field with fixed ones), and the lists it gives whole, each listing entries of `kind`, with the
    /// roles a credit takes (`null` for a list without roles, whose entries are names or uuids).
    package static func editing() -> JSONValue {
        ["searchPath": "/v1/search", "kinds": .array(EntityKind.allCases.map(editing(of:)))]
    }

    private static func field(_ key: String, _ label: String, values: [String]? = nil) -> JSONValue {
        [
            "key": .string(key), "label": .string(label), "long": .bool(key == "summary"),
            "values": values.map { .array($0.map(JSONValue.string)) } ?? .null,
        ]
    }

    private static func editing(of kind: EntityKind) -> JSONValue {
        let genres: JSONValue = ["key": "genres", "heading": "Genres", "kind": "genre", "roles": .null]
        let fields: [JSONValue]
        var lists: [JSONValue] = []
        switch kind {
        case .book:
            fields = [
                field("title", "Title"), field("sortTitle", "Sort title"), field("isbn13", "ISBN"),
                field("year", "Year"), field("pages", "Pages"), field("language", "Language"),
                field("summary", "Summary"),
            ]
            let roles: [ContributorRole] = [.author, .translator, .illustrator, .editor, .contributor]
            lists = [
                [
                    "key": "authors", "heading": "Authors", "kind": "author",
                    "roles": .array(roles.map { .string($0.rawValue) }),
                ],
                genres,
            ]
        case .author:
            fields = [field("name", "Name"), field("sortName", "Sort name"), field("disambiguation", "Note")]
        case .genre:
            fields = [field("name", "Name"), field("parent", "Part of")]
        case .band:
            fields = [
                field("name", "Name"), field("sortName", "Sort name"), field("country", "Country"),
                field("formedYear", "Formed"), field("endedYear", "Ended"),
                field("status", "Status", values: Band.Status.allCases.map(\.rawValue)),
                field("disambiguation", "Note"),
            ]
            lists = [genres]
        }
        return [
            "kind": .string(kind.rawValue), "title": .string(kind.rawValue.capitalized),
            "path": .string(path(of: .all(kind))), "fields": .array(fields), "lists": .array(lists),
        ]
    }
}
