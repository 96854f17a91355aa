import Catalog
import Foundation
public import SQLiteDB

/// A client copy's own writes, waiting to be uploaded to its server (`upload_queue`, 0015_upload_queue.sql).
///
/// Triggers record every write, whoever makes it (the library, the command line, the sqlite3 shell), on a client
/// only (a `sync_state` row) and never while sync writes the server's changes (`sync_state.applying`). They are made
/// here from the table descriptions: the fields an edit may set (`EntityEdit`'s keys, references as uuids) and the
/// lists (`LinkTable`), so a new field is a migration and a line in the description, not a trigger to write.
///
/// Reading the queue makes one `UploadedChange` per entity: each field's first old value and last new one, the
/// lists whole before and after, a create, delete or merge as the writes left it.
public enum UploadQueue {
    /// Makes (again) the triggers that record local writes. Run when a snapshot is made and at every sync, so a
    /// client made by an older version records every field this one knows.
    ///
    /// - Throws: `DatabaseError`.
    public static func installTriggers(in db: Database) throws {
        // A copy whose schema is older than the queue's migration records nothing until it is migrated.
        guard try db.tableExists("upload_queue") else { return }
        let installed = try db.fetchAll(
            String.self, "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'upload\\_%' ESCAPE '\\'")
        let wanted = triggers
        // Unchanged, they stay: a schema change makes every connection prepare its statements again.
        guard Set(installed) != Set(wanted) else { return }
        let names = try db.fetchAll(
            String.self, "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'upload\\_%' ESCAPE '\\'")
        for name in names { try db.execute("DROP TRIGGER \"\(name)\"") }
        for sql in wanted { try db.execute(sql) }
    }

    /// Whether the triggers run here: recording happens on a client whose triggers were installed.
    static func isRecording(in db: Database) throws -> Bool {
        try db.fetchOne(
            Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'upload\\_%' ESCAPE '\\'"
        ) ?? 0 > 0
    }

    /// The writes that wait: queued, and frozen for an upload but not answered yet.
    static func waiting(in db: Database) throws -> Int {
        // Entities, as the change log counts them: a write of three fields is one change.
        try db.fetchOne(
            Int.self,
            """
            SELECT (SELECT count(*) FROM (SELECT DISTINCT entity_kind, uuid FROM upload_queue))
                + (SELECT count(*) FROM upload_sent)
            """) ?? 0
    }

    // MARK: Triggers

    /// Only on a client, and not while sync applies the server's changes.
    private static let guardClause = "WHEN (SELECT applying FROM sync_state WHERE id = 1) = 0"

    private static let insertRow = "INSERT INTO upload_queue (entity_kind, uuid, operation, base_seq, field, old, new)"

    /// The SQL of every trigger.
    static var triggers: [String] {
        CatalogTables.entities.flatMap(entityTriggers) + CatalogTables.entities.flatMap(linkTriggers)
            + CatalogTables.entities.compactMap(deleteConsequencesTrigger) + [mergeTrigger]
    }

    /// The server sequence the copy stands at: the base of a write made now.
    private static let base = "(SELECT last_seq FROM sync_state WHERE id = 1)"

    /// The value of `column` in the row `row` (`OLD` or `NEW`) as an edit's text: a reference as the uuid it names.
    private static func value(_ column: TableColumn, of row: String) -> String {
        guard let table = column.references else { return "CAST(\(row).\(column.name) AS TEXT)" }
        return "(SELECT uuid FROM \(table) WHERE id = \(row).\(column.name))"
    }

    private static func fields(of table: EntityTable) -> [TableColumn] {
        FieldPatch.keys(of: table.kind).compactMap { key in table.fields.first { $0.key == key } }
    }

    private static func entityTriggers(_ table: EntityTable) -> [String] {
        let kind = table.kind.rawValue
        let fields = fields(of: table)
        let created = fields.map { "SELECT '\($0.key)' AS field, \(value($0, of: "NEW")) AS new" }
        let changed = fields.map {
            "SELECT '\($0.key)' AS field, \(value($0, of: "OLD")) AS old, \(value($0, of: "NEW")) AS new"
        }
        return [
            """
            CREATE TRIGGER upload_\(table.name)_insert AFTER INSERT ON \(table.name) \(guardClause)
            BEGIN
                \(insertRow) VALUES ('\(kind)', NEW.uuid, 'create', \(base), NULL, NULL, NULL);
                \(insertRow) SELECT '\(kind)', NEW.uuid, 'create', \(base), field, NULL, new
                FROM (\(created.joined(separator: " UNION ALL "))) WHERE new IS NOT NULL;
            END
            """,
            """
            CREATE TRIGGER upload_\(table.name)_update AFTER UPDATE ON \(table.name) \(guardClause)
            BEGIN
                \(insertRow) SELECT '\(kind)', NEW.uuid, 'update', \(base), field, old, new
                FROM (\(changed.joined(separator: " UNION ALL "))) WHERE old IS NOT new;
                -- A write that changed no field still moved updated_at: the entity is read again from the server.
                \(insertRow) SELECT '\(kind)', NEW.uuid, 'update', \(base), NULL, NULL, NULL
                WHERE OLD.updated_at IS NOT NEW.updated_at;
            END
            """,
            """
            CREATE TRIGGER upload_\(table.name)_delete AFTER DELETE ON \(table.name) \(guardClause)
            BEGIN
                \(insertRow) VALUES ('\(kind)', OLD.uuid, 'delete', \(base), NULL, NULL, NULL);
            END
            """,
        ]
    }

    /// A list entry as JSON: the author or genre's uuid, the role of a credit, the position; `row` is `OLD`, `NEW` or
    /// the link table's name.
    private static func entry(of link: LinkTable, _ row: String) -> String {
        let members = link.columns.map { column in
            column.references == nil ? "'\(column.key)', \(row).\(column.name)" : "'uuid', \(value(column, of: row))"
        }
        return "json_object(\(members.joined(separator: ", ")))"
    }

    /// The uuid a list entry names (`old` or `new`, one of them NULL): NULL when its author or genre is being
    /// deleted, whose delete recorded the entry's removal before it (``deleteConsequencesTrigger(_:)``).
    private static func named(_ old: String, _ new: String) -> String {
        "coalesce(\(old), \(new)) ->> 'uuid'"
    }

    /// A list entry added or removed, recorded on its owner (as ``entry(of:_:)``).
    private static func linkTriggers(_ table: EntityTable) -> [String] {
        table.links.flatMap { link -> [String] in
            let entry = { (row: String) in self.entry(of: link, row) }
            let owner = { (row: String) in "(SELECT uuid FROM \(table.name) WHERE id = \(row).\(link.owner.name))" }
            let record = { (row: String, old: String, new: String) in
                """
                \(insertRow) SELECT '\(table.kind.rawValue)', owner, 'update', \(base), '\(link.key)', \(old), \(new)
                FROM (SELECT \(owner(row)) AS owner) WHERE owner IS NOT NULL AND \(named(old, new)) IS NOT NULL;
                """
            }
            return [
                """
                CREATE TRIGGER upload_\(link.name)_insert AFTER INSERT ON \(link.name) \(guardClause)
                BEGIN \(record("NEW", "NULL", entry("NEW"))) END
                """,
                """
                CREATE TRIGGER upload_\(link.name)_delete AFTER DELETE ON \(link.name) \(guardClause)
                BEGIN \(record("OLD", entry("OLD"), "NULL")) END
                """,
                """
                CREATE TRIGGER upload_\(link.name)_update
                AFTER UPDATE OF \(link.columns.map(\.name).joined(separator: ", ")) ON \(link.name) \(guardClause)
                BEGIN \(record("OLD", entry("OLD"), "NULL")) \(record("NEW", "NULL", entry("NEW"))) END
                """,
            ]
        }
    }

    /// What deleting an author or genre does to the entries that name it, recorded before it happens (after it, the
    /// name is gone): the lists that lose it (its credits, a book's or band's genres) and the genres whose parent it
    /// was. The server may keep the entry (a conflict), so the owners' changes travel as changes of their own.
    private static func deleteConsequencesTrigger(_ table: EntityTable) -> String? {
        let naming = CatalogTables.entities.flatMap { owner in
            owner.links.flatMap { link in
                link.columns.filter { $0.references == table.name }.map { column in
                    """
                    \(insertRow) SELECT '\(owner.kind.rawValue)', (SELECT uuid FROM \(owner.name) WHERE id = \(link.name).\(link.owner.name)),
                        'update', \(base), '\(link.key)', \(entry(of: link, link.name)), NULL
                    FROM \(link.name) WHERE \(column.name) = OLD.id;
                    """
                }
            }
        }
        let children = CatalogTables.entities.flatMap { owner in
            fields(of: owner).filter { $0.references == table.name }.map { column in
                """
                \(insertRow) SELECT '\(owner.kind.rawValue)', uuid, 'update', \(base), '\(column.key)', OLD.uuid, NULL
                FROM \(owner.name) WHERE \(column.name) = OLD.id;
                """
            }
        }
        guard !(naming + children).isEmpty else { return nil }
        return """
            CREATE TRIGGER upload_\(table.name)_delete_consequences BEFORE DELETE ON \(table.name) \(guardClause)
            BEGIN
                \((naming + children).joined(separator: "\n    "))
            END
            """
    }

    /// A local merge: one change of its own (the delete and list moves it makes are its consequences).
    private static let mergeTrigger = """
        CREATE TRIGGER upload_entity_merges_insert AFTER INSERT ON entity_merges \(guardClause)
        BEGIN
            \(insertRow) VALUES (NEW.entity_kind, NEW.uuid, 'merge', \(base), NULL, NULL, NEW.merged_into);
        END
        """
}
