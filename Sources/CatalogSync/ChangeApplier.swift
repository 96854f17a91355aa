import Catalog
import Foundation
import JSONKit
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
    /// The secondary indexes a catch-up dropped (``DeferredSyncWrites``), built again before a delete of rows the
    /// client holds: its triggers and foreign keys read the link tables by their other end.
    var indexes: DeferredIndexes? = nil

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
        // The rows past these ids are inserted by this batch: an owner among them has no links yet.
        let lastIDs = try Dictionary(
            uniqueKeysWithValues: CatalogTables.entities.map { table in
                (table.name, try db.fetchOne(Int64.self, "SELECT coalesce(max(id), 0) FROM \(table.name)") ?? 0)
            })
        for kind in [EntityKind.genre, .author, .band, .book] {
            for payload in upserts where payload.kind == kind {
                try writeColumns(of: payload, incoming: incoming)
            }
        }
        var newOwners: [(payload: EntityPayload, id: Int64)] = []
        for payload in upserts {
            try writeReferences(of: payload, incoming: incoming)
            let ownersBefore = lastIDs[payload.table.name] ?? .max
            // Catching up an empty catalog (the link tables' triggers dropped), new owners' links go in together.
            if indexes != nil, !payload.table.links.isEmpty,
                let ownerID = try id(in: payload.table.name, uuid: .text(payload.uuid)), ownerID > ownersBefore
            {
                newOwners.append((payload, ownerID))
            } else {
                try writeLinks(of: payload, incoming: incoming, ownersBefore: ownersBefore)
            }
        }
        try insertLinks(of: newOwners, incoming: incoming)
        for table in CatalogTables.entities {
            try restoreUpdatedAt(of: upserts.filter { $0.kind == table.kind }, in: table)
        }
    }

    /// Sets the server's `updated_at` of the entities written, in one statement: 0001's touch triggers replaced it
    /// where a write left the row's own `updated_at` as it was.
    private func restoreUpdatedAt(of payloads: [EntityPayload], in table: EntityTable) throws {
        let stamps = payloads.compactMap { payload -> [String]? in
            guard case .text(let updatedAt) = payload.updatedAt else { return nil }
            return [payload.uuid, updatedAt]
        }
        guard !stamps.isEmpty else { return }
        try db.execute(
            """
            UPDATE \(table.name) SET updated_at = s.value ->> 1 FROM json_each(?) AS s
            WHERE \(table.name).uuid = s.value ->> 0 AND \(table.name).updated_at IS NOT s.value ->> 1
            """, [String(decoding: try JSONEncoder().encode(stamps), as: UTF8.self)])
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
        let selected = "FROM \(table.name) WHERE uuid IN (SELECT value FROM json_each(?))"
        if let indexes, !indexes.names.isEmpty,
            try db.fetchOne(Bool.self, "SELECT EXISTS (SELECT 1 \(selected))", [array]) == true
        {
            try indexes.finish()
        }
        try db.execute("DELETE \(selected)", [array])
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
            _ = try presentID(payload.values[reference.position], in: reference.table, incoming: incoming)
            try db.execute(
                """
                UPDATE \(table.name) SET \(reference.column) = (SELECT id FROM \(reference.table) WHERE uuid = ?2)
                WHERE uuid = ?1 AND \(reference.column) IS NOT (SELECT id FROM \(reference.table) WHERE uuid = ?2)
                """,
                [payload.uuid, payload.values[reference.position]])
        }
    }

    /// Replaces the rows of each link table of the entity when they differ from the payload's. An owner whose row
    /// id is past `ownersBefore` was inserted by this batch and has none yet (an entity's links are written once a
    /// batch).
    private func writeLinks(of payload: EntityPayload, incoming: Set<String>, ownersBefore: Int64 = .max) throws {
        let table = payload.table
        guard !table.links.isEmpty, let ownerID = try id(in: table.name, uuid: .text(payload.uuid)) else { return }
        let isNew = ownerID > ownersBefore
        for (link, rows) in zip(table.links, payload.links) {
            // Each row with its references as row ids; a row whose reference the client cannot have is left out.
            let resolved = try rows.compactMap { row -> (payload: [DatabaseValue], ids: [DatabaseValue])? in
                var ids = row
                for reference in link.references {
                    guard
                        let referenced = try presentID(row[reference.position], in: reference.table, incoming: incoming)
                    else { return nil }
                    ids[reference.position] = referenced
                }
                return (row, ids)
            }
            if !isNew {
                let current = try EntityPayload.rows(link.selectPayload, of: link.columns, uuid: payload.uuid, in: db)
                guard current != resolved.map(\.payload) else { continue }
                try db.execute(link.deleteOfOwner, [ownerID])
            }
            try link.insert(resolved.map(\.ids), of: ownerID, in: db)
        }
    }

    /// Inserts the links of owners this batch inserted, one statement a link table (``LinkTable/insertFromJSON``)
    /// instead of one an owner, with the references the client lacks fetched first, in the order of their first
    /// mention (``presentID(_:in:incoming:)``); a row whose reference the source does not have either is left out,
    /// as ``writeLinks(of:incoming:ownersBefore:)`` leaves it.
    private func insertLinks(of owners: [(payload: EntityPayload, id: Int64)], incoming: Set<String>) throws {
        for table in CatalogTables.entities {
            let ofTable = owners.filter { $0.payload.kind == table.kind }
            for (index, link) in table.links.enumerated() where !ofTable.isEmpty {
                // Each row as the statement reads it: the owner's id, then the link's columns.
                let rows = ofTable.flatMap { owner in owner.payload.links[index].map { [.integer(owner.id)] + $0 } }
                for (position, referencedTable) in link.references {
                    var seen = Set<String>()
                    let uuids = rows.compactMap { row -> String? in
                        guard case .text(let uuid) = row[position + 1], seen.insert(uuid).inserted else { return nil }
                        return uuid
                    }
                    let missing = try db.fetchAll(
                        String.self,
                        """
                        SELECT value FROM json_each(?) \
                        WHERE NOT EXISTS (SELECT 1 FROM \(referencedTable) WHERE uuid = value)
                        """, [String(decoding: try JSONEncoder().encode(uuids), as: UTF8.self)])
                    for uuid in missing { _ = try presentID(.text(uuid), in: referencedTable, incoming: incoming) }
                }
                var array = JSONWriter(layout: .compact, capacity: 1 << 16)
                array.beginArray()
                for row in rows {
                    array.beginArray()
                    for value in row { array.value(value) }
                    array.endArray()
                }
                array.endArray()
                try db.execute(link.insertFromJSON, [array.text])
            }
        }
    }

    /// The row id of the entity `uuid` names in `tableName`, after fetching the entity from the source when the
    /// client lacks it (see the type's discussion); NULL for a NULL reference, there being nothing to point at; `nil`
    /// when the source does not have it either.
    private func presentID(_ uuid: DatabaseValue, in tableName: String, incoming: Set<String>) throws
        -> DatabaseValue?
    {
        guard case .text(let text) = uuid else { return .null }
        if let id = try id(in: tableName, uuid: uuid) { return .integer(id) }
        guard let table = CatalogTables.entities.first(where: { $0.name == tableName }),
            case .current(let payload) = try source.lookup(table.kind, uuid: text)
        else { return nil }
        try writeColumns(of: payload, incoming: incoming)
        try writeReferences(of: payload, incoming: incoming)
        try writeLinks(of: payload, incoming: incoming)
        return try id(in: tableName, uuid: uuid).map(DatabaseValue.integer)
    }

    private func id(in table: String, uuid: DatabaseValue) throws -> Int64? {
        try db.fetchOne(Int64.self, "SELECT id FROM \(table) WHERE uuid = ?", [uuid])
    }
}
