public import Catalog
public import Foundation

/// Why the browser refused an intent before applying it.
public enum BrowserError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The intent names an entity the catalog does not have.
    case notFound(kind: EntityKind, uuid: UUID)

    public var description: String {
        switch self {
        case .notFound(let kind, let uuid):
            "no \(kind.rawValue) with uuid \(uuid.uuidString.lowercased()); find one with 'catalog list \(kind.rawValue)s'"
        }
    }
}
