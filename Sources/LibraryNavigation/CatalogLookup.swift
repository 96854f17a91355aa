public import Catalog
package import Foundation
package import Navigation

/// What the routes of a scene need to know of the catalog they browse, as one backend answers it: whether an entity
/// exists, what it is called, whether two are linked, whether a search lists one. `LibraryCatalog` answers on SQLite,
/// the `PostgreSQLCatalog` module on PostgreSQL; the rules over the answers (``CatalogRouteValidator``, the titles the
/// command line prints) are written once.
package protocol CatalogLookup {
    /// The title of the book, or the name of the author, genre or band, with `uuid`; `nil` when there is none.
    func name(of kind: EntityKind, uuid: UUID) throws -> String?

    /// Whether the catalog records ``EntityLink`` `link`.
    func contains(_ link: EntityLink) throws -> Bool

    /// Whether the entity is listed by a search for `text`.
    func isSearchHit(_ kind: EntityKind, _ uuid: UUID, for text: String) throws -> Bool

    /// The entity the one with `uuid` was merged into (following later merges), or `nil` when it was not merged.
    func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID?

    /// What the entity with `uuid` was called when it was merged away, or `nil` when no merge of it is recorded.
    func formerName(of kind: EntityKind, uuid: UUID) throws -> String?
}

extension CatalogLookup {
    /// What the user sees for `route`: the entity's title or name, or the section's name.
    ///
    /// - Returns: e.g. "The Hobbit", "J. R. R. Tolkien", "Books"; for an entity that no longer exists, its kind and
    ///   "(deleted)".
    package func title(of route: LibraryRoute) throws -> String {
        guard let entity = route.entity else { return route.displayName }
        return try name(of: entity.kind, uuid: entity.uuid) ?? "\(route.displayName) (deleted)"
    }

    /// Whether `route` names something that exists: a section always does.
    package func exists(_ route: LibraryRoute) throws -> Bool {
        guard let entity = route.entity else { return true }
        return try name(of: entity.kind, uuid: entity.uuid) != nil
    }

    /// The route of the entity `route`'s was merged into, or `nil` (a section, or an entity never merged).
    package func successor(of route: LibraryRoute) throws -> LibraryRoute? {
        guard let entity = route.entity else { return nil }
        return try survivor(of: entity.kind, uuid: entity.uuid).map { LibraryRoute(kind: entity.kind, uuid: $0) }
    }

    /// A repair in words, e.g. "content selection Twain, Mark was merged into Mark Twain [author/… → author/…]" for a
    /// route sent on to the entry its own was merged into (by the names the entries had), else as the repair says.
    package func sentence(for repair: Repair) throws -> String {
        guard let survivor = repair.mergedInto.flatMap(LibraryRoute.init(path:)),
            let merged = repair.storedValue.flatMap(LibraryRoute.init(path:)), let entity = merged.entity
        else { return "\(repair)" }
        let name = try formerName(of: entity.kind, uuid: entity.uuid) ?? merged.path
        return
            "\(repair.element) \(name) was merged into \(try title(of: survivor)) [\(merged.path) → \(survivor.path)]"
    }

    /// Whether `route` names something that exists, or the entity its entity was merged into (and whether that one
    /// exists).
    package func standing(of route: LibraryRoute) throws -> RouteStanding<LibraryRoute> {
        guard let entity = route.entity else { return .exists }
        if try name(of: entity.kind, uuid: entity.uuid) != nil { return .exists }
        guard let survivor = try survivor(of: entity.kind, uuid: entity.uuid) else { return .missing }
        return .merged(
            into: LibraryRoute(kind: entity.kind, uuid: survivor),
            survivorExists: try name(of: entity.kind, uuid: survivor) != nil)
    }

    /// Whether `origin`'s list or detail shows `route`: a section lists every entity of its kind, a search its
    /// hits; a detail links what ``LibraryRoute`` says it shows when the catalog's link tables link the two.
    package func isLinked(_ route: LibraryRoute, from origin: LibraryRoute) throws -> Bool {
        guard let entity = route.entity else { return true }
        if case .search(let text) = origin {
            return try isSearchHit(entity.kind, entity.uuid, for: text)
        }
        guard let source = origin.entity else { return true }
        return try EntityLink(source.kind, source.uuid, entity.kind, entity.uuid).map(contains) ?? false
    }
}

extension LibraryCatalog: CatalogLookup {
    package func formerName(of kind: EntityKind, uuid: UUID) throws -> String? {
        try EntityMerges.formerName(of: kind, uuid: uuid, on: db)
    }

    package func name(of kind: EntityKind, uuid: UUID) throws -> String? {
        try summary(of: kind, uuid: uuid)?.name
    }
}

/// What the terminal browser's columns read of a catalog, on any database: its lists and entities
/// (``CatalogReader``) and the names its routes show (``CatalogLookup``).
package typealias BrowsableCatalog = CatalogLookup & CatalogReader
