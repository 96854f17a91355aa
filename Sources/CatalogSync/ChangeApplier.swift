import Catalog
import Foundation
import SQLiteDB

/// Writes one batch of changes into a client database, inside the caller's transaction.
///
/// Order: deletes, one statement per table; entity columns (genres, authors, bands, books); references and links
/// (a genre's parent, a book's credits and genres, a band's genres); then the servers' `updated_at`, which 0001's
/// touch triggers may have replaced on the way.
///
/// An entity a reference or a link names may be missing here although the server has it: the change log keeps one
/// row per entity, at its newest change, so an author created before a book and changed after it comes later in
/// the feed than the book that credits it. Such an entity is fetched from the source (``ChangeSource/lookup(_:uuid:)``)
/// and written first; its own change, later in the feed, writes it again. A link to an entity the source reports
/// deleted or does not know is left out: the link's owner changes again later in the feed.
///
/// What is written comes from each payload's table description: its upsert, its references, its link tables.
struct ChangeApplier {
    let db: Database
    let source: any ChangeSource

    func apply(_ changes: [Change]) throws {
        // Every payload is the entity's state when the feed was read: the last change of an entity decides.
        var order: [String] = []
        var latest: [String: Change] = [:]
        for change in changes {
            let key = change.kind.rawValue + ":" + change.uuid
            if latest.updateValue(change, forKey: key) == nil { order.append(key) }
        }
        let finals = order.compactMap { latest[$0] }
        for table in CatalogTables.entities {
            let uuids = finals.filter { $0.entity == nil && $0.kind == table.kind }.map(\.uuid)
            if !uuids.isEmpty { try delete(table, uuids: uuids) }
        }
        let upserts = finals.compactMap(\.entity)
        try recordMerges(finals.filter { $0.mergedInto != nil }, upserted: upserts)
        let incoming = Set(upserts.map { $0.kind.rawValue + ":" + $0.uuid })
        for kind in [EntityKind.genre, .author, .band, .book] {
            for payload in upserts where payload.kind == kind {
                try writeColumns(of: payload, incoming: incoming)
            }
        }
        for payload in upserts {
            try writeReferences(of: payload, incoming: incoming)
            try writeLinks(of: payload, incoming: incoming)
        }
        for payload in upserts {
            try db.execute(
                "UPDATE \(payload.table.name) SET updated_at = ? WHERE uuid = ? AND updated_at IS NOT ?",
                [payload.updatedAt, payload.uuid, payload.updatedAt])
        }
    }

    // MARK: Entities

    /// Records where each merged entity went, as the server does (``LibraryCatalog/survivor(of:uuid:)`` then sends
    /// the client's saved views there too), repointing the entities merged into it before; an entity that exists
    /// again (a merge taken back) is no longer merged.
    private func recordMerges(_ merges: [Change], upserted: [EntityPayload]) throws {
        for merge in merges {
            guard let survivor = merge.mergedInto else { continue }
            try db.execute(
                "UPDATE entity_merges SET merged_into = ? WHERE entity_kind = ? AND merged_into = ?",
                [survivor, merge.kind.rawValue, merge.uuid])
            try db.execute(
                "INSERT OR REPLACE INTO entity_merges (entity_kind, uuid, merged_into) VALUES (?, ?, ?)",
                [merge.kind.rawValue, merge.uuid, survivor])
        }
        guard !upserted.isEmpty, try db.fetchOne(Int.self, "SELECT 1 FROM entity_merges LIMIT 1") != nil else { return }
        let keys = String(
            decoding: try JSONEncoder().encode(upserted.map { [$0.kind.rawValue, $0.uuid] }), as: UTF8.self)
        try db.execute(
            """
            DELETE FROM entity_merges WHERE (entity_kind, uuid) IN
                (SELECT value ->> 0, value ->> 1 FROM json_each(?))
            """, [keys])
    }

    private func delete(_ table: EntityTable, uuid: String) throws {
        try delete(table, uuids: [uuid])
    }

    /// One statement for the lot: each statement that deletes rows deletes search entries too, and FTS5 writes a
    /// segment per such statement (see `DeferredSearchIndex`).
    private func delete(_ table: EntityTable, uuids: [String]) throws {
        let array = String(decoding: try JSONEncoder().encode(uuids), as: UTF8.self)
        try db.execute("DELETE FROM \(table.name) WHERE uuid IN (SELECT value FROM json_each(?))", [array])
    }

    private func writeColumns(of payload: EntityPayload, incoming: Set<String>) throws {
        for (position, column, unique) in payload.table.uniqueKeys {
            guard case .text(let key) = payload.values[position] else { continue }
            try settleCollision(of: payload, on: column, unique, key: key, incoming: incoming)
        }
        try db.execute(payload.table.upsert, payload.table.upsertPositions.map { payload.values[$0] })
    }

    /// Frees a unique key (a genre's folded name, a book's ISBN) that a local row holds when the server says
    /// that row no longer has it: it is in this batch, deleted, or changed later in the feed.
    private func settleCollision(
        of payload: EntityPayload, on column: TableColumn, _ unique: UniqueKey, key: String, incoming: Set<String>
    ) throws {
        let table = payload.table
        let holderSQL = "SELECT uuid FROM \(table.name) WHERE \(column.name) = ? AND uuid <> ?"
        guard let holder = try db.fetchOne(String.self, holderSQL, [key, payload.uuid]) else { return }
        if !incoming.contains(table.kind.rawValue + ":" + holder) {
            switch try source.lookup(table.kind, uuid: holder) {
            case .deleted:
                return try delete(table, uuid: holder)
            case .current(let current) where current[column.key] != .text(key):
                break
            case .current, .unknown:
                throw SyncError.conflict(
                    kind: table.kind, uuid: payload.uuid, with: holder, reason: unique.describeClash(key))
            }
        }
        // The holder's own change, in this batch or a later one, sets its key again. A NOT NULL key gets a value
        // no folded name or ISBN can take.
        let freed = column.isRequired ? "'~sync ' || uuid" : "NULL"
        try db.execute("UPDATE \(table.name) SET \(column.name) = \(freed) WHERE uuid = ?", [holder])
    }

    // MARK: References and links

    /// Points the entity's reference columns (a genre's parent) at the rows of their uuids, when the client has
    /// them.
    private func writeReferences(of payload: EntityPayload, incoming: Set<String>) throws {
        let table = payload.table
        for reference in table.references {
            _ = try isPresent(payload.values[reference.position], in: reference.table, incoming: incoming)
            try db.execute(
                """
                UPDATE \(table.name) SET \(reference.column) = (SELECT id FROM \(reference.table) WHERE uuid = ?2)
                WHERE uuid = ?1 AND \(reference.column) IS NOT (SELECT id FROM \(reference.table) WHERE uuid = ?2)
                """,
                [payload.uuid, payload.values[reference.position]])
        }
    }

    /// Replaces the rows of each link table of the entity when they differ from the payload's.
    private func writeLinks(of payload: EntityPayload, incoming: Set<String>) throws {
        let table = payload.table
        guard !table.links.isEmpty, let ownerID = try id(in: table.name, uuid: .text(payload.uuid)) else { return }
        for (link, rows) in zip(table.links, payload.links) {
            let wanted = try rows.filter { row in
                try link.references.allSatisfy {
                    try isPresent(row[$0.position], in: $0.table, incoming: incoming)
                }
            }
            let current = try EntityPayload.rows(link.selectPayload, of: link.columns, uuid: payload.uuid, in: db)
            guard current != wanted else { continue }
            try db.execute(link.deleteOfOwner, [ownerID])
            let rows = try wanted.map { row in
                var values = row
                for reference in link.references {
                    values[reference.position] =
                        try id(in: reference.table, uuid: row[reference.position]).map(DatabaseValue.integer) ?? .null
                }
                return values
            }
            try link.insert(rows, of: ownerID, in: db)
        }
    }

    /// Whether the client has the entity `uuid` names in `tableName`, after fetching it from the source when the
    /// source has it (see the type's discussion). A NULL reference is present: there is nothing to point at.
    private func isPresent(_ uuid: DatabaseValue, in tableName: String, incoming: Set<String>) throws -> Bool {
        guard case .text(let text) = uuid else { return true }
        if try id(in: tableName, uuid: uuid) != nil { return true }
        guard let table = CatalogTables.entities.first(where: { $0.name == tableName }),
            case .current(let payload) = try source.lookup(table.kind, uuid: text)
        else { return false }
        try writeColumns(of: payload, incoming: incoming)
        try writeReferences(of: payload, incoming: incoming)
        try writeLinks(of: payload, incoming: incoming)
        return true
    }

    private func id(in table: String, uuid: DatabaseValue) throws -> Int64? {
        try db.fetchOne(Int64.self, "SELECT id FROM \(table) WHERE uuid = ?", [uuid])
    }
}
