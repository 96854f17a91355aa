import Foundation
import SQLInterface

/// Applying a client's offline changes: each ``UploadedChange`` merged field by field with what the server holds
/// now, against the value the client started from, and written through the editor's own calls (so validation,
/// revisions, history and the change feed are those of any edit). The editor's actor is recorded as the author, e.g.
/// "alice from client 6f1c…".
///
/// The rules, per field: the server's value equal to the client's new one, nothing to do; equal to the client's base,
/// the client's value is written; else the server's value stands and the client's is kept as an ``UploadConflict``.
/// A list merges as a set with positions (``ListChange``). A change of an entry merged away on the server lands on
/// the survivor; of an entry deleted there, it is kept as a conflict, never written back to life; a delete of an entry
/// the server changed since the client's base is kept as a conflict, and the entry stays.
extension CatalogEditor {
    /// Applies `batch` in order, each change in a transaction of its own with its answer, which is stored: a change the
    /// server answered before (the same client and id) gets that answer again and changes nothing.
    ///
    /// - Returns: one answer per change, in order.
    /// - Throws: the database's error when a change cannot be read or written (a refused change is answered
    ///   ``UploadAnswer/Result/rejected``, not thrown); the changes before it stay applied.
    public func apply(_ batch: UploadBatch) throws -> [UploadAnswer] {
        try batch.changes.map { change in try apply(change, from: batch.client) }
    }

    private func apply(_ change: UploadedChange, from client: String) throws -> UploadAnswer {
        try transaction {
            if let answered = try storedAnswer(client: client, change: change.id) { return answered }
            let answer: UploadAnswer
            do {
                // A savepoint of its own: a refused change leaves nothing, and its answer is still stored.
                answer = try transaction { try merge(change, from: client) }
            } catch let error where Self.isRefusal(error) {
                answer = UploadAnswer(
                    id: change.id, result: .rejected, kind: change.kind, uuid: change.uuid,
                    revision: try revision(of: change.kind, uuid: change.uuid),
                    error: UploadError(field: Self.field(of: error), message: "\(error)"))
            }
            try execute(
                "INSERT INTO uploaded_changes (client, change_id, answer) VALUES (?, ?, ?)",
                [.text(client), .text(change.id), .text(try UploadJSON.text(answer))])
            return answer
        }
    }

    private func storedAnswer(client: String, change: String) throws -> UploadAnswer? {
        try fetchOne(
            "SELECT answer FROM uploaded_changes WHERE client = ? AND change_id = ?", [.text(client), .text(change)]
        ) { row in try JSONDecoder().decode(UploadAnswer.self, from: Data(try row.requiredString(at: 0).utf8)) }
    }

    // MARK: Merging

    /// Where the change's entry is now on the server.
    private enum Target {
        /// It exists, under this uuid (the survivor, when the client's entry was merged away).
        case existing(UUID)
        /// It is gone (deleted, or never here).
        case gone
    }

    private func target(_ kind: EntityKind, _ uuid: UUID) throws -> Target {
        let found = try survivor(of: kind, uuid: uuid) ?? uuid
        return try rowID(kind, uuid: found.lowercased) == nil ? .gone : .existing(found)
    }

    private func merge(_ change: UploadedChange, from client: String) throws -> UploadAnswer {
        guard let uuid = UUID(uuidString: change.uuid) else {
            throw CatalogError.invalidValue(field: "uuid", value: change.uuid, reason: "is not a UUID")
        }
        let kind = change.kind
        let found = try target(kind, uuid)
        switch (change.operation, found) {
        case (.create, .gone) where try survivor(of: kind, uuid: uuid) == nil:
            let fields = change.fields.mapValues(\.mine)
            let links = change.lists.flatMap { key, list in Self.adding(list.mine, to: key) }
            let created = try create(kind, EntityEdit(fields: fields, links: links), uuid: uuid)
            return answer(change, .applied, uuid: created.uuid, conflicts: [])
        case (.create, .existing(let current)), (.update, .existing(let current)):
            return try update(change, on: current, from: client)
        case (.create, .gone), (.update, .gone):
            let mine = try UploadJSON.text(change.fields.mapValues(\.mine))
            let conflict = try keep(
                change, from: client, field: nil, base: nil, mine: mine, theirs: nil, reason: .deletedOnServer)
            return answer(change, .conflict, uuid: uuid, conflicts: [conflict])
        case (.delete, .gone):
            return answer(change, .applied, uuid: uuid, conflicts: [])
        case (.delete, .existing(let current)):
            let revision = try revision(of: kind, uuid: current)
            guard current == uuid, revision <= change.baseSequence else {
                let conflict = try keep(
                    change, from: client, field: nil, base: nil, mine: nil, theirs: nil, reason: .changedOnServer)
                return answer(change, .conflict, uuid: current, conflicts: [conflict])
            }
            try delete(kind, uuid: current, ifRevision: revision)
            return answer(change, .applied, uuid: current, conflicts: [])
        case (.merge, _):
            return try mergeEntries(change, uuid, found, from: client)
        }
    }

    /// A client's merge of its entry into another: done, already done, or kept as a conflict when either is gone.
    private func mergeEntries(_ change: UploadedChange, _ uuid: UUID, _ found: Target, from client: String) throws
        -> UploadAnswer
    {
        guard let into = change.mergedInto.flatMap(UUID.init(uuidString:)) else {
            throw CatalogError.invalidValue(
                field: "into", value: change.mergedInto ?? "", reason: "a merge names the uuid it merges into")
        }
        let survivor = try target(change.kind, into)
        switch (found, survivor) {
        case (.existing(let merged), .existing(let kept)) where merged == kept:
            return answer(change, .merged, uuid: kept, conflicts: [])
        case (.existing(let merged), .existing(let kept)):
            let changed = try revision(of: change.kind, uuid: merged) > change.baseSequence
            try merge(change.kind, uuid: merged, into: kept)
            return answer(change, changed ? .merged : .applied, uuid: kept, conflicts: [])
        case (_, .gone), (.gone, _):
            let conflict = try keep(
                change, from: client, field: nil, base: nil, mine: change.mergedInto, theirs: nil,
                reason: .deletedOnServer)
            return answer(change, .conflict, uuid: uuid, conflicts: [conflict])
        }
    }

    /// The client's field and list changes merged with the entry `current` as the server holds it.
    private func update(_ change: UploadedChange, on current: UUID, from client: String) throws -> UploadAnswer {
        let kind = change.kind
        let key = current.lowercased
        guard let payload = try EntityPayload.read(kind.table, uuid: key, on: connection) else {
            throw CatalogError.notFound(kind, uuid: current)
        }
        var fields: [String: String?] = [:]
        var clashes: [(field: String, value: FieldChange, theirs: String?)] = []
        for (field, value) in change.fields.sorted(by: { $0.key < $1.key }) {
            // A field the entry does not have goes to the editor, which names the fields it takes.
            guard let stored = payload[field] else {
                fields[field] = value.mine
                continue
            }
            let theirs = Self.editText(stored)
            if theirs == value.mine { continue }
            if theirs == value.base {
                fields[field] = value.mine
            } else {
                clashes.append((field, value, theirs))
            }
        }
        // A sort form that clashed because the name it comes from did is not a clash of its own: it follows the
        // name that stands, and the name taken later brings its sort form.
        let clashing = Set(clashes.map(\.field))
        var conflicts: [UploadConflict] = []
        for clash in clashes where !clashing.contains(Self.sortedFrom[clash.field] ?? "") {
            conflicts.append(
                try keep(
                    change, from: client, field: clash.field, base: clash.value.base, mine: clash.value.mine,
                    theirs: clash.theirs, reason: .bothChanged))
        }
        var links: [LinkChange] = []
        for (list, sent) in change.lists.sorted(by: { $0.key < $1.key }) {
            let link = kind.table.links.first { $0.key == list }
            let held = ListEntry.entries(payload.links(list) ?? [], of: link)
            let (value, gone) = try following(sent, in: link)
            if !gone.isEmpty {
                conflicts.append(
                    try keep(
                        change, from: client, field: list, base: nil, mine: try UploadJSON.text(gone), theirs: nil,
                        reason: .deletedOnServer))
            }
            let merged = Self.merged(value, into: held)
            if merged != held {
                links += Self.removing(held, from: list) + Self.adding(merged, to: list)
            }
        }
        let revision = try revision(of: kind, uuid: key)
        if !fields.isEmpty || !links.isEmpty {
            try update(kind, uuid: current, EntityEdit(fields: fields, links: links), ifRevision: revision)
        }
        let result: UploadAnswer.Result =
            !conflicts.isEmpty
            ? .conflict
            : revision > change.baseSequence || key != change.uuid ? .merged : .applied
        return answer(change, result, uuid: current, conflicts: conflicts)
    }

    private func answer(
        _ change: UploadedChange, _ result: UploadAnswer.Result, uuid: UUID, conflicts: [UploadConflict]
    ) -> UploadAnswer {
        let key = uuid.lowercased
        let revision = (try? revision(of: change.kind, uuid: key)) ?? 0
        return UploadAnswer(
            id: change.id, result: result, kind: change.kind, uuid: key, revision: revision, conflicts: conflicts)
    }

    /// Records a clash in `edit_conflicts`, to be settled later, and returns it with its id.
    private func keep(
        _ change: UploadedChange, from client: String, field: String?, base: String?, mine: String?, theirs: String?,
        reason: UploadConflict.Reason
    ) throws -> UploadConflict {
        let optional = { (text: String?) in text.map(SQLValue.text) ?? .null }
        let id =
            try fetchOne(
                """
                INSERT INTO edit_conflicts (client, change_id, entity_kind, uuid, field, base, mine, theirs, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [
                    .text(client), .text(change.id), .text(change.kind.rawValue), .text(change.uuid), optional(field),
                    optional(base), optional(mine), optional(theirs), .text(reason.rawValue),
                ]
            ) { try $0.requiredInt64(at: 0) } ?? 0
        return UploadConflict(
            id: id, kind: change.kind, uuid: change.uuid, field: field, base: base, mine: mine, theirs: theirs,
            reason: reason)
    }

    // MARK: Lists

    /// The list change with each entry following the merges the server made (an author merged away is its survivor
    /// now), and the entries the client added that name an author or genre the server no longer has: they cannot be
    /// added, and are kept as a conflict.
    private func following(_ change: ListChange, in link: LinkTable?) throws -> (ListChange, gone: [ListEntry]) {
        guard let named = link?.references.first?.table,
            let kind = CatalogTables.entities.first(where: { $0.name == named })?.kind
        else { return (change, []) }
        var gone: [ListEntry] = []
        let follow = { (entries: [ListEntry], keepGone: Bool) -> [ListEntry] in
            try entries.compactMap { entry in
                guard let uuid = UUID(uuidString: entry.uuid) else { return entry }
                switch try self.target(kind, uuid) {
                case .existing(let current): return ListEntry(uuid: current.lowercased, role: entry.role)
                case .gone:
                    if keepGone { return entry }
                    if !change.base.contains(entry) { gone.append(entry) }
                    return nil
                }
            }
        }
        // Two entries the server merged into one are one entry.
        var seen: Set<ListEntry> = []
        let mine = try follow(change.mine, false).filter { seen.insert($0).inserted }
        let followed = ListChange(base: try follow(change.base, true), mine: mine)
        return (followed, gone)
    }

    /// The client's change of a list merged as a set with positions into what the server holds: what the client
    /// removed is removed, what it added is added, in the client's order; what only the server has stays, after.
    static func merged(_ change: ListChange, into held: [ListEntry]) -> [ListEntry] {
        let removed = Set(change.base).subtracting(change.mine)
        let kept = held.filter { !removed.contains($0) }
        let present = Set(kept).union(change.mine)
        let ordered = change.mine.filter { present.contains($0) }
        return ordered + kept.filter { !Set(ordered).contains($0) }
    }

    private static func removing(_ entries: [ListEntry], from list: String) -> [LinkChange] {
        var seen: Set<String> = []
        return entries.filter { seen.insert($0.uuid).inserted }.map {
            LinkChange(list: list, target: $0.uuid, action: .remove(role: nil))
        }
    }

    private static func adding(_ entries: [ListEntry], to list: String) -> [LinkChange] {
        entries.map {
            LinkChange(
                list: list, target: $0.uuid, action: .add(role: $0.role.flatMap(ContributorRole.init(rawValue:))))
        }
    }

    // MARK: Values

    /// The sort forms an edit derives from a name when it is not given.
    private static let sortedFrom = ["sortTitle": "title", "sortName": "name"]

    /// A stored value as the text an edit takes: `nil` for NULL.
    private static func editText(_ value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): text
        case .blob: nil
        }
    }

    /// Whether `error` refuses the change (what an edit of it would be refused for), rather than failing the upload.
    private static func isRefusal(_ error: any Error) -> Bool {
        error is CatalogError || error is EditError
    }

    /// The field a refusal names, when it names one.
    private static func field(of error: any Error) -> String? {
        switch error {
        case CatalogError.invalidValue(let field, _, _): field
        case EditError.unknownField(_, let field, _), EditError.requiredField(_, let field): field
        case EditError.unknownList(_, let list), EditError.notInList(let list, _): list
        default: nil
        }
    }
}
