package import Catalog
package import PostgreSQLDB

extension CatalogEditor {
    /// An editor of the catalog in the PostgreSQL database of `connection` (migrated to 0006_catalog_edits.sql)
    /// acting for `actor`: the same statements as on SQLite, each edit in one transaction of `connection` (a
    /// savepoint inside one already open).
    ///
    /// ```swift
    /// let editor = CatalogEditor(postgreSQL: connection, actor: "ada")
    /// try editor.merge(.author, uuid: twainMark, into: twain)
    /// ```
    package init(postgreSQL connection: PostgreSQLConnection, actor: String) {
        self.init(connection, actor: actor) { body in try connection.transaction(body) }
    }
}
