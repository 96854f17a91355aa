package import Catalog
package import Foundation

/// The JSON shapes of catalog entities that the `catalog` command and the HTTP API answer with (documented in docs/cli.md and docs/http.md).
package enum CatalogJSON {
    package static func book(_ book: Book) -> JSONValue {
        [
            "uuid": .uuid(book.uuid), "title": .string(book.title), "sortTitle": .string(book.sortTitle),
            "year": .int(book.year), "language": .string(book.language),
        ]
    }

    package static func author(_ author: Author) -> JSONValue {
        [
            "uuid": .uuid(author.uuid), "name": .string(author.name), "sortName": .string(author.sortName),
            "disambiguation": .string(author.disambiguation),
        ]
    }

    package static func credit(_ credit: Credit) -> JSONValue {
        author(credit.author).merging(["role": .string(credit.role.rawValue), "position": .int(credit.position)])
    }

    package static func genre(_ genre: Genre) -> JSONValue {
        ["uuid": .uuid(genre.uuid), "name": .string(genre.name)]
    }

    package static func band(_ band: Band) -> JSONValue {
        [
            "uuid": .uuid(band.uuid), "name": .string(band.name), "sortName": .string(band.sortName),
            "country": .string(band.country), "formedYear": .int(band.formedYear), "endedYear": .int(band.endedYear),
            "status": .string(band.status?.rawValue), "disambiguation": .string(band.disambiguation),
        ]
    }

    package static func summary(_ summary: EntitySummary) -> JSONValue {
        [
            "kind": .string(summary.kind.rawValue), "uuid": .uuid(summary.uuid),
            summary.kind == .book ? "title" : "name": .string(summary.name),
        ]
    }

    package static func timestamps(created: Date, updated: Date) -> [String: JSONValue] {
        ["createdAt": .date(created), "updatedAt": .date(updated)]
    }
}
