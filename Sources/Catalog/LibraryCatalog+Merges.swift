public import Foundation
import SQLiteDB

extension LibraryCatalog {
    /// The entry that the entry of `kind` with `uuid` was merged into, or `nil` when it was never merged (it exists,
    /// was deleted, or was never here). A merge of the survivor in turn repoints the record, so one lookup suffices;
    /// older files are followed a few steps.
    ///
    /// - Throws: `DatabaseError` when the query fails.
    public func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID? {
        var current = uuid.uuidString.lowercased()
        var survivor: UUID?
        // A chain longer than a handful means a cycle written by hand; the last step found is as good as any.
        for _ in 0..<8 {
            guard
                let next = try db.fetchOne(
                    String.self, "SELECT merged_into FROM entity_merges WHERE entity_kind = ? AND uuid = ?",
                    [kind.rawValue, current])
            else { break }
            current = next
            survivor = UUID(uuidString: next)
        }
        return survivor
    }
}
