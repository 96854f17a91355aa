public import Catalog
public import SQLiteDB

/// A server's catalog file taking a client's offline changes straight from the library (`catalog sync --from
/// server.sqlite`): each applied by `CatalogEditor.apply(_:)`, recorded as `actor` "from client …".
public struct ServerFileUploads: UploadTarget {
    /// The server's catalog.
    public let database: any DatabaseWriter
    /// Who the changes are recorded as made by.
    public let actor: String

    /// The server file in `database`, its changes recorded as made by `actor`.
    public init(_ database: any DatabaseWriter, actor: String) {
        self.database = database
        self.actor = actor
    }

    public func databaseUUID() throws -> String {
        try ChangeFeed(database).databaseUUID()
    }

    public func upload(_ batch: UploadBatch) throws -> [UploadAnswer] {
        try database.writeWithoutTransaction { db in
            try CatalogEditor(db, actor: "\(actor) from client \(batch.client)").apply(batch)
        }
    }
}
