public import Foundation
package import SQLInterface
public import SQLiteDB

/// The one path every hand write of the catalog takes: create, update (only the fields given change), change an
/// entry's lists, delete, merge one entry into another, and undo. Each call is one transaction that validates as an
/// import does, keeps the search index, the sort-key copies and the change log right (the migrations' triggers),
/// checks the revision the edit was based on, and records who changed what in the entry's history.
///
/// The same editor writes a SQLite catalog and, made on a PostgreSQL connection (the `PostgreSQLCatalog` module's
/// `CatalogEditor(postgreSQL:actor:)`), a PostgreSQL one: its statements are written once, and the same edit leaves
/// the same entities, history and change feed on both.
///
/// An entry's revision is its ETag: it moves with every change of the entry or its lists, by whatever writer. An
/// edit that names a revision the entry has left is refused with ``EditError/staleRevision(_:uuid:expected:current:)``
/// and changes nothing.
///
/// ```swift
/// let editor = CatalogEditor(db, actor: "ada")
/// let twain = try editor.create(.author, EntityEdit(fields: ["name": "Mark Twain"]))
/// var fix = EntityEdit(fields: ["year": "1884"])
/// fix.links.append(LinkChange(list: "authors", target: "Mark Twain", action: .add(role: .author)))
/// try editor.update(.book, uuid: huckleberryFinn, fix, ifRevision: revision)
/// try editor.merge(.author, uuid: twainMark, into: twain.uuid)
/// try editor.undo(.author, uuid: twain.uuid)
/// ```
public struct CatalogEditor {
    /// The connection the editor reads and writes through, SQLite's or PostgreSQL's: the statements are written
    /// once, with `?` parameters, and the few real differences are chosen by the connection's dialect.
    let connection: any SQLConnection
    /// Runs its body in one transaction of `connection` (a savepoint inside an open one): see ``transaction(_:)``.
    private let runInTransaction: (() throws -> Void) throws -> Void
    /// Who edits: a user's or a token's name, recorded in the history.
    public let actor: String

    /// An editor of the catalog in `db` (which must have migration 0010) acting for `actor`.
    public init(_ db: Database, actor: String) {
        self.init(db, actor: actor) { body in try db.transaction(.immediate, body) }
    }

    /// An editor of the catalog on `connection`, SQLite's or PostgreSQL's (whose catalog must have the edit tables),
    /// acting for `actor`.
    ///
    /// - Parameters:
    ///   - connection: the connection every statement runs on.
    ///   - actor: who edits, recorded in the history.
    ///   - transaction: runs its body in one transaction of `connection` that writes (a savepoint inside an open
    ///     one), committed when it returns, rolled back when it throws.
    package init(
        _ connection: some SQLConnection, actor: String,
        transaction: @escaping (() throws -> Void) throws -> Void
    ) {
        self.connection = connection
        self.actor = actor
        self.runInTransaction = transaction
    }

    /// Runs `body` in one transaction of the editor's connection that writes (a savepoint inside an open one),
    /// committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        var outcome: Result<T, any Error> = .failure(BodyNotRun())
        try runInTransaction { outcome = .success(try body()) }
        return try outcome.get()
    }

    /// What ``transaction(_:)`` reports should the transaction return without running its body.
    private struct BodyNotRun: Error {}

    /// The entry's revision: the sequence of its newest change (0 when the change log holds none).
    public func revision(of kind: EntityKind, uuid: UUID) throws -> Int64 {
        try revision(of: kind, uuid: uuid.lowercased)
    }

    func revision(of kind: EntityKind, uuid: String) throws -> Int64 {
        try fetchOne(
            "SELECT seq FROM change_log WHERE entity_kind = ? AND uuid = ?", [.text(kind.rawValue), .text(uuid)]
        ) { try $0.requiredInt64(at: 0) } ?? 0
    }

    /// The entry that the entry `uuid` was merged into, following later merges, or `nil` when it was not merged.
    public func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID? {
        try EntityMerges.survivor(of: kind, uuid: uuid, on: connection)
    }

    // MARK: Writes

    /// Creates an entry of `kind` from the fields and lists of `edit`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for a value an import would refuse too;
    ///   ``EditError``; `DatabaseError` when a unique value is taken.
    /// - Parameters:
    ///   - kind: the entry's kind.
    ///   - edit: its fields and lists.
    ///   - uuid: its uuid (one a client gave it offline), or `nil` for a new one.
    @discardableResult
    public func create(_ kind: EntityKind, _ edit: EntityEdit, uuid: UUID? = nil) throws -> EditResult {
        try recording(.create, kind, merged: nil, candidates: []) {
            let id = try writeFields(kind, id: nil, FieldPatch(kind: kind, fields: edit.fields), uuid: uuid)
            try apply(edit.links, to: kind, id: id)
            return try self.uuid(of: kind, id: id)
        }
    }

    /// Changes the fields and lists `edit` names of the entry, leaving every other field as it is.
    ///
    /// - Parameters:
    ///   - kind: the entry's kind.
    ///   - uuid: the entry.
    ///   - edit: the fields and list changes.
    ///   - revision: the revision the edit was based on, or `nil` to edit whatever the entry is now.
    /// - Throws: ``EditError/staleRevision(_:uuid:expected:current:)``; what ``create(_:_:uuid:)`` throws;
    ///   ``CatalogError/notFound(_:uuid:)``.
    @discardableResult
    public func update(_ kind: EntityKind, uuid: UUID, _ edit: EntityEdit, ifRevision revision: Int64? = nil) throws
        -> EditResult
    {
        try recording(.update, kind, merged: nil, candidates: [(kind, uuid.lowercased)]) {
            let id = try existing(kind, uuid: uuid, revision: revision)
            try writeFields(kind, id: id, FieldPatch(kind: kind, fields: edit.fields))
            try apply(edit.links, to: kind, id: id)
            return uuid
        }
    }

    /// Deletes the entry with its links (the books and bands that listed a genre lose it; a genre's children lose
    /// their parent).
    ///
    /// - Throws: ``EditError/authorHasBooks(name:books:)`` for an author still credited on a book;
    ///   ``EditError/staleRevision(_:uuid:expected:current:)``; ``CatalogError/notFound(_:uuid:)``.
    @discardableResult
    public func delete(_ kind: EntityKind, uuid: UUID, ifRevision revision: Int64? = nil) throws -> EditResult {
        let candidates = [(kind, uuid.lowercased)] + (try referrers(of: kind, uuid: uuid))
        return try recording(.delete, kind, merged: nil, candidates: candidates) {
            let id = try existing(kind, uuid: uuid, revision: revision)
            if kind == .author {
                let books =
                    try fetchOne(
                        "SELECT count(DISTINCT book_id) FROM book_authors WHERE author_id = ?", [.integer(id)]
                    ) { try $0.requiredInt64(at: 0) } ?? 0
                if books > 0 {
                    throw EditError.authorHasBooks(name: try name(of: kind, uuid: uuid), books: Int(books))
                }
            }
            try execute("DELETE FROM \(kind.table.name) WHERE id = ?", [.integer(id)])
            return uuid
        }
    }

    // MARK: Recording

    /// Runs `body` in one transaction and records it under the entry whose uuid `body` returns: the state before and
    /// after of every entity it changed (those whose change-log row it moved; `candidates`, listed inside the
    /// transaction, are read before, and any other is one it created).
    func recording(
        _ action: EditAction, _ kind: EntityKind, merged: UUID?,
        candidates: @autoclosure () throws -> [(EntityKind, String)], _ body: () throws -> UUID
    ) throws -> EditResult {
        try recording(action, kind, merged: merged, candidates: candidates()) { (try body(), nil) }
    }

    /// ``recording(_:_:merged:candidates:_:)`` for an edit that also points list rows from one entry at another in
    /// place (a merge, and its undo), which `body` returns beside the uuid: the owners of those rows are recorded
    /// by their uuids, on the state of the entry the rows named (before a merge, after its undo), instead of by
    /// their states; their change-log seqs are kept, so an undo still sees whether they changed since.
    func recording(
        _ action: EditAction, _ kind: EntityKind, merged: UUID?,
        candidates: @autoclosure () throws -> [(EntityKind, String)],
        movingReferences body: () throws -> (UUID, MovedReferences?)
    ) throws -> EditResult {
        try withoutActuallyEscaping(body) { body in
            try transaction {
                try lockChangeLog()
                let mark = try lastChangeSequence()
                var before: [String: EntityState] = [:]
                for (kind, uuid) in try candidates() {
                    let state = try EntityState.read(kind, uuid: uuid, on: connection)
                    before[state.key] = state
                }
                let (uuid, moved) = try body()
                let touched = try fetch(
                    "SELECT entity_kind, uuid, seq FROM change_log WHERE seq > ? ORDER BY seq", [.integer(mark)],
                    TouchedRow.init)
                let movedOwners = Set((moved?.ownerKeys ?? []).map { EntityState.key($0.kind, $0.uuid) })
                let states = touched.filter { !movedOwners.contains(EntityState.key($0.kind, $0.uuid)) }
                var befores = states.map {
                    before[EntityState.key($0.kind, $0.uuid)]
                        ?? EntityState(kind: $0.kind, uuid: $0.uuid, entity: nil, sources: [], redirects: [])
                }
                var afters = try states.map { try EntityState.read($0.kind, uuid: $0.uuid, on: connection) }
                if let moved, let merged {
                    // The rows named the merged entry before a merge, and name it again after its undo.
                    let key = EntityState.key(kind, merged.lowercased)
                    if action == .merge {
                        befores = befores.map { $0.key == key ? $0.with(moved) : $0 }
                    } else {
                        afters = afters.map { $0.key == key ? $0.with(moved) : $0 }
                    }
                }
                let id = try record(
                    action, kind, uuid: uuid.lowercased, merged: merged?.lowercased, before: befores, after: afters,
                    touched: touched)
                return EditResult(
                    action: action, kind: kind, uuid: uuid, merged: merged,
                    revision: try revision(of: kind, uuid: uuid.lowercased), historyID: id)
            }
        }
    }

    /// On PostgreSQL, takes the change log's lock (0001_catalog.sql) before reading anything: edits run one after
    /// the other, as SQLite's IMMEDIATE transaction makes them, so a revision checked stays true until the commit and
    /// the change-log rows after the mark are this edit's alone. SQLite's transaction holds the one writer already.
    func lockChangeLog() throws {
        guard connection.dialect == .postgreSQL else { return }
        _ = try fetch("SELECT pg_advisory_xact_lock(change_log_lock_key())::text", []) { _ in () }
    }

    /// The highest seq of the change log (0 when it is empty): the rows an edit moves all land above it.
    private func lastChangeSequence() throws -> Int64 {
        try fetchOne("SELECT coalesce(max(seq), 0) FROM change_log", []) { try $0.requiredInt64(at: 0) } ?? 0
    }

    func record(
        _ action: EditAction, _ kind: EntityKind, uuid: String, merged: String?, before: [EntityState],
        after: [EntityState], touched: [TouchedRow]
    ) throws -> Int64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let seqs = Dictionary(touched.map { (EntityState.key($0.kind, $0.uuid), $0.sequence) }) { $1 }
        return try connection.insertReturningID(
            """
            INSERT INTO edit_history (entity_kind, uuid, action, merged_uuid, actor, before, after, touched)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            with: [
                .text(kind.rawValue), .text(uuid), .text(action.rawValue), merged.map(SQLValue.text) ?? .null,
                .text(actor), .text(String(decoding: try encoder.encode(before), as: UTF8.self)),
                .text(String(decoding: try encoder.encode(after), as: UTF8.self)),
                .text(String(decoding: try encoder.encode(seqs), as: UTF8.self)),
            ])
    }

    // MARK: Lookups

    /// The row id of the entry, after checking the revision the edit was based on.
    func existing(_ kind: EntityKind, uuid: UUID, revision: Int64?) throws -> Int64 {
        guard let id = try rowID(kind, uuid: uuid.lowercased) else {
            if let survivor = try survivor(of: kind, uuid: uuid) {
                throw EditError.merged(kind, uuid: uuid, into: survivor)
            }
            throw CatalogError.notFound(kind, uuid: uuid)
        }
        if let revision {
            let current = try self.revision(of: kind, uuid: uuid)
            guard current == revision else {
                throw EditError.staleRevision(kind, uuid: uuid, expected: revision, current: current)
            }
        }
        return id
    }

    /// The row id of the entity of `kind` whose uuid is `uuid`, or `nil`.
    func rowID(_ kind: EntityKind, uuid: String) throws -> Int64? {
        try fetchOne("SELECT id FROM \(kind.table.name) WHERE uuid = ?", [.text(uuid)]) { try $0.requiredInt64(at: 0) }
    }

    func uuid(of kind: EntityKind, id: Int64) throws -> UUID {
        guard
            let uuid = try fetchOne(
                "SELECT uuid FROM \(kind.table.name) WHERE id = ?", [.integer(id)],
                { row in
                    try row.uuid(at: 0)
                })
        else { throw CatalogError.missingRow(kind, id: id) }
        return uuid
    }

    /// The entry's name (a book's title), or `nil` when there is no such entry.
    func displayName(of kind: EntityKind, uuid: UUID) throws -> String? {
        try fetchOne(
            "SELECT \(kind == .book ? "title" : "name") FROM \(kind.table.name) WHERE uuid = ?",
            [.text(uuid.lowercased)]
        ) { try $0.requiredString(at: 0) }
    }

    func name(of kind: EntityKind, uuid: UUID) throws -> String {
        try displayName(of: kind, uuid: uuid) ?? uuid.lowercased
    }

    /// The entities whose lists (or parent) name the entry: what deleting or merging it changes too.
    func referrers(of kind: EntityKind, uuid: UUID) throws -> [(EntityKind, String)] {
        var referrers: [(EntityKind, String)] = []
        for link in CatalogTables.links where link.references.contains(where: { $0.table == kind.table.name }) {
            guard let owner = CatalogTables.entities.first(where: { $0.name == link.owner.references }),
                let reference = link.references.first(where: { $0.table == kind.table.name })
            else { continue }
            let column = link.columns[reference.position].name
            let uuids = try fetch(
                """
                SELECT DISTINCT o.uuid FROM \(link.name) l JOIN \(owner.name) o ON o.id = l.\(link.owner.name)
                WHERE l.\(column) = (SELECT id FROM \(kind.table.name) WHERE uuid = ?)
                """, [.text(uuid.lowercased)]
            ) { try $0.requiredString(at: 0) }
            referrers += uuids.map { (owner.kind, $0) }
        }
        if kind == .genre {
            let children = try fetch(
                "SELECT uuid FROM genres WHERE parent_id = (SELECT id FROM genres WHERE uuid = ?)",
                [.text(uuid.lowercased)]
            ) { try $0.requiredString(at: 0) }
            referrers += children.map { (.genre, $0) }
        }
        return referrers
    }
}

/// A change-log row an edit moved.
struct TouchedRow {
    let kind: EntityKind
    let uuid: String
    let sequence: Int64

    init(columns row: any SQLColumns) throws {
        let kindText = try row.requiredString(at: 0)
        guard let kind = EntityKind(rawValue: kindText) else {
            throw CatalogError.invalidValue(field: "change_log", value: kindText, reason: "unknown kind")
        }
        self.kind = kind
        uuid = try row.requiredString(at: 1)
        sequence = try row.requiredInt64(at: 2)
    }
}
