public import Foundation
import SQLiteDB

extension LibraryCatalog {
    /// The entry that the entry of `kind` with `uuid` was merged into, or `nil` when it was never merged (it exists,
    /// was deleted, or was never here). A merge of the survivor in turn repoints the record, so one lookup suffices;
    /// older files are followed a few steps.
    ///
    /// - Throws: `DatabaseError` when the query fails.
    public func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID? {
        try EntityMerges.survivor(of: kind, uuid: uuid, on: db)
    }
}
