package import SQLInterface

/// The description of one entity table (`books`, `authors`, `genres`, `bands`): its columns, unique keys and the
/// link tables a change of the entity carries. The model's row decoding, the repositories' SELECT lists and
/// writes, the change payload and the sync's upsert are all derived from it, once, when it is built.
///
/// Every entity table has `id`, `uuid`, `created_at` and `updated_at`; a description lists the columns in between
/// (its fields), in the order the model reads them.
///
/// A class, immutable: every change payload points at its table's description, and copying a payload copies one
/// reference, not the twenty-odd strings and arrays derived here.
package final class EntityTable: Sendable {
    /// The kind of entity the table holds.
    package let kind: EntityKind
    /// The table's name: `books`.
    package let name: String
    /// The alias the derived SQL gives the table: `b`.
    package let alias: String
    /// The columns between `id, uuid` and `created_at, updated_at`.
    package let fields: [TableColumn]
    /// The link tables a change of the entity carries, each under its key.
    package let links: [LinkTable]

    /// Every column: `id`, `uuid`, the fields, `created_at`, `updated_at`.
    package let columns: [TableColumn]
    /// The columns the model reads, in the order of ``selection``.
    package let modelColumns: [TableColumn]
    /// The position of each model column in a row of ``selection``, by SQL name.
    private let modelPositions: [String: Int]
    /// The columns a change carries, uuid first, in the order of ``payloadSelection``.
    package let payloadColumns: [TableColumn]

    /// The table under its alias: `books b`.
    package let from: String
    /// The model's columns qualified by the alias: `b.id, b.uuid, …`.
    package let selection: String
    /// `RETURNING id, uuid, …`: a written row as the model reads it.
    package let returning: String
    /// The model's columns of the row whose id is the parameter.
    package let selectByID: String
    /// The model's columns of the row whose uuid is the parameter.
    package let selectByUUID: String
    /// The fields a draft sets, in order: the values of the repositories' INSERT and UPDATE.
    package let draftColumns: [TableColumn]
    /// Inserts a row from the uuid then the draft's fields, in order, and returns it.
    package let insert: String
    /// ``insert`` without its RETURNING clause, for a writer that needs only the new rowid (an import): SQLite
    /// then has no returned row to collect for every insert.
    package let insertReturningNothing: String
    /// Sets the draft's fields, in order, and `updated_at` of the row whose id is the last parameter, and returns
    /// it.
    package let update: String

    /// The payload columns, references as uuids.
    package let payloadSelection: UUIDSelection
    /// The payload columns of the row whose uuid is the parameter.
    package let selectPayload: String
    /// Writes a payload's columns (references apart) to the row of the same uuid, inserting it when there is none,
    /// and leaves a row that already holds these values untouched (no write, no change logged).
    package let upsert: String
    /// The positions in ``payloadColumns`` of the upsert's parameters, in order.
    package let upsertPositions: [Int]
    /// The reference columns among ``payloadColumns``: position, column and the table it points at.
    package let references: [(position: Int, column: String, table: String)]
    /// The unique columns other than the uuid among ``payloadColumns``: position, column and what makes it unique.
    package let uniqueKeys: [(position: Int, column: TableColumn, unique: UniqueKey)]
    /// The columns a detail shows (those with a ``FieldPresentation``) and the SELECT that reads them.
    package let factSelection: FactSelection

    /// Describes an entity table and derives its SQL.
    package init(_ name: String, alias: String, kind: EntityKind, fields: [TableColumn], links: [LinkTable] = []) {
        self.kind = kind
        self.name = name
        self.alias = alias
        self.fields = fields
        self.links = links
        columns = [.rowID, .uuid] + fields + [.createdAt, .updatedAt]
        modelColumns = columns.filter(\.isModelField)
        modelPositions = Dictionary(modelColumns.enumerated().map { ($1.name, $0) }) { first, _ in first }
        payloadColumns = columns.filter(\.isInPayload)
        precondition(payloadColumns.first?.name == "uuid", "a change payload starts with the uuid")

        from = "\(name) \(alias)"
        selection = modelColumns.map { "\(alias).\($0.name)" }.joined(separator: ", ")
        returning = "RETURNING \(modelColumns.map(\.name).joined(separator: ", "))"
        selectByID = "SELECT \(selection) FROM \(from) WHERE \(alias).id = ?"
        selectByUUID = "SELECT \(selection) FROM \(from) WHERE \(alias).uuid = ?"
        draftColumns = fields.filter(\.isDraftField)
        let written = [TableColumn.uuid] + draftColumns
        insertReturningNothing = """
            INSERT INTO \(name) (\(written.map(\.name).joined(separator: ", "))) \
            VALUES (\(Self.parameters(written.count)))
            """
        insert = "\(insertReturningNothing) \(returning)"
        let assignments =
            draftColumns.map { "\($0.name) = ?" } + ["updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"]
        update = "UPDATE \(name) SET \(assignments.joined(separator: ", ")) WHERE id = ? \(returning)"

        payloadSelection = UUIDSelection(payloadColumns, of: name, alias: alias)
        selectPayload = "SELECT \(payloadSelection.list) FROM \(payloadSelection.from) WHERE \(alias).uuid = ?"
        let positioned = Array(payloadColumns.enumerated())
        let direct = positioned.filter { $0.element.references == nil }
        upsertPositions = direct.map(\.offset)
        upsert = Self.upsertStatement(name, direct.map(\.element.name))
        references = positioned.compactMap { position, column in
            column.references.map { (position, column.name, $0) }
        }
        uniqueKeys = positioned.compactMap { position, column in column.unique.map { (position, column, $0) } }
        factSelection = FactSelection(fields, of: name, alias: alias)
    }

    /// The position of model column `column` (its SQL name) in a row of ``selection``: how a model's decoder
    /// (``EntityRow``) finds its fields.
    package func position(of column: String) -> Int {
        guard let position = modelPositions[column] else {
            preconditionFailure("\(name) has no model column \(column)")
        }
        return position
    }

    /// The position of the column whose key is `key` in ``payloadColumns``, or `nil`.
    package func payloadPosition(ofKey key: String) -> Int? {
        payloadColumns.firstIndex { $0.key == key }
    }

    /// This description with `column` added after the fields: what adding a column to the table takes.
    package func adding(_ column: TableColumn) -> EntityTable {
        EntityTable(name, alias: alias, kind: kind, fields: fields + [column], links: links)
    }

    static func parameters(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// ``upsert`` as `dialect` takes it: PostgreSQL spells SQLite's `IS NOT` (which compares NULLs) `IS DISTINCT
    /// FROM`.
    package func upsert(_ dialect: SQLDialect) -> String {
        dialect == .sqlite
            ? upsert
            : Self.upsertStatement(name, upsertPositions.map { payloadColumns[$0].name }, differs: "IS DISTINCT FROM")
    }

    private static func upsertStatement(_ table: String, _ columns: [String], differs: String = "IS NOT") -> String {
        let assigned = columns.filter { $0 != "uuid" }
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(parameters(columns.count))) \
            ON CONFLICT (uuid) DO UPDATE SET \(assigned.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")) \
            WHERE \(assigned.map { "\(table).\($0) \(differs) excluded.\($0)" }.joined(separator: " OR "))
            """
    }
}
