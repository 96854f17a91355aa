import Foundation
import SQLInterface

/// A row of an entity table's model columns (``EntityTable/selection``), each read by its SQL name at the position
/// the table's description gives it: the reading every model's decoder shares, so a model lists only its fields.
struct EntityRow<Columns: SQLColumns> {
    let columns: Columns
    let table: EntityTable

    init(_ columns: Columns, of table: EntityTable) {
        self.columns = columns
        self.table = table
    }

    /// The row id.
    var id: Int64 { get throws { try columns.requiredInt64(at: table.position(of: "id")) } }
    /// The public identity.
    var uuid: UUID { get throws { try columns.uuid(at: table.position(of: "uuid")) } }
    /// When the row was created.
    var createdAt: Date { get throws { try columns.time(at: table.position(of: "created_at")) } }
    /// When the row last changed.
    var updatedAt: Date { get throws { try columns.time(at: table.position(of: "updated_at")) } }

    /// Column `name` as text that must be there.
    func requiredString(_ name: String) throws -> String {
        try columns.requiredString(at: table.position(of: name))
    }

    /// Column `name` as text, or `nil`.
    func string(_ name: String) -> String? {
        columns.string(at: table.position(of: name))
    }

    /// Column `name` as an integer, or `nil`.
    func int(_ name: String) -> Int? {
        columns.int(at: table.position(of: name))
    }

    /// Column `name` as a row id, or `nil`.
    func int64(_ name: String) -> Int64? {
        columns.int64(at: table.position(of: name))
    }
}
