public import Foundation
import SQLiteDB

extension CatalogEditor {
    /// The fields an edit of `kind` may name, in the order a form lists them: `title`, `sortTitle`, … for a book.
    public static func fieldNames(of kind: EntityKind) -> [String] {
        FieldPatch.keys(of: kind)
    }

    /// The entry's editable fields as an edit writes them (text; a genre's `parent` as its uuid), an empty field
    /// `nil`, with the revision they were read at: what a form loads, and passes back as `ifRevision` on save.
    ///
    /// - Parameters:
    ///   - kind: the entry's kind.
    ///   - uuid: the entry.
    /// - Returns: each name of ``fieldNames(of:)`` with its value, and the entry's revision.
    /// - Throws: ``CatalogError/notFound(_:uuid:)`` when there is no such entry; `DatabaseError`.
    public func fields(of kind: EntityKind, uuid: UUID) throws -> (fields: [String: String?], revision: Int64) {
        try db.transaction {
            guard let payload = try EntityPayload.read(kind.table, uuid: uuid.lowercased, in: db) else {
                throw CatalogError.notFound(kind, uuid: uuid)
            }
            let fields = Dictionary(
                uniqueKeysWithValues: Self.fieldNames(of: kind).map { ($0, payload[$0].flatMap(Self.text)) })
            return (fields, try revision(of: kind, uuid: uuid))
        }
    }
}
