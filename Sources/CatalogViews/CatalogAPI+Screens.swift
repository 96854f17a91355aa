package import Catalog
package import Foundation
package import LibraryNavigation
import Navigation

extension CatalogAPI {
    /// The path of `list` in the HTTP API: `/v1/books`, `/v1/bands?genre=UUID`, `/v1/search?q=TEXT`; `nil` for a
    /// list the API has no path for (a book's genres, which its detail holds whole).
    package static func path(of list: ScreenList) -> String? {
        switch list {
        case .all(let kind):
            return "/v1/\(kind.rawValue)s"
        case .linked(let kind, let scope, let uuid):
            guard let filter = ListFilter(name: scope.rawValue, uuid: uuid), filter.applies(to: kind) else {
                return nil
            }
            return "/v1/\(kind.rawValue)s?\(filter.name)=\(uuid.uuidString.lowercased())"
        case .search(let text):
            return "/v1/search?q=" + (text.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? "")
        }
    }

    /// The path of the `kind` entity `uuid` in the HTTP API: `/v1/books/UUID`.
    package static func path(of kind: EntityKind, uuid: UUID) -> String {
        "/v1/\(kind.rawValue)s/\(uuid.uuidString.lowercased())"
    }

    /// A list a column shows: `{"kind", "path", "paged"}`, the kind it lists (`null` for a search, whose hits say
    /// theirs), its API path, and whether it pages with `after` (a search does not: ask for the hits wanted with
    /// `limit`).
    package static func json(of list: ScreenList) -> JSONValue {
        let paged: Bool = if case .search = list { false } else { true }
        return ["kind": .string(list.kind?.rawValue), "path": .string(path(of: list)), "paged": .bool(paged)]
    }

    /// The lists the content column shows under `sidebar`, as ``json(of:)`` writes them: none without a sidebar
    /// route or for a two-column one.
    package static func contentLists(of sidebar: LibraryRoute?) -> JSONValue {
        .array((sidebar.flatMap(LibraryScreens.contentLists(of:)) ?? []).map(json(of:)))
    }

    /// What the catalog's navigation offers, as `GET /v1/navigation` answers it: `{"sections": [{"route", "title",
    /// "layout"}], "searchRoute", "intents": [{"name", "abstract", "argument", "values"}]}`: the sidebar's sections in
    /// order, what a search's route starts with (the searched text follows), and every intent `POST …/intents` takes,
    /// in the order `catalog nav --help` lists them, with what its argument is (`route`, `visibility`,
    /// `compactColumn`, `url`, `stackCount`, or `null` for none) and, for an argument of fixed values, those values.
    package static func navigation() -> JSONValue {
        [
            "searchRoute": .string(LibraryRoute.search("").path),
            "sections": .array(
                LibraryScreens.sections.map { section in
                    [
                        "route": .string(section.path), "title": .string(section.displayName),
                        "layout": .int(section.layout.columnCount),
                    ]
                }),
            "intents": .array(
                NamedIntent.all.map { intent in
                    [
                        "name": .string(intent.name), "abstract": .string(intent.abstract),
                        "argument": .string(intent.argument.map(name(of:))),
                        "values": intent.argument.flatMap(values(of:)).map { .array($0.map(JSONValue.string)) }
                            ?? .null,
                    ]
                }),
        ]
    }

    /// Characters a query value keeps as they are: RFC 3986's unreserved ones.
    private static let queryValueCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func name(of argument: NamedIntent.ArgumentKind) -> String {
        switch argument {
        case .route: "route"
        case .visibility: "visibility"
        case .compactColumn: "compactColumn"
        case .url: "url"
        case .stackCount: "stackCount"
        }
    }

    private static func values(of argument: NamedIntent.ArgumentKind) -> [String]? {
        switch argument {
        case .visibility: ColumnVisibility.allCases.map(\.rawValue)
        case .compactColumn: CompactColumn.allCases.map(\.rawValue)
        case .route, .url, .stackCount: nil
        }
    }
}
