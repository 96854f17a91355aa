package import Catalog
package import Foundation

extension CatalogAPI {
    /// One entity as ``show(_:uuid:in:)`` answers it, with its revision (its ETag), both read in one transaction, so
    /// the revision is that of the state the JSON shows.
    ///
    /// - Throws: `CatalogError.notFound` when there is no such entity.
    package static func revisedEntity(_ kind: EntityKind, uuid: UUID, in catalog: any CatalogReader) throws
        -> (json: JSONValue, revision: Int64)
    {
        try catalog.reading {
            (try EntityDetail.load(kind, uuid: uuid, in: catalog).json, try catalog.revision(of: kind, uuid: uuid))
        }
    }

    /// What an edit did: `{"action", "kind", "uuid", "merged", "revision", "history"}` (`merged` only for a merge),
    /// as `catalog add|edit|delete|merge|undo --json` prints it.
    package static func editResult(_ result: EditResult) throws -> String {
        try JSONText.encode(EditResultJSON(result))
    }

    /// An entry's history, oldest first: `[{"id", "action", "kind", "uuid", "merged", "actor", "at", "changes":
    /// [{"field", "before", "after"}], "undone"}]`, as `catalog history --json` prints it and `GET …/history`
    /// answers it.
    package static func history(_ records: [EditRecord]) throws -> String {
        try JSONText.encode(records.map(EditRecordJSON.init))
    }
}

/// An edit's result as JSON.
private struct EditResultJSON: Encodable {
    let action: String
    let kind: String
    let uuid: String
    let merged: String?
    let revision: Int64
    let history: Int64

    init(_ result: EditResult) {
        action = result.action.rawValue
        kind = result.kind.rawValue
        uuid = result.uuid.uuidString.lowercased()
        merged = result.merged?.uuidString.lowercased()
        revision = result.revision
        history = result.historyID
    }
}

/// A record of an entry's history as JSON.
private struct EditRecordJSON: Encodable {
    let id: Int64
    let action: String
    let kind: String
    let uuid: String
    let merged: String?
    let actor: String
    let at: String
    let changes: [EditRecord.FieldChange]
    let undone: Bool

    init(_ record: EditRecord) {
        id = record.id
        action = record.action.rawValue
        kind = record.kind.rawValue
        uuid = record.uuid.uuidString.lowercased()
        merged = record.merged?.uuidString.lowercased()
        actor = record.actor
        at = record.editedAt
        changes = record.changes
        undone = record.undone
    }
}
