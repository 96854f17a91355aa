package import Catalog
package import Foundation
import LibraryNavigation

/// A PostgreSQL catalog read by the terminal browser answers its routes' names and links on the same connection.
extension PostgreSQLCatalogReader: CatalogLookup {
    package func name(of kind: EntityKind, uuid: UUID) throws -> String? {
        try PostgreSQLCatalogLookup(connection).name(of: kind, uuid: uuid)
    }

    package func contains(_ link: EntityLink) throws -> Bool {
        try PostgreSQLCatalogLookup(connection).contains(link)
    }

    package func isSearchHit(_ kind: EntityKind, _ uuid: UUID, for text: String) throws -> Bool {
        try PostgreSQLCatalogLookup(connection).isSearchHit(kind, uuid, for: text)
    }

    package func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID? {
        try PostgreSQLCatalogLookup(connection).survivor(of: kind, uuid: uuid)
    }

    package func formerName(of kind: EntityKind, uuid: UUID) throws -> String? {
        try PostgreSQLCatalogLookup(connection).formerName(of: kind, uuid: uuid)
    }
}
