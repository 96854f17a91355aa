public import Catalog
public import Foundation

/// A catalog list that a column of the split view shows: every entity of a kind (a section), the entities linked to
/// one entity (a sidebar genre's bands, an author's books), or a search's hits.
///
/// The terminal browser reads it page by page (``ColumnList``); the HTTP API names it by a path, which the scene's
/// and the detail's JSON carry, so the web page reads the same lists.
public enum ScreenList: Sendable, Hashable {
    /// Every entity of the kind, in its list's order: a section.
    case all(EntityKind)
    /// The entities of the first kind linked to the entity of the second kind with the uuid: `.linked(.band, to:
    /// .genre, rock)` lists Rock's bands.
    case linked(EntityKind, to: EntityKind, UUID)
    /// The hits of a search for the text, of any kind, best first.
    case search(String)

    /// The kind of entity listed, or `nil` for a search, which lists any kind.
    public var kind: EntityKind? {
        switch self {
        case .all(let kind), .linked(let kind, _, _): kind
        case .search: nil
        }
    }

    /// The entity the list is scoped to, or `nil` for a section or a search.
    public var scope: (kind: EntityKind, uuid: UUID)? {
        guard case .linked(_, let kind, let uuid) = self else { return nil }
        return (kind, uuid)
    }
}
