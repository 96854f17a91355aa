package import SQLiteDB

/// The catalog's tables (books, authors, genres, bands, their links, source records, the search index, the change
/// log): the migrations in `Migrations/Catalog/`, embedded into this module at build time.
///
/// A catalog database also holds the navigation tables; `DatabaseSchema` composes both into the one migrator that
/// opens it.
package enum CatalogSchema {
    /// The catalog's migrations, by version.
    package static var migrations: [Migration] { embedded }
}
