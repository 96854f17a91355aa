public import SQLiteDB

/// A model of one of the catalog's entity tables (``Book``, ``Author``, ``Genre``, ``Band``): what
/// ``EntityRepository`` needs to find, count and delete its rows.
public protocol CatalogEntity: RowDecodable, Sendable {
    /// The kind of entity, whose table holds the rows.
    static var kind: EntityKind { get }
}

extension Book: CatalogEntity {
    public static var kind: EntityKind { .book }
}

extension Author: CatalogEntity {
    public static var kind: EntityKind { .author }
}

extension Genre: CatalogEntity {
    public static var kind: EntityKind { .genre }
}

extension Band: CatalogEntity {
    public static var kind: EntityKind { .band }
}
