package import Catalog

/// A catalog store taking a client's offline changes through its editor, as the HTTP API does: what `catalog sync
/// --from postgres://…` uploads to. Each change is recorded as made by "`actor` from client …".
package struct StoreUploads: UploadTarget {
    /// The server's catalog.
    let store: any CatalogEditing & ChangeFeedStore
    /// Who the changes are recorded as made by.
    let actor: String

    package init(_ store: any CatalogEditing & ChangeFeedStore, actor: String) {
        self.store = store
        self.actor = actor
    }

    package func databaseUUID() throws -> String {
        try store.databaseUUID()
    }

    package func upload(_ batch: UploadBatch) throws -> [UploadAnswer] {
        try store.editing(as: "\(actor) from client \(batch.client)") { try $0.apply(batch) }
    }
}
