package import SQLiteDB

/// One column of a catalog table: its SQL name, its key in Swift and in the change feed's JSON, and who reads it.
package struct TableColumn: Sendable {
    /// The type of the column's values in a change payload.
    package enum ValueType: Sendable {
        case integer
        case text
    }

    /// The name in SQL: `sort_title`.
    package let name: String
    /// The name in Swift and in a change payload's JSON: `sortTitle`.
    package let key: String
    /// The type of the values a change carries: a reference column carries the referenced row's uuid, text.
    package let type: ValueType
    /// Whether the column is NOT NULL: a change must carry it.
    package let isRequired: Bool
    /// Whether the model type (``Book`` …) has a field for it, so the repositories select it.
    package let isModelField: Bool
    /// Whether a draft (``BookDraft`` …) sets it, so the repositories' INSERT and UPDATE write it; a column no
    /// draft sets keeps its default, or what another writer (sync, another client) gave it.
    package let isDraftField: Bool
    /// Whether a change carries it, so sync writes it.
    package let isInPayload: Bool
    /// The table whose row id the column holds (`genres` for `parent_id`): a change carries that row's uuid.
    package let references: String?
    /// Set when no two rows may hold the same value (other than the uuid, which every entity table has).
    package let unique: UniqueKey?
    /// Set when a detail shows the column: its label and how its value reads (``shown(_:as:)``).
    package var presentation: FieldPresentation? = nil

    /// A TEXT column.
    package static func text(
        _ name: String, key: String, required: Bool = false, inModel: Bool = true, inDraft: Bool = true,
        inPayload: Bool = true, unique: UniqueKey? = nil
    ) -> TableColumn {
        TableColumn(
            name: name, key: key, type: .text, isRequired: required, isModelField: inModel, isDraftField: inDraft,
            isInPayload: inPayload, references: nil, unique: unique)
    }

    /// An INTEGER column.
    package static func integer(
        _ name: String, key: String, required: Bool = false, inModel: Bool = true, inDraft: Bool = true,
        inPayload: Bool = true
    ) -> TableColumn {
        TableColumn(
            name: name, key: key, type: .integer, isRequired: required, isModelField: inModel, isDraftField: inDraft,
            isInPayload: inPayload, references: nil, unique: nil)
    }

    /// An INTEGER column holding the row id of a row of `table`; a change carries that row's uuid under `key`,
    /// since row ids differ from one copy of the database to the next.
    package static func reference(
        _ name: String, key: String, to table: String, required: Bool = false, inModel: Bool = true,
        inDraft: Bool = true
    ) -> TableColumn {
        TableColumn(
            name: name, key: key, type: .text, isRequired: required, isModelField: inModel, isDraftField: inDraft,
            isInPayload: true, references: table, unique: nil)
    }

    /// The row id: the model's `id`; never in a change, since it differs between copies.
    static let rowID = integer("id", key: "id", required: true, inDraft: false, inPayload: false)
    /// The public identity of an entity: a draft may give it to a new row, never change it.
    static let uuid = text("uuid", key: "uuid", required: true, inDraft: false)
    /// When the row was created (ISO 8601 text, set by the database).
    static let createdAt = text("created_at", key: "createdAt", required: true, inDraft: false)
    /// When the row last changed (ISO 8601 text, set by every UPDATE).
    static let updatedAt = text("updated_at", key: "updatedAt", required: true, inDraft: false)

    /// Column `index` of `row` as the type a change carries: NULL for an optional column that holds none (or a
    /// value of another storage class, which a change leaves out too).
    ///
    /// - Throws: ``RowDecodingError`` when a required column holds no value of its type.
    package func value(in row: Row, at index: Int) throws -> DatabaseValue {
        switch (type, isRequired) {
        case (.integer, true): .integer(try row.value(at: index))
        case (.integer, false): (row[index] as Int64?).map(DatabaseValue.integer) ?? .null
        case (.text, true): .text(try row.value(at: index))
        case (.text, false): (row[index] as String?).map(DatabaseValue.text) ?? .null
        }
    }
}

/// A column whose values are unique in its table, and how two rows that hold the same value are described.
package struct UniqueKey: Sendable {
    /// The clash in words, given the value: "both have ISBN 9780…".
    package let describeClash: @Sendable (String) -> String

    package init(describeClash: @escaping @Sendable (String) -> String) {
        self.describeClash = describeClash
    }
}
