public import Catalog
public import Foundation

/// A field or list of an entity edited by hand since the last import of its record, which an import left as it was
/// instead of taking the record's value (see ``ImportOptions/overwriteEdits``).
public struct KeptEdit: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The kind of the entity.
    public var kind: EntityKind
    /// The entity.
    public var uuid: UUID
    /// The field (`title`) or list (`authors`, `genres`) kept, as `CatalogEditor` names it.
    public var field: String
    /// The record's key in its source.
    public var key: String

    /// "book 7f1c…: title (record emma)".
    public var description: String {
        "\(kind.rawValue) \(uuid.uuidString.lowercased()): \(field) (record \(key))"
    }
}
