import Catalog
import Foundation

/// One save of an ``EntryEditor``, run on the background editor's queue: the update, and when it is refused, which
/// fields the library refuses (each tried on its own and rolled back) or what the entry is now.
struct EntrySave: Sendable {
    let kind: EntityKind
    let uuid: UUID
    let changes: [String: String?]

    /// What a save came to.
    enum Outcome: Sendable {
        /// Saved: the entry's fields and revision now.
        case saved([String: String?], revision: Int64)
        /// Refused, nothing changed: why, by field.
        case invalid([String: String])
        /// The entry changed since the revision: its fields and revision now.
        case stale([String: String?], revision: Int64)
    }

    func run(_ editor: CatalogEditor, ifRevision revision: Int64) throws -> Outcome {
        do {
            try editor.update(kind, uuid: uuid, EntityEdit(fields: changes), ifRevision: revision)
        } catch EditError.staleRevision {
            let current = try editor.fields(of: kind, uuid: uuid)
            return .stale(current.fields, revision: current.revision)
        } catch {
            // Not the fields' fault: the entry is gone (deleted, or merged into another).
            if let refusal = error as? CatalogError, case .notFound = refusal { throw error }
            if let refusal = error as? EditError, case .merged = refusal { throw error }
            let errors = fieldErrors(editor)
            // A refusal no field explains alone (two fields that contradict each other) is shown on every one.
            guard !errors.isEmpty else {
                return .invalid(changes.mapValues { _ in String(describing: error) })
            }
            return .invalid(errors)
        }
        let saved = try editor.fields(of: kind, uuid: uuid)
        return .saved(saved.fields, revision: saved.revision)
    }

    /// The library's refusal of each changed field saved alone, in a transaction rolled back either way.
    private func fieldErrors(_ editor: CatalogEditor) -> [String: String] {
        var errors: [String: String] = [:]
        for (name, value) in changes {
            // A unique value taken (an ISBN) is a DatabaseError: the field's too.
            if let refusal = editor.refusal(ofUpdating: kind, uuid: uuid, EntityEdit(fields: [name: value])) {
                errors[name] = String(describing: refusal)
            }
        }
        return errors
    }
}
