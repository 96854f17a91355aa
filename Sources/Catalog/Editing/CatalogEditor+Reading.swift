public import Foundation
import SQLInterface

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
        // The revision first: an edit committed between the two reads makes a save of these fields stale (refused),
        // never a save that silently undoes it.
        let revision = try revision(of: kind, uuid: uuid)
        guard let payload = try EntityPayload.read(kind.table, uuid: uuid.lowercased, on: connection) else {
            throw CatalogError.notFound(kind, uuid: uuid)
        }
        let fields = Dictionary(
            uniqueKeysWithValues: Self.fieldNames(of: kind).map { ($0, payload[$0].flatMap(Self.text)) })
        return (fields, revision)
    }

    /// The error the library would refuse an update of the entry with, found by saving it and rolling the save
    /// back (the save's transaction nests in the trial's), or `nil` when it would be saved.
    ///
    /// - Parameters:
    ///   - kind: the entry's kind.
    ///   - uuid: the entry.
    ///   - edit: the update tried.
    public func refusal(ofUpdating kind: EntityKind, uuid: UUID, _ edit: EntityEdit) -> (any Error)? {
        do {
            try transaction {
                try update(kind, uuid: uuid, edit)
                throw TrialRollback()
            }
            return nil
        } catch is TrialRollback {
            return nil
        } catch {
            return error
        }
    }
}

/// Thrown to roll a trial save back.
private struct TrialRollback: Error {}
